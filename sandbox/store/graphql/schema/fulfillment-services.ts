export const fulfillmentServicesSdl = /* GraphQL */ `
  type FulfillmentService {
    id: ID!
    serviceName: String!
    handle: String!
    callbackUrl: URL
    trackingSupport: Boolean!
    inventoryManagement: Boolean!
    location: Location
  }

  enum FulfillmentOrderAssignmentStatus {
    CANCELLATION_REQUESTED
    FULFILLMENT_ACCEPTED
    FULFILLMENT_REQUESTED
    FULFILLMENT_UNSUBMITTED
  }

  enum FulfillmentOrderRejectionReason {
    INCORRECT_ADDRESS
    INELIGIBLE_PRODUCT
    INVENTORY_OUT_OF_STOCK
    OTHER
    UNDELIVERABLE_DESTINATION
  }

  enum FulfillmentServiceDeleteInventoryAction {
    DELETE
    KEEP
    TRANSFER
  }

  type FulfillmentServiceCreatePayload {
    fulfillmentService: FulfillmentService
    userErrors: [UserError!]!
  }

  type FulfillmentServiceDeletePayload {
    deletedId: ID
    userErrors: [UserError!]!
  }

  type FulfillmentOrderRequestPayload {
    fulfillmentOrder: FulfillmentOrder
    userErrors: [UserError!]!
  }

  extend type Query {
    fulfillmentService(id: ID!): FulfillmentService
    assignedFulfillmentOrders(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      assignmentStatus: FulfillmentOrderAssignmentStatus
      locationIds: [ID!]
    ): FulfillmentOrderConnection!
  }

  extend type Mutation {
    fulfillmentServiceCreate(
      name: String!
      callbackUrl: URL
      trackingSupport: Boolean = false
      inventoryManagement: Boolean = false
    ): FulfillmentServiceCreatePayload
    fulfillmentServiceDelete(
      id: ID!
      destinationLocationId: ID
      inventoryAction: FulfillmentServiceDeleteInventoryAction
    ): FulfillmentServiceDeletePayload
    fulfillmentOrderAcceptFulfillmentRequest(
      id: ID!
      message: String
      estimatedShippedAt: DateTime
    ): FulfillmentOrderRequestPayload
    fulfillmentOrderRejectFulfillmentRequest(
      id: ID!
      message: String
      reason: FulfillmentOrderRejectionReason
    ): FulfillmentOrderRequestPayload
    fulfillmentOrderAcceptCancellationRequest(id: ID!, message: String): FulfillmentOrderRequestPayload
    fulfillmentOrderRejectCancellationRequest(id: ID!, message: String): FulfillmentOrderRequestPayload
  }
`;
