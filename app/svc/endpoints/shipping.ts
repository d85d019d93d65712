import type { z } from "zod";
import type { SvcLogger } from "../options";
import type { SvcCreateOrderResult, SvcOrder, SvcQuoteResult, SvcQuotedService } from "../results";
import type { RequestSpec } from "../transport";
import { WireShapeError, parseWire } from "../validate";
import type { WireShipment } from "../shipment";
import { createOrderResponseSchema, orderLookupResponseSchema } from "../wire/order";
import { type availabilitySchema, MAX_SERVICE_DAYS, quoteResponseSchema } from "../wire/quote";
import { normaliseServiceCode, wireNames } from "../wire/service-code";

/** The wire names and logger the shipping specs depend on. */
export interface EndpointContext {
  serviceName: string;
  logger: SvcLogger;
}

/** Line items, destination and service as the quotation and order bodies carry them. */
type ShipmentParams = WireShipment;

type Availability = z.output<typeof availabilitySchema>;

function shipmentBody(context: EndpointContext, params: ShipmentParams): Record<string, unknown> {
  const { servicio, ...rest } = params;
  return { ...rest, ...(servicio ? { [wireNames(context.serviceName).serviceField]: servicio } : {}) };
}

/** POST /api/rest/services: quotation; safe to repeat. */
export function quoteSpec(
  context: EndpointContext,
  params: ShipmentParams,
): RequestSpec<Omit<SvcQuoteResult, "requestId">> {
  const { availabilityField } = wireNames(context.serviceName);
  const schema = quoteResponseSchema(availabilityField);
  return {
    endpoint: "quote",
    method: "POST",
    path: "/api/rest/services",
    body: shipmentBody(context, params),
    sideEffects: false,
    identifiers: params.productos.map((p) => p.identificador),
    parse: (json) => {
      const body: Record<string, unknown> = parseWire(schema, json);
      const availability = body[availabilityField] as Availability | undefined;
      if (availability === undefined) {
        // The contract shows a 200 with `{}`: no services. Any other body without the root key is
        // more likely a wrong serviceName, which must not pass as "nothing available".
        if (Object.keys(body).length === 0) return { products: [], services: [], raw: json };
        throw new WireShapeError(availabilityField, `missing (answer has ${Object.keys(body).join(", ")})`);
      }
      return { products: availability.products, services: readServices(context, availability.services), raw: json };
    },
  };
}

function readServices(context: EndpointContext, entries: Availability["services"]): SvcQuotedService[] {
  const services: SvcQuotedService[] = [];
  for (const entry of entries) {
    const code = normaliseServiceCode(entry.service);
    // A service code this client doesn't know can't be offered or ordered safely; skip it loudly
    // rather than fail the whole quotation (the raw body still has it).
    if (code === undefined) {
      context.logger.warn({ endpoint: "quote", service: entry.service }, "svc unknown service code skipped");
    } else if (entry.days < 0 || entry.days > MAX_SERVICE_DAYS) {
      // Not a delivery estimate (service-api.md 2.4: an upper bound in days): the other services
      // of the answer still stand.
      context.logger.warn(
        { endpoint: "quote", service: entry.service, days: entry.days, maxDays: MAX_SERVICE_DAYS },
        "svc service with implausible delivery days skipped",
      );
    } else {
      services.push({ ...entry, service: code });
    }
  }
  return services;
}

/** POST /api/rest/orders: creates an order; never repeated automatically (no idempotency key). */
export function createOrderSpec(
  context: EndpointContext,
  params: ShipmentParams,
): RequestSpec<Omit<SvcCreateOrderResult, "requestId">> {
  return {
    endpoint: "createOrder",
    method: "POST",
    path: "/api/rest/orders",
    body: shipmentBody(context, params),
    sideEffects: true,
    identifiers: params.productos.map((p) => p.identificador),
    parse: (json) => ({ orderRef: parseWire(createOrderResponseSchema, json).orden.ordenRef }),
  };
}

/**
 * The current status of an order's `estados_orden`: the entry with the latest `timestamp` (the
 * service does not promise the list is in time order; of equal times, the later entry); the last
 * entry only when none has a readable timestamp.
 */
function currentStatus(history: readonly { timestamp?: string | null; estado_orden: string }[]): string | null {
  let best: { at: number; status: string } | null = null;
  for (const entry of history) {
    const at = entry.timestamp ? Date.parse(entry.timestamp) : Number.NaN;
    if (Number.isNaN(at)) continue;
    if (!best || at >= best.at) best = { at, status: entry.estado_orden };
  }
  return best?.status ?? history.at(-1)?.estado_orden ?? null;
}

/** GET /api/rest/order/{id}: the order with its current status (see currentStatus). */
export function getOrderSpec(id: string): RequestSpec<SvcOrder | null> {
  return {
    endpoint: "getOrder",
    method: "GET",
    path: `/api/rest/order/${encodeURIComponent(id)}`,
    sideEffects: false,
    parse: (json) => {
      const { orden } = parseWire(orderLookupResponseSchema, json);
      if (orden === null) return null;
      const history = orden.estados_orden ?? [];
      return { ...orden, status: currentStatus(history) };
    },
  };
}
