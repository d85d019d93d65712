/** Delivery profiles as Admin API 2026-10 names them (checked against @shopify/dev-mcp's admin_2026-10). */
export const deliveryProfilesSdl = /* GraphQL */ `
  type ShopFeatures {
    marketDrivenShipping: Boolean!
  }

  extend type Shop {
    features: ShopFeatures!
  }

  type DeliveryCountryCodeOrRestOfWorld {
    countryCode: CountryCode
    restOfWorld: Boolean!
  }

  type DeliveryProvince implements Node {
    id: ID!
    code: String!
    name: String!
    translatedName: String!
  }

  type DeliveryCountry implements Node {
    id: ID!
    code: DeliveryCountryCodeOrRestOfWorld!
    name: String!
    translatedName: String!
    provinces: [DeliveryProvince!]!
  }

  type DeliveryZone implements Node {
    id: ID!
    name: String!
    countries: [DeliveryCountry!]!
  }

  type DeliveryParticipant implements Node {
    id: ID!
    adaptToNewServicesFlag: Boolean!
    carrierService: DeliveryCarrierService!
    fixedFee: MoneyV2
    percentageOfRateFee: Float!
  }

  type DeliveryRateDefinition implements Node {
    id: ID!
    price: MoneyV2!
  }

  union DeliveryRateProvider = DeliveryParticipant | DeliveryRateDefinition

  type DeliveryMethodDefinition implements Node {
    id: ID!
    name: String!
    description: String
    active: Boolean!
    rateProvider: DeliveryRateProvider!
  }

  type DeliveryMethodDefinitionEdge {
    cursor: String!
    node: DeliveryMethodDefinition!
  }

  type DeliveryMethodDefinitionConnection {
    edges: [DeliveryMethodDefinitionEdge!]!
    nodes: [DeliveryMethodDefinition!]!
    pageInfo: PageInfo!
  }

  type DeliveryMethodDefinitionCounts {
    participantDefinitionsCount: Int!
    rateDefinitionsCount: Int!
  }

  enum DeliveryMethodDefinitionType {
    MERCHANT
    PARTICIPANT
  }

  enum MethodDefinitionSortKeys {
    ID
    RATE_PROVIDER_TYPE
  }

  type DeliveryLocationGroupZone {
    zone: DeliveryZone!
    methodDefinitionCounts: DeliveryMethodDefinitionCounts!
    methodDefinitions(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      eligible: Boolean
      type: DeliveryMethodDefinitionType
      sortKey: MethodDefinitionSortKeys = ID
    ): DeliveryMethodDefinitionConnection!
  }

  type DeliveryLocationGroupZoneEdge {
    cursor: String!
    node: DeliveryLocationGroupZone!
  }

  type DeliveryLocationGroupZoneConnection {
    edges: [DeliveryLocationGroupZoneEdge!]!
    nodes: [DeliveryLocationGroupZone!]!
    pageInfo: PageInfo!
  }

  type DeliveryLocationGroup implements Node {
    id: ID!
    locations(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      includeInactive: Boolean = false
      includeLegacy: Boolean = false
    ): LocationConnection!
    locationsCount: Count
  }

  type DeliveryProfileLocationGroup {
    locationGroup: DeliveryLocationGroup!
    locationGroupZones(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
    ): DeliveryLocationGroupZoneConnection!
  }

  type DeliveryProfileItem implements Node {
    id: ID!
    product: Product!
    variants(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): ProductVariantConnection!
  }

  type DeliveryProfileItemEdge {
    cursor: String!
    node: DeliveryProfileItem!
  }

  type DeliveryProfileItemConnection {
    edges: [DeliveryProfileItemEdge!]!
    nodes: [DeliveryProfileItem!]!
    pageInfo: PageInfo!
  }

  type DeliveryProfile implements Node {
    id: ID!
    name: String!
    default: Boolean!
    coversAllItems: Boolean!
    version: Int!
    activeMethodDefinitionsCount: Int!
    originLocationCount: Int!
    zoneCountryCount: Int!
    locationsWithoutRatesCount: Int!
    productVariantsCount: Count
    profileItems(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
    ): DeliveryProfileItemConnection!
    profileLocationGroups(locationGroupId: ID): [DeliveryProfileLocationGroup!]!
    unassignedLocations: [Location!]!
  }

  type DeliveryProfileEdge {
    cursor: String!
    node: DeliveryProfile!
  }

  type DeliveryProfileConnection {
    edges: [DeliveryProfileEdge!]!
    nodes: [DeliveryProfile!]!
    pageInfo: PageInfo!
  }

  input DeliveryProvinceInput {
    code: String!
  }

  input DeliveryCountryInput {
    code: CountryCode
    includeAllProvinces: Boolean
    provinces: [DeliveryProvinceInput!]
    restOfWorld: Boolean
  }

  input MoneyInput {
    amount: Decimal!
    currencyCode: CurrencyCode!
  }

  input DeliveryParticipantInput {
    id: ID
    carrierServiceId: ID
    adaptToNewServices: Boolean
    fixedFee: MoneyInput
    percentageOfRateFee: Float
  }

  input DeliveryRateDefinitionInput {
    id: ID
    price: MoneyInput!
  }

  input DeliveryMethodDefinitionInput {
    id: ID
    name: String
    description: String
    active: Boolean
    rateDefinition: DeliveryRateDefinitionInput
    participant: DeliveryParticipantInput
  }

  input DeliveryLocationGroupZoneInput {
    id: ID
    name: String
    countries: [DeliveryCountryInput!]
    methodDefinitionsToCreate: [DeliveryMethodDefinitionInput!]
    methodDefinitionsToUpdate: [DeliveryMethodDefinitionInput!]
  }

  input DeliveryProfileLocationGroupInput {
    id: ID
    locations: [ID!]
    locationsToAdd: [ID!]
    locationsToRemove: [ID!]
    zonesToCreate: [DeliveryLocationGroupZoneInput!]
    zonesToUpdate: [DeliveryLocationGroupZoneInput!]
  }

  input DeliveryProfileInput {
    name: String
    coversAllItems: Boolean
    locationGroupsToCreate: [DeliveryProfileLocationGroupInput!]
    locationGroupsToUpdate: [DeliveryProfileLocationGroupInput!]
    locationGroupsToDelete: [ID!]
    zonesToDelete: [ID!]
    methodDefinitionsToDelete: [ID!]
    variantsToAssociate: [ID!]
    variantsToDissociate: [ID!]
  }

  type DeliveryProfileUpdatePayload {
    profile: DeliveryProfile
    userErrors: [UserError!]!
  }

  type DeliveryProfileCreatePayload {
    profile: DeliveryProfile
    userErrors: [UserError!]!
  }

  extend type Query {
    deliveryProfile(id: ID!): DeliveryProfile
    deliveryProfiles(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      merchantOwnedOnly: Boolean
    ): DeliveryProfileConnection!
  }

  extend type Mutation {
    deliveryProfileCreate(profile: DeliveryProfileInput!): DeliveryProfileCreatePayload
    deliveryProfileUpdate(id: ID!, profile: DeliveryProfileInput!): DeliveryProfileUpdatePayload
  }
`;
