// Background work as leased rows in the Job table (docs/decisions/004-jobs-as-leased-rows.md).
// Any number of app processes may run workers against one PostgreSQL: a job is claimed with
// FOR UPDATE SKIP LOCKED and a lease; a worker that dies loses its lease and another one
// reclaims the job once the lease expires. Handlers must therefore be safe to run again.
import { Prisma, type Job, type PrismaClient } from "@prisma/client";
import { AsyncLocalStorage } from "node:async_hooks";
import { EventEmitter } from "node:events";
import { currentRequestId } from "../logger.server";
import { column, sqlOf, statement } from "../sql.server";
import { currentTraceparent } from "../telemetry.server";
import { queuePolicy, recurringJobs, type JobPayloads, type QueueName } from "./registry";

// This module is the one place that knows the Job table: every other module adds and inspects
// work through the functions below (docs/decisions/011-composition-root.md).

/** Anything that runs SQL: the database or a transaction's client. */
export type Conn = Pick<Prisma.TransactionClient, "$queryRaw" | "$executeRaw">;
/**
 * What the statements every job runs (its claim, its lease, its outcome, an enqueue) run on: they
 * are prepared on the composition root's pool (app/sql.server.ts, ADR 036); a client made
 * elsewhere runs the same text through its raw queries.
 */
export type StatementConn = Conn & Pick<Prisma.TransactionClient, "$queryRawUnsafe" | "$executeRawUnsafe">;
/** The database outside a transaction (each statement commits on its own). */
export type Db = StatementConn & Pick<PrismaClient, "$transaction">;

/** Emits "enqueued" when this process adds work, so its worker wakes without waiting to poll. */
export const jobSignals = new EventEmitter();

/** Adds a job of queue Q: its payload is the one the queue declared (app/jobs/registry.ts). */
export type EnqueueOf<Q extends QueueName> = {
  queue: Q;
  /** Identifies the work: enqueueing the same (queue, key) again reuses the one row. */
  key: string;
  shop: string;
  runAt?: Date;
  /** Instead of the queue's retryLimit (a test's, or a one-off). */
  maxAttempts?: number;
  /**
   * A condition (an SQL boolean) the job is written under, decided by the enqueue statement itself:
   * false, and no row is added or woken. The feature that owes the job owns what it reads (e.g.
   * whether a Flow workflow uses a trigger, ADR 037), so the queue knows no feature's tables.
   */
  onlyIf?: Prisma.Sql;
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "may the payload be left out"
} & ({} extends JobPayloads[Q] ? { payload?: JobPayloads[Q] } : { payload: JobPayloads[Q] });

/** A job of any declared queue, its payload typed by its queue. */
export type EnqueueArgs = { [Q in QueueName]: EnqueueOf<Q> }[QueueName];

/** Adds work: outside a transaction (jobWriter) or inside one (withJobs). */
export interface JobWriter {
  enqueue(args: EnqueueArgs): Promise<void>;
}

type JobState = "queued" | "running" | "done" | "failed";

/**
 * A transaction's view of the queue: what it adds becomes visible, and wakes workers, on commit.
 * (No need to look at a job's state before adding: an enqueue of a running job is kept as a
 * wake-up, see enqueueStatement.)
 */
export type TxJobs = JobWriter;

// The job whose handler is running in this async context (runAsJob): its own key enqueued by it is
// no news to it, since the outcome it returns decides its next run.
const runningJob = new AsyncLocalStorage<{ queue: string; key: string }>();

/** Runs `fn` (a job's handler) as `job`: what it enqueues under its own key leaves its row alone. */
export function runAsJob<T>(job: Pick<Job, "queue" | "key">, fn: () => Promise<T>): Promise<T> {
  return runningJob.run({ queue: job.queue, key: job.key }, fn);
}

