import { z } from "zod";
import { conflict, notFound } from "../http/sandbox-error";
import { WAREHOUSE } from "../warehouse";
import type { ClientState, PickupRecord } from "../state/types";

const HOUR = 3_600_000;

export const pickupRequestSchema = z.object({
  productos: z.array(z.object({ sku: z.string().min(1), cantidad: z.number().int().min(1) })).min(1),
  razon: z.string().nullish(),
  comentarios: z.string().nullish(),
  recolector: z.string().nullish(),
});

/** A withdrawal of the client's own stock (sandbox route); it leaves the warehouse at once. */
export function createPickup(
  client: ClientState,
  request: z.output<typeof pickupRequestSchema>,
  id: string,
  now: number,
): PickupRecord {
  const lines = request.productos.map(({ sku, cantidad }) => {
    const product = client.bySku.get(sku);
    if (!product) throw notFound(`Product with SKU "${sku}" not found`);
    if (product.available < cantidad) {
      throw conflict(`Insufficient stock for product "${sku}": requested ${cantidad}, available ${product.available}`);
    }
    return { product, cantidad };
  });
  for (const { product, cantidad } of lines) product.available -= cantidad;
  const pickup: PickupRecord = {
    id,
    createdAt: now,
    lines: lines.map(({ product, cantidad }) => ({ sku: product.sku, nombre: product.nombre, units: cantidad })),
    razon: request.razon ?? null,
    comentarios: request.comentarios ?? null,
    recolector: request.recolector ?? null,
  };
  client.pickups.push(pickup);
  return pickup;
}

/** GET /api/rest/pickup-order, in the shape service-facts.md gives. */
export function viewPickups(client: ClientState, now: number) {
  return {
    ordenes_salida: client.pickups.map((p) => {
      const collectedAt = p.createdAt + 2 * HOUR;
      const estados = [{ estado: "CREADA", timestamp: new Date(p.createdAt).toISOString() }];
      if (now >= collectedAt) estados.push({ estado: "RECOLECTADA", timestamp: new Date(collectedAt).toISOString() });
      return {
        id: p.id,
        fecha_creacion: new Date(p.createdAt).toISOString(),
        detalle_orden_salidas: p.lines.map((line) => ({
          producto: { sku: line.sku, nombre: line.nombre },
          cantidad: line.units,
          recogido: now >= collectedAt,
        })),
        estados,
        almacen: { ...WAREHOUSE },
        razon: p.razon,
        comentarios: p.comentarios,
        fecha_recoleccion: new Date(collectedAt).toISOString(),
        recolector: p.recolector,
      };
    }),
  };
}
