export const metafieldsSdl = /* GraphQL */ `
  interface HasMetafields {
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

  enum MetafieldOwnerType {
    PRODUCT
    PRODUCTVARIANT
    ORDER
    SHOP
  }

  type Metafield implements Node & LegacyInteroperability {
    id: ID!
    legacyResourceId: UnsignedInt64!
    namespace: String!
    key: String!
    type: String!
    value: String!
    jsonValue: JSON!
    compareDigest: String!
    ownerType: MetafieldOwnerType!
    owner: HasMetafields!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type MetafieldEdge {
    cursor: String!
    node: Metafield!
  }

  type MetafieldConnection {
    edges: [MetafieldEdge!]!
    nodes: [Metafield!]!
    pageInfo: PageInfo!
  }

  input MetafieldsSetInput {
    ownerId: ID!
    namespace: String
    key: String!
    value: String!
    type: String
    compareDigest: String
  }

  enum MetafieldsSetUserErrorCode {
    APP_NOT_AUTHORIZED
    BLANK
    INCLUSION
    INVALID_TYPE
    INVALID_VALUE
    LESS_THAN_OR_EQUAL_TO
    PRESENT
    STALE_OBJECT
    TAKEN
    TOO_LONG
    TOO_SHORT
  }

  type MetafieldsSetUserError implements DisplayableError {
    code: MetafieldsSetUserErrorCode
    elementIndex: Int
    field: [String!]
    message: String!
  }

  type MetafieldsSetPayload {
    metafields: [Metafield!]
    userErrors: [MetafieldsSetUserError!]!
  }

  extend type Mutation {
    metafieldsSet(metafields: [MetafieldsSetInput!]!): MetafieldsSetPayload
  }
`;
