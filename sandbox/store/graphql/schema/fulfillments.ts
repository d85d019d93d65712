export const fulfillmentsSdl = /* GraphQL */ `
  enum FulfillmentOrderStatus {
    CANCELLED
    CLOSED
    INCOMPLETE
    IN_PROGRESS
    ON_HOLD
    OPEN
    SCHEDULED
  }

  enum FulfillmentOrderRequestStatus {
    ACCEPTED
    CANCELLATION_ACCEPTED
    CANCELLATION_REJECTED
    CANCELLATION_REQUESTED
    CLOSED
    REJECTED
    SUBMITTED
    UNSUBMITTED
  }

  enum FulfillmentStatus {
    CANCELLED
    ERROR
    FAILURE
    OPEN
    PENDING
    SUCCESS
  }

  enum DeliveryMethodType {
    LOCAL
    NONE
    PICKUP_POINT
    PICK_UP
    RETAIL
    SHIPPING
  }

  type DeliveryMethod implements Node {
    id: ID!
    methodType: DeliveryMethodType!
  }

  enum FulfillmentHoldReason {
    AWAITING_PAYMENT
    AWAITING_RETURN_ITEMS
    HIGH_RISK_OF_FRAUD
    INCORRECT_ADDRESS
    INVENTORY_OUT_OF_STOCK
    ONLINE_STORE_POST_PURCHASE_CROSS_SELL
    OTHER
    UNKNOWN_DELIVERY_DATE
  }

  type App implements Node {
    id: ID!
  }

  type FulfillmentHold implements Node {
    id: ID!
    handle: String
    reason: FulfillmentHoldReason!
    reasonNotes: String
    heldByApp: App
    heldByRequestingApp: Boolean!
  }

  type FulfillmentOrderAssignedLocation {
    location: Location
    name: String!
    address1: String
    address2: String
    city: String
    province: String
    zip: String
    countryCode: CountryCode!
    phone: String
  }

  type FulfillmentOrderDestination implements Node {
    id: ID!
    firstName: String
    lastName: String
    company: String
    address1: String
    address2: String
    city: String
    province: String
    zip: String
    countryCode: CountryCode
    phone: String
    email: String
  }

  type FulfillmentOrderLineItem implements Node {
    id: ID!
    totalQuantity: Int!
    remainingQuantity: Int!
    lineItem: LineItem!
    sku: String
    productTitle: String!
    variantTitle: String
    requiresShipping: Boolean!
    inventoryItemId: ID
    variant: ProductVariant
    weight: Weight
    shippingLine: ShippingLine
  }

  type FulfillmentOrderLineItemEdge {
    cursor: String!
    node: FulfillmentOrderLineItem!
  }

  type FulfillmentOrderLineItemConnection {
    edges: [FulfillmentOrderLineItemEdge!]!
    nodes: [FulfillmentOrderLineItem!]!
    pageInfo: PageInfo!
  }

  type FulfillmentOrder implements Node {
    id: ID!
    orderId: ID!
    orderName: String!
    order: Order!
    status: FulfillmentOrderStatus!
    requestStatus: FulfillmentOrderRequestStatus!
    assignedLocation: FulfillmentOrderAssignedLocation!
    deliveryMethod: DeliveryMethod
    fulfillmentHolds: [FulfillmentHold!]!
    fulfillAt: DateTime
    destination: FulfillmentOrderDestination
    lineItems(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
    ): FulfillmentOrderLineItemConnection!
    fulfillments(first: Int, after: String, last: Int, before: String, reverse: Boolean = false): FulfillmentConnection!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type FulfillmentOrderEdge {
    cursor: String!
    node: FulfillmentOrder!
  }

  type FulfillmentOrderConnection {
    edges: [FulfillmentOrderEdge!]!
    nodes: [FulfillmentOrder!]!
    pageInfo: PageInfo!
  }

  type FulfillmentTrackingInfo {
    company: String
    number: String
    url: URL
  }

  type FulfillmentLineItem implements Node {
    id: ID!
    quantity: Int
    lineItem: LineItem!
  }

  type FulfillmentLineItemEdge {
    cursor: String!
    node: FulfillmentLineItem!
  }

  type FulfillmentLineItemConnection {
    edges: [FulfillmentLineItemEdge!]!
    nodes: [FulfillmentLineItem!]!
    pageInfo: PageInfo!
  }

  type Fulfillment implements Node & LegacyInteroperability {
    id: ID!
    legacyResourceId: UnsignedInt64!
    name: String!
    status: FulfillmentStatus!
    createdAt: DateTime!
    updatedAt: DateTime!
    order: Order!
    location: Location
    trackingInfo(first: Int): [FulfillmentTrackingInfo!]!
    fulfillmentLineItems(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
    ): FulfillmentLineItemConnection!
  }

  type FulfillmentEdge {
    cursor: String!
    node: Fulfillment!
  }

  type FulfillmentConnection {
    edges: [FulfillmentEdge!]!
    nodes: [Fulfillment!]!
    pageInfo: PageInfo!
  }

  input FulfillmentTrackingInput {
    company: String
    number: String
    numbers: [String!]
    url: URL
    urls: [URL!]
  }

  input FulfillmentOrderLineItemInput {
    id: ID!
    quantity: Int!
  }

  input FulfillmentOrderLineItemsInput {
    fulfillmentOrderId: ID!
    fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!]
  }

  input FulfillmentOriginAddressInput {
    address1: String
    address2: String
    city: String
    zip: String
    provinceCode: String
    countryCode: String!
  }

  input FulfillmentInput {
    notifyCustomer: Boolean = false
    trackingInfo: FulfillmentTrackingInput
    lineItemsByFulfillmentOrder: [FulfillmentOrderLineItemsInput!]!
    originAddress: FulfillmentOriginAddressInput
  }

  type FulfillmentCreatePayload {
    fulfillment: Fulfillment
    userErrors: [UserError!]!
  }

  type FulfillmentTrackingInfoUpdatePayload {
    fulfillment: Fulfillment
    userErrors: [UserError!]!
  }

  extend type Query {
    fulfillment(id: ID!): Fulfillment
    fulfillmentOrder(id: ID!): FulfillmentOrder
  }

  extend type Mutation {
    fulfillmentCreate(fulfillment: FulfillmentInput!, message: String): FulfillmentCreatePayload
    fulfillmentTrackingInfoUpdate(
      fulfillmentId: ID!
      trackingInfoInput: FulfillmentTrackingInput!
      notifyCustomer: Boolean
    ): FulfillmentTrackingInfoUpdatePayload
  }
`;
