// Runs the handlers of claimed jobs. One worker per process; several processes may share a database.
import type { Job } from "@prisma/client";
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { withLogContext } from "../logger.server";
import { metrics } from "../metrics.server";
import { inTraceSpan } from "../telemetry.server";
import {
  claimJobs,
  extendLease,
  finishJobState,
  jobSignals,
  runAsJob,
  type StatementConn,
  type DecidedOutcome,
  type JobOutcome,
} from "./queue.server";
import { readPayload, retryAt, type JobOf, type QueueName } from "./registry";

/**
 * A run's hold on its job. The worker renews the lease while the handler runs (every third of the
 * lease), so a slow step (Admin pacing waits up to a minute) never lets the lease run out under a
 * live run; a run can still lose it (its process stalled, or the database was out of reach past
 * the lease) and another worker then takes the job over. A handler about to cause an effect that
 * must not happen twice (a write to Shopify that is not idempotent) asks `stillHolds()` right
 * before it and stops when it answers false (throw JobLeaseLostError): the run that took over does
 * the work.
 */
interface JobLease {
  /** Aborted once the worker learns that this run lost its job. */
  readonly signal: AbortSignal;
  /** Renews the lease now; false when this run no longer holds the job (nothing may be done for it). */
  stillHolds(): Promise<boolean>;
}

/** A handler's run lost its job's lease before an effect: it stops, and the run that took over does the work. */
export class JobLeaseLostError extends Error {
  constructor() {
    super("the job's lease was lost: another run has taken the job over");
    this.name = "JobLeaseLostError";
  }
}

/**
 * Runs a job of queue Q, its payload already read through the queue's schema (app/jobs/registry.ts).
 * `lease` is the worker's (absent when a test or script runs the handler by hand: nothing else can take the job).
 */
type JobHandler<Q extends QueueName = QueueName> = (job: JobOf<Q>, lease?: JobLease) => Promise<JobOutcome>;

/** A feature's handlers of its queues Q, each typed by its queue's payload. */
export type QueueHandlers<Q extends QueueName = QueueName> = { [K in Q]: JobHandler<K> };

/** What a worker serves: any declared queues' handlers. */
export type JobHandlers = Partial<QueueHandlers>;

// What the worker calls once the payload has passed its queue's schema.
type CheckedHandler = (job: JobOf<QueueName>, lease?: JobLease) => Promise<JobOutcome>;

export interface JobWorkerOptions {
  db: StatementConn;
  handlers: JobHandlers;
  logger: Pick<Logger, "info" | "warn" | "error">;
  owner?: string;
  leaseMs?: number;
  pollIntervalMs?: number;
  concurrency?: number;
  now?: () => Date;
  /**
   * The code a thrown error is stored under (Job.lastErrorCode), handed in by the composition root
   * (app/job-errors/error-codes.ts knows the edges' errors; this generic worker knows none).
   * Unset, a throw is stored as "unexpected".
   */
  errorCode?: (error: unknown) => string;
  /**
   * The app's policy for a run's outcome, handed in by the composition root: e.g. a failure only
   * the operator can fix waits without using an attempt (app/job-errors/provider-access.server.ts).
   */
  settle?: (job: Job, outcome: DecidedOutcome) => DecidedOutcome;
}

export interface JobWorker {
  readonly owner: string;
  /** Claims and runs every due job once; resolves with how many ran. */
  runOnce(): Promise<number>;
  /** Keeps running due jobs until stop(). */
  start(): void;
  stop(): Promise<void>;
}

const RETRY_AFTER_CRASH_MS = 5_000;

/**
 * The outcome with its time decided by the job's queue policy where the handler left it to the queue.
 * @internal
 */
export function decideOutcome(job: Pick<Job, "queue" | "attempts">, outcome: JobOutcome, now: Date): DecidedOutcome {
  if (outcome.kind === "retry") return { ...outcome, at: outcome.at ?? retryAt(job.queue, job.attempts, now) };
  // A periodic run that failed carries on after the queue's retry delay (not backed off: each run is a first attempt).
  if (outcome.kind === "reschedule") return { ...outcome, at: outcome.at ?? retryAt(job.queue, 1, now) };
  return outcome;
}
/**
 * A worker that just ran jobs looks again after this long, doubling while it finds none, up to
 * its poll interval: work added by another process (a PROCESS_ROLE=web one) wakes nobody here, and
 * during a burst more is on its way (docs/decisions/031-order-throughput.md).
 */
