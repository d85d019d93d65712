export const ordersSdl = /* GraphQL */ `
  enum OrderDisplayFinancialStatus {
    AUTHORIZED
    EXPIRED
    PAID
    PARTIALLY_PAID
    PARTIALLY_REFUNDED
    PENDING
    REFUNDED
    VOIDED
  }

  enum OrderDisplayFulfillmentStatus {
    FULFILLED
    IN_PROGRESS
    ON_HOLD
    OPEN
    PARTIALLY_FULFILLED
    PENDING_FULFILLMENT
    REQUEST_DECLINED
    RESTOCKED
    SCHEDULED
    UNFULFILLED
  }

  enum OrderSortKeys {
    CREATED_AT
    ID
    ORDER_NUMBER
    PROCESSED_AT
    RELEVANCE
    TOTAL_PRICE
    UPDATED_AT
  }

  type MailingAddress implements Node {
    id: ID!
    firstName: String
    lastName: String
    name: String
    company: String
    address1: String
    address2: String
    city: String
    province: String
    provinceCode: String
    zip: String
    country: String
    countryCodeV2: CountryCode
    phone: String
    latitude: Float
    longitude: Float
    formatted(withName: Boolean = false, withCompany: Boolean = true): [String!]!
  }

  type LineItem implements Node {
    id: ID!
    name: String!
    title: String!
    variantTitle: String
    sku: String
    vendor: String
    quantity: Int!
    currentQuantity: Int!
    unfulfilledQuantity: Int!
    requiresShipping: Boolean!
    taxable: Boolean!
    originalUnitPriceSet: MoneyBag!
    variant: ProductVariant
    product: Product
  }

  type LineItemEdge {
    cursor: String!
    node: LineItem!
  }

  type LineItemConnection {
    edges: [LineItemEdge!]!
    nodes: [LineItem!]!
    pageInfo: PageInfo!
  }

  type ShippingLine {
    id: ID
    title: String!
    code: String
    source: String
    carrierIdentifier: String
    originalPriceSet: MoneyBag!
    discountedPriceSet: MoneyBag!
  }

  type ShippingLineEdge {
    cursor: String!
    node: ShippingLine!
  }

  type ShippingLineConnection {
    edges: [ShippingLineEdge!]!
    nodes: [ShippingLine!]!
    pageInfo: PageInfo!
  }

  type Order implements Node & HasMetafields & LegacyInteroperability {
    id: ID!
    legacyResourceId: UnsignedInt64!
    name: String!
    email: String
    phone: String
    createdAt: DateTime!
    updatedAt: DateTime!
    processedAt: DateTime!
    cancelledAt: DateTime
    closed: Boolean!
    test: Boolean!
    tags: [String!]!
    note: String
    currencyCode: CurrencyCode!
    displayFinancialStatus: OrderDisplayFinancialStatus
    displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
    requiresShipping: Boolean!
    subtotalPriceSet: MoneyBag
    totalPriceSet: MoneyBag!
    shippingAddress: MailingAddress
    shippingLine: ShippingLine
    shippingLines(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      includeRemovals: Boolean = false
    ): ShippingLineConnection!
    lineItems(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): LineItemConnection!
    fulfillmentOrders(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      displayable: Boolean = false
      query: String
    ): FulfillmentOrderConnection!
    fulfillments(first: Int): [Fulfillment!]!
    metafield(namespace: String, key: String!): Metafield
    metafields(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      namespace: String
      keys: [String!]
    ): MetafieldConnection!
  }

  type OrderEdge {
    cursor: String!
    node: Order!
  }

  type OrderConnection {
    edges: [OrderEdge!]!
    nodes: [Order!]!
    pageInfo: PageInfo!
  }

  extend type Query {
    order(id: ID!): Order
    orders(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: OrderSortKeys = PROCESSED_AT
      query: String
      savedSearchId: ID
    ): OrderConnection!
  }
`;
