import { conflict } from "../http/sandbox-error";
import { quote } from "../shipping/quote";
import type { OrderRequest } from "../shipping/request-schema";
import { normaliseService, priceCentavos } from "../shipping/service-table";
import type { ClientState, OrderRecord } from "../state/types";

export interface CreateOrderDeps {
  newId: () => string;
  now: number;
}

/**
 * Creates an order with the quotation's checks, then reserves its stock. A service the
 * destination lacks (EXPRESS outside covered metros) is a 409 like the other quotation cases.
 */
export function createOrder(
  deps: CreateOrderDeps,
  client: ClientState,
  request: OrderRequest,
  rawBody: unknown,
  requestedService: string,
): OrderRecord {
  const destination = request.consumidor_destino;
  const q = quote(client, request.productos, destination.codigo_postal);
  const service = normaliseService(requestedService);
  const priced = q.services.find((s) => s.service === service);
  if (!priced) {
    const available = q.services.map((s) => s.service).join(", ");
    throw conflict(
      `Service ${service} is not available for postal code ${destination.codigo_postal}; available: ${available}`,
    );
  }
  for (const { line, product } of q.resolved) product.available -= line.cantidad;

  const order: OrderRecord = {
    id: deps.newId(),
    createdAt: deps.now,
    request: rawBody,
    requestedService,
    service,
    priceCentavos: priceCentavos(service, q.destination.zone, q.billableKg),
    days: priced.days,
    provider: priced.provider,
    billableKg: q.billableKg,
    lines: q.resolved.map(({ line, product }) => ({
      productId: product.id,
      identifier: line.identificador,
      sku: product.sku,
      nombre: product.nombre,
      cantidad: line.cantidad,
    })),
    consumer: {
      calle: destination.calle,
      no_exterior: destination.no_exterior,
      no_interior: destination.no_interior,
      colonia: destination.colonia,
      codigo_postal: destination.codigo_postal,
      ciudad: destination.ciudad,
      estado: destination.estado,
      pais: destination.pais,
      nombre: destination.nombre,
      telefono: destination.telefono,
      email: destination.email ?? null,
    },
    tiendaOrdenRef: request.tienda_orden_ref ?? null,
    notificaciones: request.notificaciones ?? null,
    fechaProgramacion: request.fecha_programacion ?? null,
  };
  client.orders.set(order.id, order);
  return order;
}