const EAGER_POLL_MS = 50;
/** Within one busy run, expired leases are looked for at most this often (each claim looks for queued rows). */
const EXPIRED_CHECK_MS = 1_000;

/**
 * Runs a row's handler by hand (a test or a script), as the worker would: its payload read through
 * its queue's schema first; a payload that does not fit throws, naming the queue and the field.
 * @internal
 */
export async function runJobByHand(handlers: JobHandlers, job: Job, lease?: JobLease): Promise<JobOutcome> {
  const handler = (handlers as Partial<Record<string, CheckedHandler>>)[job.queue];
  if (!handler) throw new Error(`no handler for queue ${job.queue}`);
  const read = readPayload(job);
  if (!read.ok) throw new Error(read.error);
  return handler({ ...job, queue: job.queue as QueueName, payload: read.payload } as JobOf<QueueName>, lease);
}

/** Builds a worker that runs `handlers` (keyed by queue) on leased jobs. */
export function createJobWorker(opts: JobWorkerOptions): JobWorker {
  const owner = opts.owner ?? `${process.pid}-${randomUUID()}`;
  const leaseMs = opts.leaseMs ?? 60_000;
  const pollIntervalMs = opts.pollIntervalMs ?? 1_000;
  const concurrency = opts.concurrency ?? 4;
  const now = opts.now ?? (() => new Date());
  const queues = Object.keys(opts.handlers);
  // Keyed by the queue a claimed row names; each is called only with a payload its queue's schema read.
  const handlers = opts.handlers as Partial<Record<string, CheckedHandler>>;
  let running = false;
  // Set by stop(): a worker shutting down finishes the jobs it holds but claims no more, so a
  // long backlog (or a job that reschedules itself at once) cannot hold up a SIGTERM.
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let nudge: (() => void) | undefined;
  let expiredCheckedAt = Number.NEGATIVE_INFINITY;

  // The job's log lines (its handler's and the worker's own about it) carry the id of the request
  // that enqueued it, and its handler's span continues that request's trace (when tracing is on).
  function runJob(job: Job) {
    return withLogContext({ requestId: job.requestId ?? undefined, shop: job.shop }, () => runJobInContext(job));
  }

  // Renews the run's lease every third of it while the handler runs, and aborts the lease's signal
  // once the lease is found taken over, or could not be renewed before it ran out.
  function holdLease(job: Job): { lease: JobLease; release(): void } {
    const controller = new AbortController();
    let heldUntil = job.leaseExpiresAt?.getTime() ?? now().getTime() + leaseMs;
    const renew = async (): Promise<boolean> => {
      if (controller.signal.aborted) return false;
      const until = new Date(now().getTime() + leaseMs);
      let held: boolean;
      try {
        held = await extendLease(opts.db, job, until);
      } catch (error) {
        // Out of reach: the lease still holds until it runs out.
        opts.logger.warn({ queue: job.queue, key: job.key, err: String(error) }, "job lease could not be renewed");
        held = now().getTime() < heldUntil;
        if (!held) controller.abort();
        return held;
      }
      if (held) heldUntil = until.getTime();
      else controller.abort();
      return held;
    };
    const heartbeat = setInterval(() => void renew(), Math.max(1, Math.floor(leaseMs / 3)));
    heartbeat.unref();
    return {
      lease: { signal: controller.signal, stillHolds: renew },
      release: () => clearInterval(heartbeat),
    };
  }

  async function runJobInContext(job: Job) {
    const handler = handlers[job.queue];
    let outcome: JobOutcome;
    // The payload as stored, read back through its queue's schema: one that no longer fits gives up
    // at once, naming its queue and field (a run again would find it just as bad).
    const read = readPayload(job);
    const held = holdLease(job);
    try {
      if (!read.ok) {
        opts.logger.error({ queue: job.queue, key: job.key, shop: job.shop, err: read.error }, "job payload is invalid");
        outcome = { kind: "fail", error: read.error };
      } else if (handler) {
        const checked = { ...job, queue: job.queue as QueueName, payload: read.payload } as JobOf<QueueName>;
        outcome = await inTraceSpan(
          `job ${job.queue}`,
          { "job.queue": job.queue, "job.id": job.id, "job.attempt": job.attempts },
          job.traceparent,
          () => runAsJob(job, () => handler(checked, held.lease)),
        );
      } else {
        outcome = {
          kind: "retry",
          at: new Date(now().getTime() + RETRY_AFTER_CRASH_MS),
          error: `no handler for queue ${job.queue}`,
        };
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof JobLeaseLostError) opts.logger.warn({ queue: job.queue, key: job.key }, message);
      else opts.logger.error({ queue: job.queue, key: job.key, shop: job.shop, err: message }, "job failed");
      // The queue's declared retry policy (app/jobs/registry.ts).
      outcome = { kind: "retry", error: message, errorCode: opts.errorCode?.(error) };
    } finally {
      held.release();
    }
    let decided = decideOutcome(job, outcome, now());
    if (opts.settle) decided = opts.settle(job, decided);
    const state = await finishJobState(opts.db, job, decided);
    if (state === null) opts.logger.warn({ queue: job.queue, key: job.key }, "job lease was lost before it finished");
    else if (state === "failed") {
      metrics.jobGivenUp(job.queue);
      opts.logger.warn({ queue: job.queue, key: job.key, shop: job.shop, attempts: job.attempts }, "job gave up");
    }
  }

  // Keeps up to `concurrency` jobs in flight and claims more as each one ends. (It used to claim a
  // batch and wait for the whole batch: one slow call held up every slot, and under a burst of
  // orders each hop of an order's work waited for the slowest job of the batch before it.)
  async function runOnce(): Promise<number> {
    let total = 0;
    const inFlight = new Set<Promise<void>>();
    let drained = false;
    while (!stopping) {
      const free = concurrency - inFlight.size;
      if (free > 0 && !drained) {
        // The first claim, then one a second, also takes back jobs whose worker died.
        const expired = performance.now() - expiredCheckedAt >= EXPIRED_CHECK_MS;
        if (expired) expiredCheckedAt = performance.now();
        const jobs = await claimJobs(opts.db, { queues, owner, leaseMs, limit: free, now: now(), expired });
        drained = jobs.length < free;
        for (const job of jobs) {
          const running: Promise<void> = runJob(job)
            .catch((error: unknown) =>
              opts.logger.error({ queue: job.queue, key: job.key, err: String(error) }, "job could not be finished"),
            )
            .finally(() => inFlight.delete(running));
          inFlight.add(running);
        }
        total += jobs.length;
        if (jobs.length > 0 && !drained) continue;
      }
      if (inFlight.size === 0) return total;
      // Look again when a job ends (it may have added the next step of its order), when work is
      // added in this process, or after a poll interval (work added by other processes), so a long
      // job in one slot never keeps the free slots idle.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        ...inFlight,
        new Promise<void>((resolve) => {
          nudge = resolve;
          timer = setTimeout(resolve, pollIntervalMs);
        }),
      ]);
      clearTimeout(timer);
      nudge = undefined;
      drained = false;
    }
    await Promise.all(inFlight);
    return total;
  }

  async function runLoop() {
    let wait = pollIntervalMs;
    while (running) {
      let ran = 0;
      try {
        ran = await runOnce();
      } catch (error) {
        opts.logger.error(
          { err: error instanceof Error ? error.message : String(error) },
          "job worker could not claim jobs",
        );
      }
      if (!running) break;
      wait = ran > 0 ? Math.min(EAGER_POLL_MS, pollIntervalMs) : Math.min(wait * 2, pollIntervalMs);
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, wait);
      });
    }
  }

  const onEnqueued = (queue: string) => {
    if (queues.includes(queue)) {
      wake?.();
      nudge?.();
    }
  };

  return {
    owner,
    runOnce,
    start() {
      if (running || queues.length === 0) return;
      running = true;
      jobSignals.on("enqueued", onEnqueued);
      loop = runLoop();
    },
    async stop() {
      running = false;
      stopping = true;
      jobSignals.off("enqueued", onEnqueued);
      clearTimeout(timer);
      wake?.();
      nudge?.();
      await loop;
    },
  };
}
