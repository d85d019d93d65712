// Background work as leased rows in the Job table (docs/decisions/004-jobs-as-leased-rows.md).
// Any number of app processes may run workers against one PostgreSQL: a job is claimed with
// FOR UPDATE SKIP LOCKED and a lease; a worker that dies loses its lease and another one
// reclaims the job once the lease expires. Handlers must therefore be safe to run again.
import type { Job, Prisma, PrismaClient } from "@prisma/client";
import { EventEmitter } from "node:events";

export type Db = Pick<PrismaClient, "$queryRaw" | "$executeRaw" | "job">;

/** Emits "enqueued" when this process adds work, so its worker wakes without waiting to poll. */
export const jobSignals = new EventEmitter();

export interface EnqueueArgs {
  queue: string;
  /** Identifies the work: enqueueing the same (queue, key) again reuses the one row. */
  key: string;
  shop: string;
  payload?: Prisma.InputJsonValue;
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Adds a job, or wakes the existing (queue, key) row: a finished or failed row is queued again,
 * a queued one runs at the earlier of the two times, and a running one is left alone.
 */
export async function enqueueJob(db: Db, args: EnqueueArgs): Promise<void> {
  const runAt = args.runAt ?? new Date();
  const payload = JSON.stringify(args.payload ?? {});
  await db.$executeRaw`
    INSERT INTO "Job" (id, queue, key, shop, payload, state, "runAt", "maxAttempts", "updatedAt")
    VALUES (gen_random_uuid(), ${args.queue}, ${args.key}, ${args.shop}, ${payload}::jsonb, 'queued', ${runAt},
            ${args.maxAttempts ?? 10}, now())
    ON CONFLICT (queue, key) DO UPDATE SET
      payload = EXCLUDED.payload,
      "maxAttempts" = EXCLUDED."maxAttempts",
      "runAt" = CASE WHEN "Job".state = 'queued' THEN LEAST("Job"."runAt", EXCLUDED."runAt") ELSE EXCLUDED."runAt" END,
      attempts = CASE WHEN "Job".state IN ('done', 'failed') THEN 0 ELSE "Job".attempts END,
      "lastError" = CASE WHEN "Job".state IN ('done', 'failed') THEN NULL ELSE "Job"."lastError" END,
      state = 'queued',
      "updatedAt" = now()
    WHERE "Job".state <> 'running'`;
  jobSignals.emit("enqueued", args.queue);
}

/** Claims up to `limit` due jobs of `queues` (or expired leases) for `owner`, atomically. */
export async function claimJobs(
  db: Db,
  args: { queues: string[]; owner: string; leaseMs: number; limit: number; now: Date },
): Promise<Job[]> {
  const leaseUntil = new Date(args.now.getTime() + args.leaseMs);
  return db.$queryRaw<Job[]>`
    UPDATE "Job" SET state = 'running', "leaseOwner" = ${args.owner}, "leaseExpiresAt" = ${leaseUntil},
                     attempts = attempts + 1, "updatedAt" = now()
    WHERE id IN (
      SELECT id FROM "Job"
      WHERE queue = ANY(${args.queues}::text[])
        AND ((state = 'queued' AND "runAt" <= ${args.now})
             OR (state = 'running' AND "leaseExpiresAt" < ${args.now}))
      ORDER BY "runAt"
      LIMIT ${args.limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING *`;
}

/** What a handler decided: finished, try again later (counts as a failed attempt), or run again later. */
export type JobOutcome =
  | { kind: "done" }
  | { kind: "retry"; at: Date; error: string }
  | { kind: "reschedule"; at: Date; payload?: Prisma.InputJsonValue };

/**
 * Records the outcome, fenced on the lease: a worker whose lease was taken over by another
 * changes nothing. Returns false when the lease was lost.
 */
export async function finishJob(db: Db, job: Pick<Job, "id" | "leaseOwner">, outcome: JobOutcome): Promise<boolean> {
  const owner = job.leaseOwner ?? "";
  let count: number;
  if (outcome.kind === "done") {
    count = await db.$executeRaw`
      UPDATE "Job" SET state = 'done', "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "lastError" = NULL, "updatedAt" = now()
      WHERE id = ${job.id}::uuid AND "leaseOwner" = ${owner} AND state = 'running'`;
  } else if (outcome.kind === "retry") {
    count = await db.$executeRaw`
      UPDATE "Job" SET state = CASE WHEN attempts >= "maxAttempts" THEN 'failed' ELSE 'queued' END,
                       "runAt" = ${outcome.at}, "lastError" = ${outcome.error},
                       "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = now()
      WHERE id = ${job.id}::uuid AND "leaseOwner" = ${owner} AND state = 'running'`;
  } else {
    const payload = outcome.payload === undefined ? null : JSON.stringify(outcome.payload);
    count = await db.$executeRaw`
      UPDATE "Job" SET state = 'queued', "runAt" = ${outcome.at}, attempts = 0, "lastError" = NULL,
                       payload = COALESCE(${payload}::jsonb, payload),
                       "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "updatedAt" = now()
      WHERE id = ${job.id}::uuid AND "leaseOwner" = ${owner} AND state = 'running'`;
  }
  return count === 1;
}

/** Extends a running job's lease (long jobs call this as they make progress). */
export async function extendLease(db: Db, job: Pick<Job, "id" | "leaseOwner">, until: Date): Promise<boolean> {
  const count = await db.$executeRaw`
    UPDATE "Job" SET "leaseExpiresAt" = ${until}, "updatedAt" = now()
    WHERE id = ${job.id}::uuid AND "leaseOwner" = ${job.leaseOwner ?? ""} AND state = 'running'`;
  return count === 1;
}
