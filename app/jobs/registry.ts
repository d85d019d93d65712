// The queues as policy (docs/decisions/004-jobs-as-leased-rows.md, 024-job-priority.md): each
// feature names its queues' payloads by merging into JobPayloads, the way graphile-worker's
// `GraphileWorker.Tasks` is merged,
//
//   declare module "~/jobs/registry" { interface JobPayloads { "orders.submit": { orderId: string } } }
//
// and declares each queue once with defineQueue: the payload's schema (a stored payload is read
// back through it), how it retries and how urgent it is (pg-boss's queue options). Enqueueing and
// handling are then typed by the queue's name, and no handler casts what it was given.
// This module knows no feature: features call it.
import type { Job } from "@prisma/client";
import type { z } from "zod";

/** Each queue's payload, merged in by the features that own the queues. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface JobPayloads {}

/** A queue some feature declared. */
export type QueueName = keyof JobPayloads & string;

/** Lower is claimed first (docs/decisions/024-job-priority.md). The column's default is BACKGROUND. */
export const JobPriority = {
  /** Getting a paid order to the warehouse: Shopify and the merchant wait on these. */
  ORDERS: 0,
  /** Everything else: order notes, catalogue, polls, reconciliation, stock, readiness, retention, Flow triggers. */
  BACKGROUND: 1,
} as const;
export type JobPriority = (typeof JobPriority)[keyof typeof JobPriority];

/** How a queue's jobs are claimed and retried (pg-boss's queue options). */
export interface QueuePolicy {
  /** Strict: a queue of lower priority runs only when none of a higher one is due. */
  priority: JobPriority;
  /** Attempts before a failing job gives up (Job.maxAttempts). */
  retryLimit: number;
  /** Wait before the first retry of a failed run, and before a failed periodic run's next one. */
  retryDelayMs: number;
  /** Doubles the wait at each further failed attempt, up to retryMaxDelayMs. */
  retryBackoff: boolean;
  retryMaxDelayMs: number;
}

/**
 * A queue's policy when its declaration says nothing (and an undeclared queue's).
 * @internal
 */
export const DEFAULT_QUEUE_POLICY: Readonly<QueuePolicy> = {
  priority: JobPriority.BACKGROUND,
  retryLimit: 10,
  retryDelayMs: 5_000,
  retryBackoff: true,
  retryMaxDelayMs: 15 * 60_000,
};

/**
 * Work that exists once for the whole app, not per shop (shop ""), always queued: each worker
 * makes sure of it as it starts (ensureRecurringJobs), and its handler books the next run.
 */
interface RecurringJob {
  key: string;
}

export interface QueueDefinition<Q extends QueueName> {
  /** Reads a stored payload back; what it rejects makes the job fail at once, naming the field. */
  payload: z.ZodType<JobPayloads[Q]>;
  recurring?: RecurringJob;
}

interface Registered {
  policy: QueuePolicy;
  payload: z.ZodType;
  recurring?: RecurringJob;
}

const registry = new Map<string, Registered>();

/**
 * Declares a queue, once, beside its name in the feature that owns it; answers the name, so that
 * any module that enqueues on it has loaded its declaration first.
 */
export function defineQueue<Q extends QueueName>(
  queue: Q,
  definition: QueueDefinition<Q> & Partial<QueuePolicy>,
): Q {
  const { payload, recurring, ...policy } = definition;
  registry.set(queue, { payload, recurring, policy: { ...DEFAULT_QUEUE_POLICY, ...policy } });
  return queue;
}

/** The queue's policy (the default one for a queue no feature declared: a test's). */
export function queuePolicy(queue: string): QueuePolicy {
  return registry.get(queue)?.policy ?? DEFAULT_QUEUE_POLICY;
}

/** @internal */
export function queuePriority(queue: string): JobPriority {
  return queuePolicy(queue).priority;
}

/** The declared recurring jobs, as (queue, key). */
export function recurringJobs(): Array<{ queue: QueueName; key: string }> {
  return [...registry].flatMap(([queue, { recurring }]) =>
    recurring ? [{ queue: queue as QueueName, key: recurring.key }] : [],
  );
}

/** When a run that failed at its `attempts`-th attempt runs again, by its queue's policy. */
export function retryAt(queue: string, attempts: number, now: Date): Date {
  const policy = queuePolicy(queue);
  const factor = policy.retryBackoff ? 2 ** Math.max(0, attempts - 1) : 1;
  return new Date(now.getTime() + Math.min(policy.retryDelayMs * factor, policy.retryMaxDelayMs));
}

/** A job of queue Q as its handler gets it: the payload read through the queue's schema. */
export type JobOf<Q extends QueueName> = Omit<Job, "queue" | "payload"> & { queue: Q; payload: JobPayloads[Q] };

/** The stored payload read back through its queue's schema; a queue no feature declared passes it as it is. */
export function readPayload(
  job: Pick<Job, "queue" | "key" | "payload">,
): { ok: true; payload: unknown } | { ok: false; error: string } {
  const schema = registry.get(job.queue)?.payload;
  if (!schema) return { ok: true, payload: job.payload };
  const parsed = schema.safeParse(job.payload);
  if (parsed.success) return { ok: true, payload: parsed.data };
  const where = parsed.error.issues
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "(the payload)"}: ${issue.message}`)
    .join("; ");
  return { ok: false, error: `queue ${job.queue}, job ${job.key}: stored payload is invalid at ${where}` };
}
