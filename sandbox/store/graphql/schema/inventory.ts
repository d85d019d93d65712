export const inventorySdl = /* GraphQL */ `
  type LocationAddress {
    address1: String
    address2: String
    city: String
    province: String
    provinceCode: String
    zip: String
    country: String
    countryCode: String
    phone: String
    formatted: [String!]!
  }

  type Location implements Node & LegacyInteroperability {
    id: ID!
    legacyResourceId: UnsignedInt64!
    name: String!
    isActive: Boolean!
    fulfillsOnlineOrders: Boolean!
    shipsInventory: Boolean!
    address: LocationAddress!
    inventoryLevel(inventoryItemId: ID!): InventoryLevel
  }

  type LocationEdge {
    cursor: String!
    node: Location!
  }

  type LocationConnection {
    edges: [LocationEdge!]!
    nodes: [Location!]!
    pageInfo: PageInfo!
  }

  type InventoryItemMeasurement implements Node {
    id: ID!
    weight: Weight
  }

  type InventoryItem implements Node & LegacyInteroperability {
    id: ID!
    legacyResourceId: UnsignedInt64!
    sku: String
    requiresShipping: Boolean!
    tracked: Boolean!
    harmonizedSystemCode: String
    countryCodeOfOrigin: CountryCode
    measurement: InventoryItemMeasurement!
    variant: ProductVariant! @deprecated(reason: "Use \`variants\` instead.")
    variants(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): ProductVariantConnection!
    inventoryLevel(locationId: ID!): InventoryLevel
    inventoryLevels(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      query: String
    ): InventoryLevelConnection!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type InventoryItemEdge {
    cursor: String!
    node: InventoryItem!
  }

  type InventoryItemConnection {
    edges: [InventoryItemEdge!]!
    nodes: [InventoryItem!]!
    pageInfo: PageInfo!
  }

  type InventoryQuantity implements Node {
    id: ID!
    name: String!
    quantity: Int!
    updatedAt: DateTime
  }

  type InventoryLevel implements Node {
    id: ID!
    location: Location!
    item: InventoryItem!
    quantities(names: [String!]!): [InventoryQuantity!]!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type InventoryLevelEdge {
    cursor: String!
    node: InventoryLevel!
  }

  type InventoryLevelConnection {
    edges: [InventoryLevelEdge!]!
    nodes: [InventoryLevel!]!
    pageInfo: PageInfo!
  }

  type InventoryChange {
    name: String!
    delta: Int!
    quantityAfterChange: Int
    item: InventoryItem
    location: Location
    ledgerDocumentUri: String
  }

  type InventoryAdjustmentGroup implements Node {
    id: ID!
    createdAt: DateTime!
    reason: String!
    referenceDocumentUri: String
    changes(inventoryItemIds: [ID!], locationIds: [ID!], quantityNames: [String!]): [InventoryChange!]!
  }

  "Since 2026-04 the compare-and-swap value is changeFromQuantity, which must be given (null opts out); compareQuantity and ignoreCompareQuantity are gone."
  input InventoryQuantityInput {
    inventoryItemId: ID!
    locationId: ID!
    quantity: Int!
    changeFromQuantity: Int
  }

  input InventorySetQuantitiesInput {
    reason: String!
    name: String!
    referenceDocumentUri: String
    quantities: [InventoryQuantityInput!]!
  }

  "Required at run time on inventory mutations since 2026-04; a repeated key returns the first result."
  directive @idempotent(key: String!) on FIELD

  enum InventorySetQuantitiesUserErrorCode {
    CHANGE_FROM_QUANTITY_STALE
    INVALID_INVENTORY_ITEM
    INVALID_LOCATION
    INVALID_NAME
    INVALID_QUANTITY_NEGATIVE
    INVALID_QUANTITY_TOO_HIGH
    INVALID_QUANTITY_TOO_LOW
    INVALID_REASON
    INVALID_REFERENCE_DOCUMENT
    ITEM_NOT_STOCKED_AT_LOCATION
    NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR
    NON_MUTABLE_INVENTORY_ITEM
  }

  type InventorySetQuantitiesUserError implements DisplayableError {
    code: InventorySetQuantitiesUserErrorCode
    field: [String!]
    message: String!
  }

  type InventorySetQuantitiesPayload {
    inventoryAdjustmentGroup: InventoryAdjustmentGroup
    userErrors: [InventorySetQuantitiesUserError!]!
  }

  extend type Query {
    inventoryItem(id: ID!): InventoryItem
    inventoryItems(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      query: String
    ): InventoryItemConnection!
    inventoryLevel(id: ID!): InventoryLevel
    location(id: ID): Location
    locations(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      query: String
      includeInactive: Boolean = false
      includeLegacy: Boolean = false
    ): LocationConnection!
  }

  type InventoryActivatePayload {
    inventoryLevel: InventoryLevel
    userErrors: [UserError!]!
  }

  extend type Mutation {
    inventorySetQuantities(input: InventorySetQuantitiesInput!): InventorySetQuantitiesPayload
    inventoryActivate(inventoryItemId: ID!, locationId: ID!, available: Int): InventoryActivatePayload
  }
`;
