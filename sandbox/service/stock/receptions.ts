import { WAREHOUSE } from "../warehouse";
import type { ClientState, ProductRecord, ReceptionRecord } from "../state/types";

/** Records stock arriving at the warehouse; zero-unit lines are not a reception. */
export function recordReception(
  client: ClientState,
  reception: Omit<ReceptionRecord, "lines">,
  products: ReadonlyArray<{ product: ProductRecord; units: number }>,
): void {
  const lines = products
    .filter(({ units }) => units > 0)
    .map(({ product, units }) => ({ sku: product.sku, nombre: product.nombre, units }));
  if (lines.length > 0) client.receptions.push({ ...reception, lines });
}

/** GET /api/rest/reception; the service does not publish this shape, the sandbox README does. */
export function viewReceptions(client: ClientState) {
  return {
    recepciones: client.receptions.map((r) => ({
      id: r.id,
      fecha_creacion: new Date(r.createdAt).toISOString(),
      estado: "COMPLETADA",
      origen: r.origin,
      almacen: { nombre_almacen: WAREHOUSE.nombre_almacen },
      detalle_recepcion: r.lines.map((line) => ({
        producto: { sku: line.sku, nombre: line.nombre },
        cantidad_esperada: line.units,
        cantidad_recibida: line.units,
      })),
    })),
  };
}