/**
 * The upsert behind every enqueue, as one statement: adds a job, or wakes the existing
 * (queue, key) row: a finished or failed row is queued again, a queued one runs at the earlier of
 * the two times, and a running one is marked to run again once this run finishes (wakeAt,
 * wakePayload): the run may have read past what this enqueue is about (an order cancelled while
 * it is being submitted), so the wake-up is kept, never dropped (finishJobState, claimWhere) —
 * unless the enqueue comes from that run itself (runAsJob): e.g. a submission that puts its record
 * back to pending after a failure, whose job's outcome already says when to try again.
 * With `from`, a row is written only for each row that relation yields (used inside a larger
 * single statement, e.g. the orders/paid fast path). With `onlyIf`, only while that condition holds.
 */
export function enqueueStatement(args: EnqueueArgs, from?: Prisma.Sql): Prisma.Sql {
  const runAt = args.runAt ?? new Date();
  const payload = JSON.stringify(args.payload ?? {});
  // The queue's declared policy (app/jobs/registry.ts) decides its attempts and its priority.
  const policy = queuePolicy(args.queue);
  const source = from ? Prisma.sql`FROM ${from}` : Prisma.empty;
  const condition = args.onlyIf ? Prisma.sql`WHERE ${args.onlyIf}` : Prisma.empty;
  // The request enqueuing (if any): its id goes into the job's log lines, its trace into the job's span.
  const requestId = currentRequestId() ?? null;
  const traceparent = currentTraceparent() ?? null;
  const running = runningJob.getStore();
  const ownRun = running?.queue === args.queue && running.key === args.key;
  return Prisma.sql`
    INSERT INTO "Job" (id, queue, key, shop, payload, state, "runAt", "maxAttempts", priority, "requestId", traceparent, "updatedAt")
    SELECT gen_random_uuid(), ${args.queue}, ${args.key}, ${args.shop}, ${payload}::jsonb, 'queued', ${runAt},
           ${args.maxAttempts ?? policy.retryLimit}::int, ${policy.priority}::smallint, ${requestId}::text, ${traceparent}::text, now()
    ${source} ${condition}
    ON CONFLICT (queue, key) DO UPDATE SET
      payload = CASE WHEN "Job".state = 'running' THEN "Job".payload ELSE EXCLUDED.payload END,
      "wakePayload" = CASE WHEN "Job".state = 'running' THEN EXCLUDED.payload END,
      "wakeAt" = CASE WHEN "Job".state = 'running' THEN LEAST("Job"."wakeAt", EXCLUDED."runAt") END,
      priority = EXCLUDED.priority,
      "requestId" = EXCLUDED."requestId",
      traceparent = EXCLUDED.traceparent,
      "maxAttempts" = EXCLUDED."maxAttempts",
      "runAt" = CASE "Job".state WHEN 'queued' THEN LEAST("Job"."runAt", EXCLUDED."runAt")
                                 WHEN 'running' THEN "Job"."runAt" ELSE EXCLUDED."runAt" END,
      attempts = CASE WHEN "Job".state IN ('done', 'failed') THEN 0 ELSE "Job".attempts END,
      "lastError" = CASE WHEN "Job".state IN ('done', 'failed') THEN NULL ELSE "Job"."lastError" END,
      "lastErrorCode" = CASE WHEN "Job".state IN ('done', 'failed') THEN NULL ELSE "Job"."lastErrorCode" END,
      state = CASE WHEN "Job".state = 'running' THEN 'running' ELSE 'queued' END,
      "updatedAt" = now()
    ${ownRun ? Prisma.sql`WHERE "Job".state <> 'running'` : Prisma.empty}`;
}

/** Wakes this process's workers of `queues`: call only once the jobs are committed. */
export function signalEnqueued(...queues: string[]): void {
  for (const queue of new Set(queues)) jobSignals.emit("enqueued", queue);
}

/** Outside a transaction: each enqueue commits at once and wakes this process's worker. */
export function jobWriter(db: Db): JobWriter {
  return {
    async enqueue(args) {
      await sqlOf(db).composed(enqueueStatement(args), () => undefined);
      signalEnqueued(args.queue);
    },
  };
}

