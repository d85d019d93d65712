/**
 * What the client's `quote` and `createOrder` take, in the app's own (English) words, and its one
 * mapping to and from the service's wire names (`productos`, `consumidor_destino`…), which stay in
 * app/svc (issue 20, docs/decisions/032-domain-types-at-the-service-edge.md). Pure.
 */
import type { ServiceCode } from "./service-codes";
import type { SvcDestination, SvcLineItem } from "./wire/destination";

/** The customer's address, field for field what the service takes as `consumidor_destino`. */
export interface ShippingAddress {
  street: string;
  exteriorNumber: string;
  /** Sent as given: "" and null both reach the service as they are. */
  interiorNumber: string | null;
  /** The colonia. */
  neighborhood: string;
  postalCode: string;
  /** The state's name. */
  state: string;
  city: string;
  /** The recipient's name. */
  recipient: string;
  phone: string;
  /** Required on orders (e.g. "Mexico"); quotations don't need it. */
  country?: string;
}

/** One requested product: SKU-or-UPC and units. */
export interface ShipmentLine {
  identifier: string;
  quantity: number;
}

/** A quotation's products and destination; without `service`, every available service is quoted. */
export interface ShipmentQuote {
  lines: ShipmentLine[];
  destination: ShippingAddress;
  service?: ServiceCode;
}

/** An order: the products, the destination (with its country) and the chosen service. */
export interface ShipmentOrder {
  lines: ShipmentLine[];
  destination: ShippingAddress & { country: string };
  service: ServiceCode;
  /** The store's own order reference, shown back by getOrder. */
  storeOrderRef?: string;
}

/** The wire parameters of a quotation or an order (the body adds the service's own field name). */
export interface WireShipment {
  productos: SvcLineItem[];
  consumidor_destino: SvcDestination;
  servicio?: ServiceCode;
  tienda_orden_ref?: string;
}

/** The address in the service's words; `pais` only when a country is given. */
function toWireDestination(address: ShippingAddress): SvcDestination {
  return {
    calle: address.street,
    no_exterior: address.exteriorNumber,
    no_interior: address.interiorNumber,
    colonia: address.neighborhood,
    codigo_postal: address.postalCode,
    estado: address.state,
    ciudad: address.city,
    nombre: address.recipient,
    telefono: address.phone,
    ...(address.country === undefined ? {} : { pais: address.country }),
  };
}

/** A quotation or order in the service's words, ready for the zod wire schemas to check. */
export function toWireShipment(params: ShipmentQuote | ShipmentOrder): WireShipment {
  return {
    productos: params.lines.map((line) => ({ identificador: line.identifier, cantidad: line.quantity })),
    consumidor_destino: toWireDestination(params.destination),
    ...(params.service === undefined ? {} : { servicio: params.service }),
    ...("storeOrderRef" in params && params.storeOrderRef !== undefined
      ? { tienda_orden_ref: params.storeOrderRef }
      : {}),
  };
}

/**
 * What a fulfilment record keeps of an order it sent: the wire parameters as they were sent, so
 * records written before and after the domain types read the same (and the privacy export shows
 * what the service received).
 */
export function submittedOrderJson(order: ShipmentOrder): WireShipment {
  return toWireShipment(order);
}

function recordOf(value: unknown): Record<string, unknown> | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** The lines of a stored order (submittedOrderJson); [] when it has none or is not one. */
export function submittedLinesOf(stored: unknown): ShipmentLine[] {
  const lines = recordOf(stored)?.productos;
  if (!Array.isArray(lines)) return [];
  return lines.flatMap((line) => {
    const entry = recordOf(line);
    if (!entry || typeof entry.identificador !== "string" || typeof entry.cantidad !== "number") return [];
    return [{ identifier: entry.identificador, quantity: entry.cantidad }];
  });
}

/** The destination of a stored order (submittedOrderJson); null when it has none (erased) or is not one. */
export function submittedAddressOf(stored: unknown): ShippingAddress | null {
  const wire = recordOf(recordOf(stored)?.consumidor_destino);
  if (!wire) return null;
  return {
    street: text(wire.calle),
    exteriorNumber: text(wire.no_exterior),
    interiorNumber: wire.no_interior === null ? null : text(wire.no_interior),
    neighborhood: text(wire.colonia),
    postalCode: text(wire.codigo_postal),
    state: text(wire.estado),
    city: text(wire.ciudad),
    recipient: text(wire.nombre),
    phone: text(wire.telefono),
    ...(typeof wire.pais === "string" ? { country: wire.pais } : {}),
  };
}
