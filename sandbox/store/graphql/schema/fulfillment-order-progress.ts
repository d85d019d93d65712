/** Reporting progress on a fulfilment order and marking it as open, with Shopify's 2026-10 names. */
export const fulfillmentOrderProgressSdl = /* GraphQL */ `
  input FulfillmentOrderReportProgressInput {
    reasonNotes: String
  }

  enum FulfillmentOrderReportProgressUserErrorCode {
    FULFILLMENT_ORDER_CONTAINS_PICKED_ITEMS
    FULFILLMENT_ORDER_INVALID_DELIVERY_METHOD
    FULFILLMENT_ORDER_INVALID_FULFILLMENT_SERVICE_OWNERSHIP
    FULFILLMENT_ORDER_NOT_FOUND
    FULFILLMENT_ORDER_STATUS_INVALID
    FULFILLMENT_ORDER_UNSUPPORTED_ACTION
    MARKETPLACE_APP_NOT_ELIGIBLE
  }

  type FulfillmentOrderReportProgressUserError {
    code: FulfillmentOrderReportProgressUserErrorCode
    field: [String!]
    message: String!
  }

  type FulfillmentOrderReportProgressPayload {
    fulfillmentOrder: FulfillmentOrder
    userErrors: [FulfillmentOrderReportProgressUserError!]!
  }

  type FulfillmentOrderOpenPayload {
    fulfillmentOrder: FulfillmentOrder
    userErrors: [UserError!]!
  }

  extend type Mutation {
    fulfillmentOrderReportProgress(
      id: ID!
      progressReport: FulfillmentOrderReportProgressInput
    ): FulfillmentOrderReportProgressPayload
    fulfillmentOrderOpen(id: ID!): FulfillmentOrderOpenPayload
  }
`;
