// Which work is claimed first (docs/decisions/024-job-priority.md). One table for every queue: a
// worker claims due jobs in (priority, runAt) order, so an order's work is never queued behind a
// flood of product webhooks, a catalogue sync, polls or maintenance. Strict, not weighted: a
// background job runs whenever no order job is due, which is almost always.
// A feature declares its queues' priorities beside their names (app/fulfillment/core/queues.ts) and the
// composition root hands them in here (declareQueuePriorities): the generic queue knows no feature.

/** Lower is claimed first. The column's default (prisma/schema.prisma) is BACKGROUND. */
export const JobPriority = {
  /** Getting a paid order to the warehouse: Shopify and the merchant wait on these. */
  ORDERS: 0,
  /** Everything else: order notes, catalogue, polls, reconciliation, stock, readiness, retention, Flow triggers. */
  BACKGROUND: 1,
} as const;

export type JobPriority = (typeof JobPriority)[keyof typeof JobPriority];

/** The queues claimed before the rest, as the composition root declared them; a queue not named here is BACKGROUND. */
const queuePriorities = new Map<string, JobPriority>();

/** Declares queues' priorities (the composition root does, once per process, from each feature's declaration). */
export function declareQueuePriorities(priorities: Readonly<Record<string, JobPriority>>): void {
  for (const [queue, priority] of Object.entries(priorities)) queuePriorities.set(queue, priority);
}

export function queuePriority(queue: string): JobPriority {
  return queuePriorities.get(queue) ?? JobPriority.BACKGROUND;
}
