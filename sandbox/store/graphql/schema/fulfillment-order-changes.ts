/** Changes to fulfilment orders and orders an app may make, with Shopify's 2026-01 names. */
export const fulfillmentOrderChangesSdl = /* GraphQL */ `
  enum FulfillmentOrderAction {
    CANCEL_FULFILLMENT_ORDER
    CREATE_FULFILLMENT
    EXTERNAL
    HOLD
    MARK_AS_OPEN
    MERGE
    MOVE
    RELEASE_HOLD
    REQUEST_CANCELLATION
    REQUEST_FULFILLMENT
    SPLIT
  }

  type FulfillmentOrderSupportedAction {
    action: FulfillmentOrderAction!
    externalUrl: URL
  }

  extend type FulfillmentOrder {
    supportedActions: [FulfillmentOrderSupportedAction!]!
  }

  enum FulfillmentOrderHoldUserErrorCode {
    DUPLICATE_FULFILLMENT_HOLD_HANDLE
    DUPLICATED_FULFILLMENT_ORDER_LINE_ITEMS
    FULFILLMENT_ORDER_HOLD_LIMIT_REACHED
    FULFILLMENT_ORDER_NOT_FOUND
    GREATER_THAN_ZERO
    INVALID_LINE_ITEM_QUANTITY
    TAKEN
  }

  type FulfillmentOrderHoldUserError {
    code: FulfillmentOrderHoldUserErrorCode
    field: [String!]
    message: String!
  }

  input FulfillmentOrderHoldInput {
    reason: FulfillmentHoldReason!
    reasonNotes: String
    notifyMerchant: Boolean = false
    externalId: String
    handle: String
    fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!] = []
  }

  type FulfillmentOrderHoldPayload {
    fulfillmentHold: FulfillmentHold
    fulfillmentOrder: FulfillmentOrder
    remainingFulfillmentOrder: FulfillmentOrder
    userErrors: [FulfillmentOrderHoldUserError!]!
  }

  enum FulfillmentOrderReleaseHoldUserErrorCode {
    FULFILLMENT_ORDER_NOT_FOUND
    INVALID_ACCESS
  }

  type FulfillmentOrderReleaseHoldUserError {
    code: FulfillmentOrderReleaseHoldUserErrorCode
    field: [String!]
    message: String!
  }

  type FulfillmentOrderReleaseHoldPayload {
    fulfillmentOrder: FulfillmentOrder
    userErrors: [FulfillmentOrderReleaseHoldUserError!]!
  }

  input FulfillmentOrderSplitInput {
    fulfillmentOrderId: ID!
    fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!]!
  }

  type FulfillmentOrderSplitResult {
    fulfillmentOrder: FulfillmentOrder!
    remainingFulfillmentOrder: FulfillmentOrder!
    replacementFulfillmentOrder: FulfillmentOrder
  }

  enum FulfillmentOrderSplitUserErrorCode {
    FULFILLMENT_ORDER_NOT_FOUND
    GREATER_THAN
    INVALID_LINE_ITEM_QUANTITY
    NO_LINE_ITEMS_PROVIDED_TO_SPLIT
  }

  type FulfillmentOrderSplitUserError {
    code: FulfillmentOrderSplitUserErrorCode
    field: [String!]
    message: String!
  }

  type FulfillmentOrderSplitPayload {
    fulfillmentOrderSplits: [FulfillmentOrderSplitResult!]
    userErrors: [FulfillmentOrderSplitUserError!]!
  }

  input FulfillmentOrderMergeInputMergeIntent {
    fulfillmentOrderId: ID!
    fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!]
  }

  input FulfillmentOrderMergeInput {
    mergeIntents: [FulfillmentOrderMergeInputMergeIntent!]!
  }

  type FulfillmentOrderMergeResult {
    fulfillmentOrder: FulfillmentOrder!
  }

  enum FulfillmentOrderMergeUserErrorCode {
    FULFILLMENT_ORDER_NOT_FOUND
    GREATER_THAN
    INVALID_LINE_ITEM_QUANTITY
  }

  type FulfillmentOrderMergeUserError {
    code: FulfillmentOrderMergeUserErrorCode
    field: [String!]
    message: String!
  }

  type FulfillmentOrderMergePayload {
    fulfillmentOrderMerges: [FulfillmentOrderMergeResult!]
    userErrors: [FulfillmentOrderMergeUserError!]!
  }

  type FulfillmentOrderMovePayload {
    movedFulfillmentOrder: FulfillmentOrder
    originalFulfillmentOrder: FulfillmentOrder
    remainingFulfillmentOrder: FulfillmentOrder
    userErrors: [UserError!]!
  }

  enum OrderCancelReason {
    CUSTOMER
    DECLINED
    FRAUD
    INVENTORY
    OTHER
    STAFF
  }

  input OrderCancelRefundMethodInput {
    originalPaymentMethodsRefund: Boolean
  }

  enum OrderCancelUserErrorCode {
    INVALID
    NOT_FOUND
    NO_REFUND_PERMISSION
  }

  type OrderCancelUserError {
    code: OrderCancelUserErrorCode
    field: [String!]
    message: String!
  }

  type Job {
    id: ID!
    done: Boolean!
  }

  type OrderCancelPayload {
    job: Job
    orderCancelUserErrors: [OrderCancelUserError!]!
    userErrors: [UserError!]!
  }

  type FulfillmentServiceUpdatePayload {
    fulfillmentService: FulfillmentService
    userErrors: [UserError!]!
  }

  extend type Mutation {
    fulfillmentOrderHold(id: ID!, fulfillmentHold: FulfillmentOrderHoldInput!): FulfillmentOrderHoldPayload
    fulfillmentOrderReleaseHold(id: ID!, holdIds: [ID!], externalId: String): FulfillmentOrderReleaseHoldPayload
    fulfillmentOrderSplit(fulfillmentOrderSplits: [FulfillmentOrderSplitInput!]!): FulfillmentOrderSplitPayload
    fulfillmentOrderMerge(fulfillmentOrderMergeInputs: [FulfillmentOrderMergeInput!]!): FulfillmentOrderMergePayload
    fulfillmentOrderMove(
      id: ID!
      newLocationId: ID!
      fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!]
    ): FulfillmentOrderMovePayload
    orderCancel(
      orderId: ID!
      reason: OrderCancelReason!
      refund: Boolean
      refundMethod: OrderCancelRefundMethodInput
      restock: Boolean!
      notifyCustomer: Boolean = false
      staffNote: String
    ): OrderCancelPayload
    fulfillmentServiceUpdate(
      id: ID!
      name: String
      callbackUrl: URL
      trackingSupport: Boolean
      inventoryManagement: Boolean
    ): FulfillmentServiceUpdatePayload
  }
`;