/** Adds a job (or wakes its row, see enqueueStatement), outside a transaction. */
export function enqueueJob(db: Db, args: EnqueueArgs): Promise<void> {
  return jobWriter(db).enqueue(args);
}

/**
 * Runs `fn` in one transaction with the queue at hand: the jobs it adds exist together with its
 * other writes or not at all, and workers are woken only after the commit.
 */
export async function withJobs<T>(
  db: Pick<PrismaClient, "$transaction">,
  fn: (tx: Prisma.TransactionClient, jobs: TxJobs) => Promise<T>,
): Promise<T> {
  const queues: string[] = [];
  const result = await db.$transaction(async (tx) => {
    queues.length = 0; // a retried transaction starts over
    const jobs: TxJobs = {
      async enqueue(args) {
        await tx.$executeRaw(enqueueStatement(args));
        queues.push(args.queue);
      },
    };
    return fn(tx, jobs);
  });
  signalEnqueued(...queues);
  return result;
}

/**
 * Makes sure the app's recurring jobs (declared with their queues, app/jobs/registry.ts) exist and
 * run by `now` (each worker calls it as it starts; one row each for every process): `only` picks some.
 */
export async function ensureRecurringJobs(db: Db, now: Date, only?: readonly QueueName[]): Promise<void> {
  for (const { queue, key } of recurringJobs()) {
    if (only && !only.includes(queue)) continue;
    await sqlOf(db).composed(enqueueStatement({ queue, key, shop: "", runAt: now } as EnqueueArgs), () => undefined);
    signalEnqueued(queue);
  }
}

/** The state of the (queue, key) row, or null when there is none. */
async function jobState(db: Conn, queue: string, key: string): Promise<JobState | null> {
  const [row] = await db.$queryRaw<{ state: JobState }[]>`
    SELECT state FROM "Job" WHERE queue = ${queue} AND key = ${key}`;
  return row?.state ?? null;
}

/** Whether the (queue, key) row is waiting or running (work that will still happen). */
export async function isJobActive(db: Conn, queue: string, key: string): Promise<boolean> {
  const state = await jobState(db, queue, key);
  return state === "queued" || state === "running";
}

/** Deletes every job of a shop (the shop's data is being erased). */
export function deleteShopJobs(db: Pick<PrismaClient, "job">, shop: string) {
  return db.job.deleteMany({ where: { shop } });
}

/**
 * Claims up to `limit` due jobs of `queues` (or expired leases) for `owner`, atomically and in one
 * statement (a batch: one round trip however many slots are free), the most urgent first: by
 * priority (the queues' declared policy, ADR 024), then by when they were due. The statement walks
 * two partial indexes, each FOR UPDATE SKIP LOCKED and stopping at the limit however many
 * background jobs wait behind: expired leases (a few running rows; a job whose worker died goes
 * before new work of its priority), then queued rows in (priority, runAt) order.
 * A run that starts now sees everything a wake-up asked for before it (an expired lease's job
 * taken over with a wake-up pending): the wake-up's payload becomes the run's, and is settled.
 */
export async function claimJobs(
  db: StatementConn,
  args: {
    queues: string[];
    owner: string;
    leaseMs: number;
    limit: number;
    now: Date;
    /** false: queued rows only (a busy worker looks for expired leases now and then, not at every claim). */
    expired?: boolean;
  },
): Promise<Job[]> {
  if (args.limit <= 0) return [];
  const leaseUntil = new Date(args.now.getTime() + args.leaseMs);
  // With `expired: false` the first CTE asks for no row (LIMIT 0) and costs nothing.
  const expiredLimit = args.expired === false ? 0 : args.limit;
  const rows = await sqlOf(db).rows(CLAIM, args.now, args.queues, expiredLimit, args.limit, args.owner, leaseUntil);
  // RETURNING follows no order: hand them to the worker most urgent first.
  return rows.sort((a, b) => a.priority - b.priority || a.runAt.getTime() - b.runAt.getTime());
}

