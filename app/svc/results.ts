import type { SvcCreatedProduct } from "./wire/product";
import type { SvcOrderRecord } from "./wire/order";
import type { ServiceCode } from "./service-codes";

/** Stock of one quoted product. */
interface SvcQuotedProduct {
  identifier: string;
  /** Units in stock. */
  inStock: number;
  [extra: string]: unknown;
}

/** One shipping service the quotation offers. */
export interface SvcQuotedService {
  service: ServiceCode;
  /** Estimated delivery days (upper bound). */
  days: number;
  /** Price as decimal text, e.g. "123.40"; convert with ~/money, never with parseFloat. */
  totalPricing: string;
  description: string;
  /** Carrier name. */
  provider: string;
  [extra: string]: unknown;
}

/** A quotation: stock per product and the services available for the destination. */
export interface SvcQuoteResult {
  products: SvcQuotedProduct[];
  services: SvcQuotedService[];
  requestId?: string;
  /** The response body exactly as received. */
  raw: unknown;
}

/** Products created in one all-or-nothing batch. */
export interface SvcCreateProductsResult {
  returning: SvcCreatedProduct[];
  /** Rows inserted: products and their dimension records together. */
  affected_rows: number;
  requestId?: string;
}

/** A created fulfilment order. */
export interface SvcCreateOrderResult {
  /** The order's id at the service (its `ordenRef`), used by getOrder. */
  orderRef: string;
  requestId?: string;
}

/** A fulfilment order with its current status (the last `estados_orden` entry; open-ended text). */
export type SvcOrder = SvcOrderRecord & { status: string | null };

/** The token the service issued, for callers that only want to check a key. */
export interface SvcAuthResult {
  accessToken: string;
}
