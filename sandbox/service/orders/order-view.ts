import { formatCentavos } from "../shipping/service-table";
import type { OrderRecord } from "../state/types";
import { currentStatus, hasBeenPicked, hasShipped, statusHistory } from "./order-timeline";
import { trackingFor } from "./tracking";
import { WAREHOUSE } from "../warehouse";

/** Box chosen by billable weight, as the warehouse would when packing. */
function packagingFor(billableKg: number): string {
  if (billableKg <= 1) return "Sobre acolchado";
  if (billableKg <= 5) return "Caja chica";
  if (billableKg <= 15) return "Caja mediana";
  return "Caja grande";
}

const NO_TRACKING = { rastreo_numero: null, rastreo_paqueteria: null, rastreo_url: null, rastreo_pdf: null };

/** GET /api/rest/order/{id} as of sandbox time `now`; tracking appears once IN_TRANSIT. */
export function viewOrder(order: OrderRecord, now: number) {
  const picked = hasBeenPicked(order, now);
  return {
    orden: {
      id: order.id,
      almacen: { nombre_almacen: WAREHOUSE.nombre_almacen },
      precio_um: formatCentavos(order.priceCentavos),
      consumidor: { ...order.consumer, lat: null, lng: null },
      empaquetado: { titulo: packagingFor(order.billableKg) },
      ...(hasShipped(order, now) ? trackingFor(order.id, order.provider) : NO_TRACKING),
      detalle_orden: order.lines.map((line) => ({
        cantidad: line.cantidad,
        producto: { sku: line.sku, nombre: line.nombre },
        recogido: picked,
      })),
      estados_orden: statusHistory(order, now).map((entry) => ({
        timestamp: new Date(entry.at).toISOString(),
        estado_orden: entry.estado_orden,
      })),
      tipo_servicio: order.service,
      notificaciones: order.notificaciones,
      tienda_orden_ref: order.tiendaOrdenRef,
      fecha_programacion: order.fechaProgramacion,
    },
  };
}

/** What the inspection route shows: the order as received plus where it stands now. */
export function inspectOrder(order: OrderRecord, clientId: string, now: number) {
  return {
    id: order.id,
    client: clientId,
    status: currentStatus(order, now),
    service: order.service,
    createdAt: new Date(order.createdAt).toISOString(),
    request: order.request,
  };
}