/** Every column of a Job row, as Prisma types them (the claim hands the worker whole rows). */
const JOB_COLUMNS = `id::text AS id, queue, key, shop, payload, state, "runAt", attempts, "maxAttempts", priority::int AS priority,
  "leaseOwner", "leaseExpiresAt", "lastError", "lastErrorCode", "requestId", traceparent, "wakeAt", "wakePayload",
  "createdAt", "updatedAt"`;

/** A Job row as Prisma types it; a column of the wrong type throws, naming the statement. */
function jobRow(of: string) {
  return (raw: Record<string, unknown>): Job => {
    const text = (key: string) => column.string(raw, key, of);
    const maybeText = (key: string) => column.nullableString(raw, key, of);
    const maybeDate = (key: string) => column.nullableDate(raw, key, of);
    const int = (key: string) => column.number(raw, key, of);
    return {
      id: text("id"),
      queue: text("queue"),
      key: text("key"),
      shop: text("shop"),
      payload: column.json(raw, "payload", of) as Prisma.JsonValue,
      state: text("state"),
      runAt: column.date(raw, "runAt", of),
      attempts: int("attempts"),
      maxAttempts: int("maxAttempts"),
      priority: int("priority"),
      leaseOwner: maybeText("leaseOwner"),
      leaseExpiresAt: maybeDate("leaseExpiresAt"),
      lastError: maybeText("lastError"),
      lastErrorCode: maybeText("lastErrorCode"),
      requestId: maybeText("requestId"),
      traceparent: maybeText("traceparent"),
      wakeAt: maybeDate("wakeAt"),
      wakePayload: column.json(raw, "wakePayload", of) as Prisma.JsonValue,
      createdAt: column.date(raw, "createdAt", of),
      updatedAt: column.date(raw, "updatedAt", of),
    };
  };
}

/**
 * The claim (claimJobs): expired leases first, then due queued rows, each walking its partial
 * index FOR UPDATE SKIP LOCKED up to its limit; the picked rows are leased in one UPDATE.
 */
const CLAIM = statement<
  [now: Date, queues: string[], expiredLimit: number, limit: number, owner: string, leaseUntil: Date],
  Job
>(
  "job_claim",
  `WITH expired AS (
      SELECT id FROM "Job"
      WHERE state = 'running' AND "leaseExpiresAt" < $1::timestamp AND queue = ANY($2::text[])
      ORDER BY priority, "runAt" LIMIT $3::int FOR UPDATE SKIP LOCKED
    ), due AS (
      SELECT id FROM "Job"
      WHERE state = 'queued' AND "runAt" <= $1::timestamp AND queue = ANY($2::text[])
      ORDER BY priority, "runAt" LIMIT $4::int FOR UPDATE SKIP LOCKED
    ), picked AS (
      SELECT id FROM (SELECT id, 0 AS k FROM expired UNION ALL SELECT id, 1 AS k FROM due) candidates
      ORDER BY k LIMIT $4::int
    )
    UPDATE "Job" SET state = 'running', "leaseOwner" = $5::text, "leaseExpiresAt" = $6::timestamp,
                     attempts = attempts + 1, payload = COALESCE("wakePayload", payload),
                     "wakeAt" = NULL, "wakePayload" = NULL, "updatedAt" = now()
    WHERE id IN (SELECT id FROM picked)
    RETURNING ${JOB_COLUMNS}`,
  jobRow("job_claim"),
);

/**
 * Hands back the jobs a stopped worker still held (a shutdown that could not wait for them): they
 * are queued again at once for any worker, and the interrupted run does not count as an attempt.
 * Call it only once that worker can no longer finish them (its thread has ended).
 */
