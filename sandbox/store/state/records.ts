/**
 * What the simulated store remembers. Records hold gids and plain values; views in
 * graphql/views turn them into GraphQL objects and payload builders into REST-style JSON.
 */
type WeightUnit = "GRAMS" | "KILOGRAMS" | "OUNCES" | "POUNDS";

export interface Weight {
  unit: WeightUnit;
  value: number;
}

export interface PostalAddress {
  address1: string;
  address2: string | null;
  city: string;
  province: string;
  provinceCode: string;
  zip: string;
  country: string;
  countryCode: string;
  phone: string | null;
}

export interface LocationRecord {
  id: string;
  name: string;
  isActive: boolean;
  fulfillsOnlineOrders: boolean;
  address: PostalAddress;
}

export interface ImageRecord {
  id: string;
  mediaId: string;
  url: string;
  altText: string | null;
}

export interface ProductRecord {
  id: string;
  title: string;
  handle: string;
  vendor: string;
  productType: string;
  status: "ACTIVE" | "DRAFT" | "ARCHIVED";
  tags: string[];
  descriptionHtml: string;
  options: Array<{ name: string; values: string[] }>;
  images: ImageRecord[];
  variantIds: string[];
  createdAt: number;
  updatedAt: number;
}

export interface VariantRecord {
  id: string;
  productId: string;
  title: string;
  sku: string | null;
  barcode: string | null;
  price: string;
  compareAtPrice: string | null;
  position: number;
  optionValues: string[];
  inventoryItemId: string;
  imageId: string | null;
  taxable: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface InventoryItemRecord {
  id: string;
  variantId: string;
  requiresShipping: boolean;
  tracked: boolean;
  // Shopify never answers "no weight": an unset weight reads as 0 in the shop's unit.
  weight: Weight;
  harmonizedSystemCode: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface InventoryLevelRecord {
  itemId: string;
  locationId: string;
  available: number;
  committed: number;
  updatedAt: number;
}

export interface MetafieldRecord {
  id: string;
  ownerId: string;
  namespace: string;
  key: string;
  type: string;
  value: string;
  createdAt: number;
  updatedAt: number;
}

export interface MailingAddressRecord extends PostalAddress {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface LineItemRecord {
  id: string;
  variantId: string | null;
  productId: string | null;
  sku: string | null;
  name: string;
  title: string;
  variantTitle: string | null;
  vendor: string;
  quantity: number;
  grams: number;
  price: string;
  requiresShipping: boolean;
  taxable: boolean;
  fulfillableQuantity: number;
}

export interface ShippingLineRecord {
  id: string;
  title: string;
  code: string | null;
  source: string;
  carrierIdentifier: string | null;
  price: string;
}

export interface OrderRecord {
  id: string;
  number: number;
  name: string;
  email: string | null;
  phone: string | null;
  currency: string;
  financialStatus: "paid" | "partially_refunded" | "refunded" | "voided";
  cancelledAt: number | null;
  cancelReason: string | null;
  test: boolean;
  tags: string[];
  note: string | null;
  createdAt: number;
  updatedAt: number;
  lineItems: LineItemRecord[];
  shippingLines: ShippingLineRecord[];
  shippingAddress: MailingAddressRecord | null;
  subtotalPrice: string;
  totalPrice: string;
  fulfillmentOrderIds: string[];
  fulfillmentIds: string[];
}

type FulfillmentOrderStatus =
  "OPEN" | "IN_PROGRESS" | "CANCELLED" | "INCOMPLETE" | "CLOSED" | "SCHEDULED" | "ON_HOLD";

export interface FulfillmentOrderLineItemRecord {
  id: string;
  lineItemId: string;
  totalQuantity: number;
  remainingQuantity: number;
}

/** How a fulfilment order reaches the buyer (Shopify's DeliveryMethodType). */
export type DeliveryMethodType = "SHIPPING" | "PICK_UP" | "LOCAL" | "RETAIL" | "NONE" | "PICKUP_POINT";

export interface FulfillmentHoldRecord {
  id: string;
  reason: string;
  reasonNotes: string | null;
  /** The holder's own name for it, unique per holder on a fulfilment order (Shopify's default: "default"). */
  handle: string;
  /** True when placed by the app through Admin GraphQL; false for the merchant's holds. */
  heldByApp: boolean;
}

export interface FulfillmentOrderRecord {
  id: string;
  orderId: string;
  locationId: string;
  status: FulfillmentOrderStatus;
  requestStatus: string;
  deliveryMethod: DeliveryMethodType;
  /** Since 2025-01 a fulfilment order may carry several holds; it is ON_HOLD while any remains. */
  holds: FulfillmentHoldRecord[];
  /** SCHEDULED only: when it opens (epoch ms). */
  fulfillAt: number | null;
  lineItems: FulfillmentOrderLineItemRecord[];
  createdAt: number;
  updatedAt: number;
  /**
   * fulfillmentOrderReportProgress (orders/fulfillment-order-progress.ts): true from a report until
   * the fulfilment order is marked as open again; Shopify refuses to move it meanwhile.
   */
  progressReported?: boolean;
  /** Every progress report, oldest first (what the merchant sees in the order's timeline). */
  progressReports?: Array<{ at: number; reasonNotes: string | null }>;
}

export interface TrackingInfoRecord {
  company: string | null;
  number: string | null;
  url: string | null;
}

export interface FulfillmentLineRecord {
  id: string;
  fulfillmentOrderId: string;
  fulfillmentOrderLineItemId: string;
  lineItemId: string;
  quantity: number;
}

export interface FulfillmentRecord {
  id: string;
  orderId: string;
  name: string;
  status: "SUCCESS" | "CANCELLED" | "ERROR" | "FAILURE" | "OPEN" | "PENDING";
  locationId: string;
  trackingInfo: TrackingInfoRecord[];
  notifyCustomer: boolean;
  message: string | null;
  lines: FulfillmentLineRecord[];
  trackingUpdates: Array<{ at: number; trackingInfo: TrackingInfoRecord[]; notifyCustomer: boolean }>;
  createdAt: number;
  updatedAt: number;
}

/** An app registered as a fulfilment service: Shopify gave it its own location. */
export interface FulfillmentServiceRecord {
  id: string;
  serviceName: string;
  callbackUrl: string;
  trackingSupport: boolean;
  inventoryManagement: boolean;
  locationId: string;
}

export interface CarrierServiceRecord {
  id: string;
  name: string;
  callbackUrl: string;
  active: boolean;
  supportsServiceDiscovery: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface InventoryChangeRecord {
  name: string;
  delta: number;
  quantityAfterChange: number;
  itemId: string;
  locationId: string;
}

export interface InventoryAdjustmentGroupRecord {
  id: string;
  reason: string;
  referenceDocumentUri: string | null;
  changes: InventoryChangeRecord[];
  createdAt: number;
}

export type OperationOutcome = "ok" | "invalid" | "throttled" | "max-cost-exceeded" | "unauthorized" | "injected-fault";

/** One GraphQL request as the store received it, for assertions about what the app sent. */
export interface OperationRecord {
  at: number;
  operationName: string | null;
  kind: "query" | "mutation" | "unknown";
  rootFields: string[];
  variables: Record<string, unknown>;
  query: string;
  outcome: OperationOutcome;
  requestedQueryCost: number | null;
  actualQueryCost: number | null;
}
