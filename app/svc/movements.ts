/**
 * Stock coming in and going out, in English: receptions (GET /api/rest/reception, undocumented:
 * read as far as it is recognised, the rest kept whole) and pickup orders (GET
 * /api/rest/pickup-order, the withdrawals of the client's own stock, service-facts.md).
 */
import type { SvcClient } from "./client";
import type { SvcCallOptions } from "./options";
import type { SvcPickupOrder } from "./wire/inventory";

interface ReceptionLine {
  sku: string | null;
  name: string | null;
  expected: number | null;
  received: number | null;
}

export interface Reception {
  id: string | null;
  createdAt: string | null;
  status: string | null;
  origin: string | null;
  warehouse: string | null;
  lines: ReceptionLine[];
  /** The fields the app does not recognise, as the service sent them. */
  unrecognised: Record<string, unknown>;
}

/**
 * The reception endpoint's answer: the receptions recognised in it, or `unreadable` when no list of
 * receptions could be found. `body` is the answer whole, either way.
 */
export type ReceptionsAnswer =
  | { kind: "read"; receptions: Reception[]; body: unknown }
  | { kind: "unreadable"; body: unknown };

interface WithdrawalLine {
  sku: string | null;
  name: string | null;
  units: number | null;
  collected: boolean | null;
}

export interface Withdrawal {
  id: string;
  createdAt: string | null;
  lines: WithdrawalLine[];
  /** Its states in order, each with when it was reached. */
  timeline: Array<{ state: string; at: string | null }>;
  warehouse: string | null;
  reason: string | null;
  comments: string | null;
  collectedAt: string | null;
  collector: string | null;
}

const KNOWN_RECEPTION_FIELDS = new Set(["id", "fecha_creacion", "estado", "origen", "almacen", "detalle_recepcion"]);

export async function readReceptions(client: SvcClient, options?: SvcCallOptions): Promise<ReceptionsAnswer> {
  const body = await client.getReception(options);
  const list = Array.isArray(body) ? body : body.recepciones;
  if (!Array.isArray(list)) return { kind: "unreadable", body };
  const receptions = list.map(receptionOf);
  if (receptions.some((r) => r === null)) return { kind: "unreadable", body };
  return { kind: "read", receptions: receptions as Reception[], body };
}

function receptionOf(value: unknown): Reception | null {
  const entry = recordOf(value);
  if (!entry) return null;
  const lines = entry.detalle_recepcion;
  if (lines !== undefined && lines !== null && !Array.isArray(lines)) return null;
  const unrecognised = Object.fromEntries(Object.entries(entry).filter(([key]) => !KNOWN_RECEPTION_FIELDS.has(key)));
  return {
    id: textOf(entry.id),
    createdAt: textOf(entry.fecha_creacion),
    status: textOf(entry.estado),
    origin: textOf(entry.origen),
    warehouse: textOf(recordOf(entry.almacen)?.nombre_almacen),
    lines: (lines ?? []).map((line) => {
      const item = recordOf(line);
      const product = recordOf(item?.producto);
      return {
        sku: textOf(product?.sku ?? item?.sku),
        name: textOf(product?.nombre ?? item?.nombre),
        expected: numberOf(item?.cantidad_esperada),
        received: numberOf(item?.cantidad_recibida ?? item?.cantidad),
      };
    }),
    unrecognised,
  };
}

export async function readWithdrawals(client: SvcClient, options?: SvcCallOptions): Promise<Withdrawal[]> {
  return (await client.listPickupOrders(options)).map(withdrawalOf);
}

function withdrawalOf(order: SvcPickupOrder): Withdrawal {
  return {
    id: String(order.id),
    createdAt: order.fecha_creacion ?? null,
    lines: (order.detalle_orden_salidas ?? []).map((line) => ({
      sku: line.producto?.sku ?? null,
      name: line.producto?.nombre ?? null,
      units: numberOf((line as Record<string, unknown>).cantidad),
      collected: booleanOf(line.recogido),
    })),
    timeline: (order.estados ?? []).map((s) => ({ state: s.estado, at: s.timestamp ?? null })),
    warehouse: order.almacen?.nombre_almacen ?? null,
    reason: order.razon ?? null,
    comments: order.comentarios ?? null,
    collectedAt: order.fecha_recoleccion ?? null,
    collector: textOf(order.recolector),
  };
}

function recordOf(value: unknown): Record<string, unknown> | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function textOf(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

function numberOf(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

function booleanOf(value: unknown): boolean | null {
  if (typeof value === "boolean") return value;
  if (value === 1 || value === "1" || value === "true") return true;
  if (value === 0 || value === "0" || value === "false") return false;
  return null;
}