export async function releaseLeases(db: Conn, owner: string): Promise<number> {
  return db.$executeRaw`
    UPDATE "Job" SET state = 'queued', "leaseOwner" = NULL, "leaseExpiresAt" = NULL, "runAt" = now(),
                     attempts = GREATEST(attempts - 1, 0), "updatedAt" = now()
    WHERE state = 'running' AND "leaseOwner" = ${owner}`;
}

/**
 * What a handler decided: finished; try again later (counts as a failed attempt); run again later
 * (a periodic job's next run, or a step that waits); or give up now (nothing a retry could change).
 * A retry without `at`, or a failed periodic run (`error`) without `at`, runs again when its
 * queue's declared policy says (app/jobs/registry.ts): handlers do no retry arithmetic of their own.
 */
export type JobOutcome =
  | { kind: "done" }
  | {
      kind: "retry";
      /** Unset: after the queue's retry delay, with its backoff. */
      at?: Date;
      /** The error's text, for logs and support. */
      error: string;
      /** What failed, as a code the pages word (app/job-errors/error-codes.ts); "unexpected" when not given. */
      errorCode?: string;
    }
  | {
      kind: "reschedule";
      /** Unset: after the queue's retry delay (a periodic run that failed and carries on). */
      at?: Date;
      payload?: Prisma.InputJsonValue;
      /** A periodic job whose run failed and that carries on at `at`: kept as lastError for the merchant to see. */
      error?: string;
      errorCode?: string;
    }
  | { kind: "fail"; error: string; errorCode?: string };

/** An outcome with its time decided (the worker applies the queue's policy): what is recorded. */
export type DecidedOutcome =
  | Exclude<JobOutcome, { kind: "retry" | "reschedule" }>
  | (Extract<JobOutcome, { kind: "retry" | "reschedule" }> & { at: Date });

/**
 * Records the outcome, fenced on the lease: a worker whose lease was taken over by another
 * changes nothing. A wake-up that came during the run (enqueueStatement) then applies to the
 * outcome as the enqueue would have to a row in that state: a finished or given-up job is queued
 * again at the wake-up's time with fresh attempts, one to be retried or rescheduled runs at the
 * earlier of the two times; the wake-up's payload is the next run's. Answers the job's state after
 * it ("failed": it gave up), or null when the lease was lost.
 */
export async function finishJobState(
  db: StatementConn,
  job: Pick<Job, "id" | "leaseOwner">,
  outcome: DecidedOutcome,
): Promise<"done" | "queued" | "failed" | null> {
  const owner = job.leaseOwner ?? "";
  const sql = sqlOf(db);
  let rows: FinishedRow[];
  if (outcome.kind === "done") rows = await sql.rows(FINISH_DONE, job.id, owner);
  else if (outcome.kind === "retry")
    rows = await sql.rows(FINISH_RETRY, job.id, owner, outcome.at, outcome.error, outcome.errorCode ?? "unexpected");
  else if (outcome.kind === "fail")
    rows = await sql.rows(FINISH_FAIL, job.id, owner, outcome.error, outcome.errorCode ?? "unexpected");
  else
    rows = await sql.rows(
      FINISH_RESCHEDULE,
      job.id,
      owner,
      outcome.at,
      outcome.error ?? null,
      outcome.error === undefined ? null : (outcome.errorCode ?? "unexpected"),
      outcome.payload === undefined ? null : JSON.stringify(outcome.payload),
    );
  return rows[0]?.state ?? null;
}

type FinishedRow = { state: "done" | "queued" | "failed" };

/**
 * An outcome's statement: `set` (SET reads the row as it was before), fenced on the lease ($1 the
 * job's id, $2 its lease owner: a run whose lease was taken over changes nothing); every outcome
 * settles the wake-up and the lease.
 */
