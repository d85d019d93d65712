import type { RequestSpec } from "../transport";
import { parseWire } from "../validate";
import {
  pickupOrdersResponseSchema,
  receptionResponseSchema,
  stockResponseSchema,
  type SvcPickupOrder,
  type SvcReception,
  type SvcStockEntry,
} from "../wire/inventory";

/** POST /api/rest/inventory/stock: stock per product over all warehouses (no body; safe to repeat). */
export function getStockSpec(): RequestSpec<SvcStockEntry[]> {
  return {
    endpoint: "getStock",
    method: "POST",
    path: "/api/rest/inventory/stock",
    sideEffects: false,
    parse: (json) => parseWire(stockResponseSchema, json).inventario,
  };
}

/** GET /api/rest/pickup-order: withdrawals of the client's own stock. */
export function listPickupOrdersSpec(): RequestSpec<SvcPickupOrder[]> {
  return {
    endpoint: "listPickupOrders",
    method: "GET",
    path: "/api/rest/pickup-order",
    sideEffects: false,
    parse: (json) => parseWire(pickupOrdersResponseSchema, json).ordenes_salida,
  };
}

/** GET /api/rest/reception: undocumented shape, kept whole. */
export function getReceptionSpec(): RequestSpec<SvcReception> {
  return {
    endpoint: "getReception",
    method: "GET",
    path: "/api/rest/reception",
    sideEffects: false,
    parse: (json) => parseWire(receptionResponseSchema, json),
  };
}
