/**
 * Pure: the lines of a paid Shopify order to send and the shop's fulfilment settings → the service
 * order to create, or why there is none (skipped) or why a person must look first (needs_attention).
 */
import { toDestination, type AddressWarning, type Destination } from "../../address";
import { carrierServiceName } from "../../shop/carrier-name";
import type { FulfillmentSettings, ServiceCode } from "../../shop/shop-settings.server";
import type { ShipmentLine, ShipmentOrder } from "../../svc";
import { normaliseServiceCode } from "../../svc/wire/service-code";
import type { PaidOrder } from "./paid-order";
import { reason, type ReasonMessage } from "./reason-codes";
import { customerDataWithheld } from "./withheld-customer-data";

/** The createOrder parameters, sent to the service (and kept on the record as sent). */
export interface ServiceOrderRequest extends ShipmentOrder {
  destination: Destination;
  service: ServiceCode;
  /** The Shopify order name, so a person can find the order at the service (no lookup by it exists). */
  storeOrderRef: string;
}

export type ServiceCodeSource = "shipping_line" | "shop_default";

export type BuiltServiceOrder =
  | {
      kind: "ready";
      request: ServiceOrderRequest;
      serviceCode: ServiceCode;
      serviceCodeSource: ServiceCodeSource;
      warnings: AddressWarning[];
    }
  | { kind: "skipped"; reason: ReasonMessage }
  | { kind: "needs_attention"; reason: ReasonMessage };

/** A shipping line as an order or one of its lines carries it. */
export interface ShippingLineOfLine {
  title?: string | null;
  code?: string | null;
  source?: string | null;
}

/** A line to send: its SKU, the units to ship and the shipping line it goes by (split carts). */
export interface LineToSend {
  id: string;
  name: string;
  sku: string | null;
  quantity: number;
  /** `FulfillmentOrderLineItem.shippingLine`; null or absent when Shopify names none. */
  shippingLine?: ShippingLineOfLine | null;
}

/**
 * The service order for `lines` of `order` (quantities summed per SKU), or why a person must look
 * first (a line without SKU), or why it cannot go (no usable address).
 */
export function buildFromLines(
  order: Pick<PaidOrder, "name" | "shipping_address" | "shipping_lines">,
  lines: readonly LineToSend[],
  settings: Pick<FulfillmentSettings, "defaultService"> & {
    /** Our carrier service's name (carrierServiceName of SVC_NAME); the default service name's when absent. */
    carrierName?: string;
  },
): BuiltServiceOrder {
  const withoutSku = lines.filter((line) => !line.sku?.trim());
  if (withoutSku.length > 0) {
    const names = withoutSku.map((line) => `"${line.name || line.id}"`).join(", ");
    return {
      kind: "needs_attention",
      reason: reason("noSku", { lines: names }),
    };
  }
  if (!order.shipping_address) return { kind: "skipped", reason: reason("noAddress") };
  // Never a blank destination: without the protected fields the warehouse cannot deliver.
  if (customerDataWithheld(order.shipping_address)) {
    return { kind: "needs_attention", reason: reason("customerDataWithheld") };
  }
  const destination = toDestination(order.shipping_address);
  if (!destination.ok) return { kind: "skipped", reason: reason("outsideMexico", { country: destination.country }) };

  // A fulfilment order's own lines say which shipping line the buyer chose for this part (a split
  // cart has an express part and a standard part); the order's lines are only the fallback, for
  // lines Shopify names none for.
  const carrierName = settings.carrierName ?? carrierServiceName();
  const ownLines = lines.flatMap((line) => (line.shippingLine ? [line.shippingLine] : []));
  const chosen =
    serviceFromShippingLines(ownLines, carrierName) ??
    (ownLines.length > 0 ? null : serviceFromShippingLines(order.shipping_lines, carrierName));
  const serviceCode = chosen ?? settings.defaultService;
  return {
    kind: "ready",
    request: {
      lines: sumPerSku(lines),
      destination: destination.destination,
      service: serviceCode,
      storeOrderRef: order.name,
    },
    serviceCode,
    serviceCodeSource: chosen ? "shipping_line" : "shop_default",
    warnings: destination.warnings,
  };
}

/**
 * The service code of the first shipping line our carrier service priced; null for other rates.
 * Ours is a line whose source is our carrier's name (Shopify copies the carrier service's name
 * there): Shopify's own rates (source "shopify", a manual rate the merchant named "Express") and
 * another carrier app's rates (with its own EXPRESS) are not ours, whatever their code says.
 */
function serviceFromShippingLines(
  shippingLines: readonly ShippingLineOfLine[],
  carrierName: string,
): ServiceCode | null {
  for (const line of shippingLines) {
    if (line.source?.trim() !== carrierName) continue;
    const code = line.code ? normaliseServiceCode(line.code) : undefined;
    if (code) return code;
  }
  return null;
}

function sumPerSku(lines: readonly LineToSend[]): ShipmentLine[] {
  const totals = new Map<string, number>();
  for (const line of lines) {
    const sku = line.sku!.trim();
    totals.set(sku, (totals.get(sku) ?? 0) + line.quantity);
  }
  return [...totals].map(([identifier, quantity]) => ({ identifier, quantity }));
}