function finishStatement<Params extends readonly unknown[]>(name: string, set: string) {
  return statement<Params, FinishedRow>(
    name,
    `UPDATE "Job" SET ${set},
                     "wakeAt" = NULL, "wakePayload" = NULL, "leaseOwner" = NULL, "leaseExpiresAt" = NULL,
                     "updatedAt" = now()
     WHERE id = $1::uuid AND "leaseOwner" = $2::text AND state = 'running' RETURNING state`,
    (raw) => {
      const state = column.string(raw, "state", name);
      if (state !== "done" && state !== "queued" && state !== "failed")
        throw new Error(`SQL statement "${name}": column "state" is "${state}"`);
      return { state };
    },
  );
}

const FINISH_DONE = finishStatement<[id: string, owner: string]>(
  "job_finish_done",
  `state = CASE WHEN "wakeAt" IS NULL THEN 'done' ELSE 'queued' END,
   "runAt" = COALESCE("wakeAt", "runAt"),
   attempts = CASE WHEN "wakeAt" IS NULL THEN attempts ELSE 0 END,
   payload = COALESCE("wakePayload", payload),
   "lastError" = NULL, "lastErrorCode" = NULL`,
);

// Given up (attempts spent) but woken meanwhile: queued again with fresh attempts, as an enqueue
// does to a failed row.
const FINISH_RETRY = finishStatement<[id: string, owner: string, at: Date, error: string, errorCode: string]>(
  "job_finish_retry",
  `state = CASE WHEN attempts < "maxAttempts" OR "wakeAt" IS NOT NULL THEN 'queued' ELSE 'failed' END,
   "runAt" = CASE WHEN "wakeAt" IS NULL THEN $3::timestamp
                  WHEN attempts >= "maxAttempts" THEN "wakeAt"
                  ELSE LEAST("wakeAt", $3::timestamp) END,
   attempts = CASE WHEN attempts >= "maxAttempts" AND "wakeAt" IS NOT NULL THEN 0 ELSE attempts END,
   "lastError" = CASE WHEN attempts >= "maxAttempts" AND "wakeAt" IS NOT NULL THEN NULL ELSE $4::text END,
   "lastErrorCode" = CASE WHEN attempts >= "maxAttempts" AND "wakeAt" IS NOT NULL THEN NULL ELSE $5::text END,
   payload = COALESCE("wakePayload", payload)`,
);

// Given up at once; a wake-up that came meanwhile (a new payload) queues it again with fresh attempts.
const FINISH_FAIL = finishStatement<[id: string, owner: string, error: string, errorCode: string]>(
  "job_finish_fail",
  `state = CASE WHEN "wakeAt" IS NULL THEN 'failed' ELSE 'queued' END,
   "runAt" = COALESCE("wakeAt", "runAt"),
   attempts = CASE WHEN "wakeAt" IS NULL THEN attempts ELSE 0 END,
   "lastError" = CASE WHEN "wakeAt" IS NULL THEN $3::text END,
   "lastErrorCode" = CASE WHEN "wakeAt" IS NULL THEN $4::text END,
   payload = COALESCE("wakePayload", payload)`,
);

const FINISH_RESCHEDULE = finishStatement<
  [id: string, owner: string, at: Date, error: string | null, errorCode: string | null, payload: string | null]
>(
  "job_finish_reschedule",
  `state = 'queued', "runAt" = LEAST("wakeAt", $3::timestamp), attempts = 0,
   "lastError" = $4::text, "lastErrorCode" = $5::text,
   payload = COALESCE("wakePayload", $6::jsonb, payload)`,
);

/** Jobs due to run and not yet claimed, per queue, and how long the oldest has waited (the metrics' gauges). */
export async function queueBacklog(
  db: Conn,
): Promise<Array<{ queue: string; depth: number; oldestAgeSeconds: number }>> {
  // The (state, runAt) index answers this: only the due part of the queued jobs is read.
  const rows = await db.$queryRaw<Array<{ queue: string; depth: number; age: number }>>`
    SELECT queue, count(*)::int AS depth, EXTRACT(EPOCH FROM (now() - min("runAt")))::float8 AS age
    FROM "Job" WHERE state = 'queued' AND "runAt" <= now() GROUP BY queue`;
  return rows.map((row) => ({ queue: row.queue, depth: row.depth, oldestAgeSeconds: Math.max(0, row.age) }));
}

