import { hasShipped } from "../orders/order-timeline";
import type { ClientState } from "../state/types";

/**
 * POST /api/rest/inventory/stock. `disponibles` is what can still be ordered; `en_inventario`
 * also counts units reserved by orders that have not left the warehouse yet.
 */
export function stockReport(client: ClientState, now: number) {
  const reservedOnShelf = new Map<string, number>();
  for (const order of client.orders.values()) {
    if (hasShipped(order, now)) continue;
    for (const line of order.lines) {
      reservedOnShelf.set(line.productId, (reservedOnShelf.get(line.productId) ?? 0) + line.cantidad);
    }
  }
  const inventario = [];
  for (const product of client.products.values()) {
    inventario.push({
      sku: product.sku,
      upc: product.upc && product.upc !== "" ? product.upc : null,
      nombre: product.nombre,
      imagen_url: product.imagen_url,
      disponibles: product.available,
      en_inventario: product.available + (reservedOnShelf.get(product.id) ?? 0),
    });
  }
  return { inventario };
}
