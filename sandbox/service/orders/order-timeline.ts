import type { OrderRecord } from "../state/types";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Sandbox time after creation at which each status is reached; DELIVERED depends on the service. */
const ORDER_TIMELINE: ReadonlyArray<{ status: string; afterMs: number }> = [
  { status: "WAITING", afterMs: 0 },
  { status: "PICK", afterMs: 5 * MINUTE },
  { status: "PACK", afterMs: 15 * MINUTE },
  { status: "READY_TO_GO", afterMs: 30 * MINUTE },
  { status: "IN_TRANSIT", afterMs: 60 * MINUTE },
];

const IN_TRANSIT_AFTER_MS = 60 * MINUTE;

/** Delivery lands on the quoted day count, never before the parcel left (days is at least 1). */
const deliveredAfterMs = (days: number) => Math.max(days * DAY, IN_TRANSIT_AFTER_MS + MINUTE);

export interface StatusEntry {
  estado_orden: string;
  at: number;
}

/** Every status the order has reached by `now`, oldest first; computed, never stored. */
export function statusHistory(order: Pick<OrderRecord, "createdAt" | "days">, now: number): StatusEntry[] {
  const steps = [...ORDER_TIMELINE, { status: "DELIVERED", afterMs: deliveredAfterMs(order.days) }];
  return steps
    .filter((step) => order.createdAt + step.afterMs <= now)
    .map((step) => ({ estado_orden: step.status, at: order.createdAt + step.afterMs }));
}

export function currentStatus(order: Pick<OrderRecord, "createdAt" | "days">, now: number): string {
  const history = statusHistory(order, now);
  return history[history.length - 1]?.estado_orden ?? "WAITING";
}

export const hasShipped = (order: Pick<OrderRecord, "createdAt">, now: number) =>
  now >= order.createdAt + IN_TRANSIT_AFTER_MS;

export const hasBeenPicked = (order: Pick<OrderRecord, "createdAt">, now: number) =>
  now >= order.createdAt + 15 * MINUTE;