/**
 * Extends a running job's lease to at least `until` (long jobs call this as they make progress, the
 * worker as its handler runs): never shortens a longer lease a handler took. False when the run
 * no longer holds the job.
 */
export async function extendLease(
  db: StatementConn,
  job: Pick<Job, "id" | "leaseOwner">,
  until: Date,
): Promise<boolean> {
  return (await sqlOf(db).count(EXTEND_LEASE, until, job.id, job.leaseOwner ?? "")) === 1;
}

const EXTEND_LEASE = statement<[until: Date, id: string, owner: string]>(
  "job_extend_lease",
  `UPDATE "Job" SET "leaseExpiresAt" = GREATEST("leaseExpiresAt", $1::timestamp), "updatedAt" = now()
   WHERE id = $2::uuid AND "leaseOwner" = $3::text AND state = 'running'`,
);

/**
 * A job of the shop that needs a person: one that gave up (failed after its attempts), one still
 * retrying that has failed FAILING_AFTER_ATTEMPTS times in a row (a poll allows 1,000 attempts:
 * days of a tracking write-back failing would otherwise stay silent), or a periodic one whose last
 * run failed (queued again with an error and no attempts counted: the reschedule outcome's `error`).
 */
const FAILING_AFTER_ATTEMPTS = 5;
const PROBLEM = Prisma.sql`(state = 'failed' OR (state = 'queued' AND "lastError" IS NOT NULL
  AND (attempts = 0 OR attempts >= ${FAILING_AFTER_ATTEMPTS}::int)))`;

export interface JobProblem {
  id: string;
  queue: string;
  key: string;
  payload: Prisma.JsonValue;
  state: "failed" | "queued";
  attempts: number;
  lastError: string | null;
  lastErrorCode: string | null;
  updatedAt: Date;
}

export function listJobProblems(
  db: Conn,
  args: { shop: string; queues: string[]; limit?: number },
): Promise<JobProblem[]> {
  return db.$queryRaw<JobProblem[]>`
    SELECT id::text, queue, key, payload, state, attempts, "lastError", "lastErrorCode", "updatedAt" FROM "Job"
    WHERE shop = ${args.shop} AND queue = ANY(${args.queues}::text[]) AND ${PROBLEM}
    ORDER BY "updatedAt" DESC
    LIMIT ${args.limit ?? 100}`;
}

/** Runs one of the shop's problem jobs (listJobProblems) again now, with fresh attempts; false when it is not one. */
export async function retryJobProblem(
  db: Conn,
  args: { shop: string; id: string; queues: string[]; now: Date },
): Promise<boolean> {
  const [row] = await db.$queryRaw<{ queue: string }[]>`
    UPDATE "Job" SET state = 'queued', "runAt" = ${args.now}, attempts = 0, "lastError" = NULL, "lastErrorCode" = NULL,
                     "updatedAt" = now()
    WHERE id = ${args.id}::uuid AND shop = ${args.shop} AND queue = ANY(${args.queues}::text[]) AND ${PROBLEM}
    RETURNING queue`;
  if (row) signalEnqueued(row.queue);
  return Boolean(row);
}

/** Deletes at most `batch` jobs finished before `before`; returns how many. */
export function deleteFinishedJobs(
  db: Pick<PrismaClient, "$executeRaw">,
  before: Date,
  batch: number,
): Promise<number> {
  return db.$executeRaw`
    DELETE FROM "Job" WHERE id IN (
      SELECT id FROM "Job" WHERE state = 'done' AND "updatedAt" < ${before} LIMIT ${batch} FOR UPDATE SKIP LOCKED)`;
}
