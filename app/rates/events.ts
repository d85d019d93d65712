/**
 * What the rates feature announces: the merchant ran a test quote (Tarifas). A feature that owes
 * work after it (the checkout readiness check, app/orchestration/readiness-subscriber.ts)
 * subscribes through the composition root (app/composition.server.ts), so rates imports no
 * subscriber. A subscriber answers with the jobs it owes, written in the same transaction as the
 * quote's record (test-quote.server.ts). Pure: a subscriber decides, it writes nothing.
 */
import type { EnqueueArgs } from "../jobs/queue.server";

/** The merchant's test quote was answered (whatever it answered). */
export interface TestQuoteRan {
  shop: string;
  now: Date;
}

/** A feature's answer to the rates feature's events: the jobs each one owes it. */
export interface RatesSubscriber {
  testQuoteRan?(event: TestQuoteRan): EnqueueArgs[];
}

const subscribers = new Set<RatesSubscriber>();

/** Subscribes `subscriber` to the rates feature's events (the composition root does, once per process). */
export function subscribeToRates(subscriber: RatesSubscriber): void {
  subscribers.add(subscriber);
}

/** The jobs every subscriber owes after a test quote. */
export function jobsOwedOnTestQuote(event: TestQuoteRan): EnqueueArgs[] {
  return [...subscribers].flatMap((subscriber) => subscriber.testQuoteRan?.(event) ?? []);
}
