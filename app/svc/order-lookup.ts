/**
 * The service's order lookup in our own words (issue 20: wire names stay in app/svc). The client's
 * getOrder speaks the wire, as the contract tests check it; features call lookupServiceOrder.
 */
import type { SvcClient } from "./client";
import type { SvcCallOptions } from "./options";
import type { SvcOrder } from "./results";

/** One line of a service order and what the warehouse picked of it. */
interface ServiceOrderLine {
  sku: string | null;
  name: string | null;
  quantity: number | null;
  /** Whether it was picked, as the service writes it (true/false, 1/0 or text); null when it doesn't say. */
  picked: boolean | number | string | null;
}

/** The parcel's tracking as the service reports it; every field null until it ships. */
interface ServiceOrderTracking {
  /** One number, or several separated by commas or spaces (several packages). */
  number: string | null;
  carrier: string | null;
  url: string | null;
  /** Link to the label. */
  pdf: string | null;
}

/** One entry of the order's status history. */
interface ServiceOrderStatusEntry {
  status: string;
  at: string | null;
}

/** A fulfilment order as the service's lookup shows it. */
export interface ServiceOrder {
  id: string;
  /** The last status of its history (open-ended text), null when it has none. */
  status: string | null;
  statusHistory: ServiceOrderStatusEntry[];
  /** The store's own order reference it was created with. */
  storeOrderRef: string | null;
  /** The service code it ships with, as the service writes it. */
  serviceType: string | null;
  warehouse: string | null;
  lines: ServiceOrderLine[];
  tracking: ServiceOrderTracking;
}

/** A lookup's order in our words. */
function serviceOrderOf(order: SvcOrder): ServiceOrder {
  return {
    id: String(order.id),
    status: order.status,
    statusHistory: (order.estados_orden ?? []).map((entry) => ({
      status: entry.estado_orden,
      at: entry.timestamp ?? null,
    })),
    storeOrderRef: order.tienda_orden_ref ?? null,
    serviceType: order.tipo_servicio ?? null,
    warehouse: order.almacen?.nombre_almacen ?? null,
    lines: (order.detalle_orden ?? []).map((line) => ({
      sku: line.producto?.sku ?? null,
      name: line.producto?.nombre ?? null,
      quantity: line.cantidad ?? null,
      picked: line.recogido ?? null,
    })),
    tracking: {
      number: order.rastreo_numero ?? null,
      carrier: order.rastreo_paqueteria ?? null,
      url: order.rastreo_url ?? null,
      pdf: order.rastreo_pdf ?? null,
    },
  };
}

/** Looks an order up by the service's id for it; null when the service has no such order. */
export async function lookupServiceOrder(
  client: SvcClient,
  id: string,
  options?: SvcCallOptions,
): Promise<ServiceOrder | null> {
  const order = await client.getOrder(id, options);
  return order ? serviceOrderOf(order) : null;
}
