export const carrierServicesSdl = /* GraphQL */ `
  type DeliveryCarrierService implements Node {
    id: ID!
    name: String
    formattedName: String
    callbackUrl: URL
    active: Boolean!
    supportsServiceDiscovery: Boolean!
  }

  type DeliveryCarrierServiceEdge {
    cursor: String!
    node: DeliveryCarrierService!
  }

  type DeliveryCarrierServiceConnection {
    edges: [DeliveryCarrierServiceEdge!]!
    nodes: [DeliveryCarrierService!]!
    pageInfo: PageInfo!
  }

  enum CarrierServiceSortKeys {
    CREATED_AT
    ID
    UPDATED_AT
  }

  input DeliveryCarrierServiceCreateInput {
    name: String!
    callbackUrl: URL!
    supportsServiceDiscovery: Boolean!
    active: Boolean!
  }

  input DeliveryCarrierServiceUpdateInput {
    id: ID!
    name: String
    callbackUrl: URL
    supportsServiceDiscovery: Boolean
    active: Boolean
  }

  enum CarrierServiceCreateUserErrorCode {
    CARRIER_SERVICE_CREATE_FAILED
  }

  enum CarrierServiceUpdateUserErrorCode {
    CARRIER_SERVICE_UPDATE_FAILED
  }

  enum CarrierServiceDeleteUserErrorCode {
    CARRIER_SERVICE_DELETE_FAILED
  }

  type CarrierServiceCreateUserError implements DisplayableError {
    code: CarrierServiceCreateUserErrorCode
    field: [String!]
    message: String!
  }

  type CarrierServiceUpdateUserError implements DisplayableError {
    code: CarrierServiceUpdateUserErrorCode
    field: [String!]
    message: String!
  }

  type CarrierServiceDeleteUserError implements DisplayableError {
    code: CarrierServiceDeleteUserErrorCode
    field: [String!]
    message: String!
  }

  type CarrierServiceCreatePayload {
    carrierService: DeliveryCarrierService
    userErrors: [CarrierServiceCreateUserError!]!
  }

  type CarrierServiceUpdatePayload {
    carrierService: DeliveryCarrierService
    userErrors: [CarrierServiceUpdateUserError!]!
  }

  type CarrierServiceDeletePayload {
    deletedId: ID
    userErrors: [CarrierServiceDeleteUserError!]!
  }

  extend type Query {
    carrierService(id: ID!): DeliveryCarrierService
    carrierServices(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: CarrierServiceSortKeys = ID
      query: String
    ): DeliveryCarrierServiceConnection!
  }

  extend type Mutation {
    carrierServiceCreate(input: DeliveryCarrierServiceCreateInput!): CarrierServiceCreatePayload
    carrierServiceUpdate(input: DeliveryCarrierServiceUpdateInput!): CarrierServiceUpdatePayload
    carrierServiceDelete(id: ID!): CarrierServiceDeletePayload
  }
`;
