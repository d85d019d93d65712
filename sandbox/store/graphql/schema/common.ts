/**
 * Shared Admin API types. Names, nullability and arguments follow Shopify's Admin GraphQL API
 * 2026-10 so that a document Shopify would reject is rejected here too. Enums list only the
 * values this store can produce, except where a query may name others (sort keys, units).
 */
export const commonSdl = /* GraphQL */ `
  scalar DateTime
  scalar URL
  scalar Money
  scalar Decimal
  scalar JSON
  scalar UnsignedInt64
  scalar HTML

  interface Node {
    id: ID!
  }

  interface LegacyInteroperability {
    legacyResourceId: UnsignedInt64!
  }

  interface DisplayableError {
    field: [String!]
    message: String!
  }

  type UserError implements DisplayableError {
    field: [String!]
    message: String!
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  enum CurrencyCode {
    MXN
    USD
    CAD
    EUR
    GBP
  }

  enum CountryCode {
    MX
    US
    CA
    GT
    BZ
    ES
  }

  type MoneyV2 {
    amount: Decimal!
    currencyCode: CurrencyCode!
  }

  type MoneyBag {
    shopMoney: MoneyV2!
    presentmentMoney: MoneyV2!
  }

  enum WeightUnit {
    GRAMS
    KILOGRAMS
    OUNCES
    POUNDS
  }

  type Weight {
    unit: WeightUnit!
    value: Float!
  }

  enum CountPrecision {
    AT_LEAST
    EXACT
  }

  type Count {
    count: Int!
    precision: CountPrecision!
  }

  enum CropRegion {
    BOTTOM
    CENTER
    LEFT
    REGION
    RIGHT
    TOP
  }

  enum ImageContentType {
    JPG
    PNG
    WEBP
  }

  input ImageTransformInput {
    crop: CropRegion
    maxWidth: Int
    maxHeight: Int
    scale: Int = 1
    preferredContentType: ImageContentType
  }

  type Image {
    id: ID
    altText: String
    url(transform: ImageTransformInput): URL!
    width: Int
    height: Int
  }

  type ImageEdge {
    cursor: String!
    node: Image!
  }

  type ImageConnection {
    edges: [ImageEdge!]!
    nodes: [Image!]!
    pageInfo: PageInfo!
  }

  type ShopPlan {
    displayName: String! @deprecated(reason: "Use publicDisplayName instead.")
    publicDisplayName: String!
    partnerDevelopment: Boolean!
    shopifyPlus: Boolean!
  }

  type Shop implements Node & HasMetafields {
    id: ID!
    name: String!
    email: String!
    contactEmail: String!
    myshopifyDomain: String!
    url: URL!
    currencyCode: CurrencyCode!
    ianaTimezone: String!
    weightUnit: WeightUnit!
    plan: ShopPlan!
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

  type Query {
    shop: Shop!
    node(id: ID!): Node
    nodes(ids: [ID!]!): [Node]!
  }

  type Mutation {
    tagsAdd(id: ID!, tags: [String!]!): TagsAddPayload
    tagsRemove(id: ID!, tags: [String!]!): TagsRemovePayload
  }

  type TagsAddPayload {
    node: Node
    userErrors: [UserError!]!
  }

  type TagsRemovePayload {
    node: Node
    userErrors: [UserError!]!
  }
`;
