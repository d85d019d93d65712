/**
 * What the catalogue announces: a full sync ran to its end. A feature that owes work after it
 * (the checkout readiness check, app/orchestration/readiness-subscriber.ts) subscribes through the
 * composition root (app/composition.server.ts), so the catalogue imports no subscriber. A
 * subscriber answers with the jobs it owes, written in the same transaction as the sync's end
 * (full-sync.server.ts), so the end and the work it owes exist together or not at all.
 * Pure: a subscriber decides, it writes nothing.
 */
import type { EnqueueArgs } from "../jobs/queue.server";

/** A full catalogue sync completed. */
export interface CatalogSyncEnded {
  shop: string;
  syncId: string;
  now: Date;
}

/** A feature's answer to the catalogue's events: the jobs each one owes it. */
export interface CatalogSubscriber {
  syncEnded?(event: CatalogSyncEnded): EnqueueArgs[];
}

const subscribers = new Set<CatalogSubscriber>();

/** Subscribes `subscriber` to the catalogue's events (the composition root does, once per process). */
export function subscribeToCatalog(subscriber: CatalogSubscriber): void {
  subscribers.add(subscriber);
}

/** The jobs every subscriber owes after a sync's end. */
export function jobsOwedOnSyncEnd(event: CatalogSyncEnded): EnqueueArgs[] {
  return [...subscribers].flatMap((subscriber) => subscriber.syncEnded?.(event) ?? []);
}
