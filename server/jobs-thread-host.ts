// Runs the job worker in its own thread (server/jobs-thread.ts) and keeps it running: a thread
// that dies is started again after a second (its leased jobs are picked up when their leases
// expire, as after a crash). Forwards the serving thread's "enqueued" signals so a webhook's job
// starts at once, not at the next poll.
import { Worker } from "node:worker_threads";
import type { Logger } from "pino";
import type { JobsThreadData, JobsThreadMessage, MetricsSnapshot, ServerEntry } from "./jobs-thread-protocol";

const RESTART_AFTER_MS = 1_000;
// The thread says it is alive every 2 s; a thread silent for this long (a stuck event loop) is not.
const SILENT_FOR_MS = 15_000;
// The thread's heap is bounded so V8 collects instead of growing: a 100,000-variant catalogue sync
// peaked at 369 MB of process memory with V8's defaults and 196 MB with an 8 MB young generation
// and a 128 MB old one (docs/benchmarks.md); what a job holds at once is a batch of 500 variants
// or one order. 192 MB leaves room; a thread that still runs out is restarted and its job retried.
const HEAP_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 192 };

export interface JobsThread {
  /** Whether the worker has started and its thread has spoken within the last few seconds. */
  alive(): boolean;
  /**
   * Finishes the jobs held and ends the thread. A thread still busy after `timeoutMs` is
   * terminated and the jobs it held are queued again at once for another process.
   */
  stop(timeoutMs: number): Promise<void>;
  /** The thread's metrics; undefined when it has none to give within `timeoutMs` (not running, busy). */
  metrics(timeoutMs: number): Promise<MetricsSnapshot | undefined>;
}

export function startJobsThread(opts: {
  threadFile: string;
  data: JobsThreadData;
  entry: ServerEntry;
  logger: Pick<Logger, "info" | "warn" | "error">;
}): JobsThread {
  let worker: Worker | undefined;
  let stopping = false;
  let heardAt = 0;
  // Every owner id a thread of this process claimed jobs under (a restarted thread has a new one).
  const owners = new Set<string>();
  // Scrapes waiting for the thread's metrics, by request id.
  const scrapes = new Map<number, (metrics: MetricsSnapshot | undefined) => void>();
  let scrapeId = 0;

  const start = () => {
    const thread = new Worker(opts.threadFile, { workerData: opts.data, resourceLimits: HEAP_LIMITS });
    worker = thread;
    heardAt = 0;
    thread.on("message", (message: JobsThreadMessage) => {
      if (message.type === "started") owners.add(message.owner);
      if (message.type === "started" || message.type === "alive") heardAt = Date.now();
      if (message.type === "metrics") scrapes.get(message.id)?.(message.metrics);
    });
    thread.on("error", (error) => opts.logger.error({ err: error.message }, "job worker thread failed"));
    thread.on("exit", (code) => {
      if (worker === thread) worker = undefined;
      if (stopping) return;
      opts.logger.error({ code }, "job worker thread ended; starting another");
      setTimeout(() => !stopping && start(), RESTART_AFTER_MS).unref();
    });
  };

  const forward = (queue: string) =>
    worker?.postMessage({ type: "enqueued", queues: [queue] } satisfies JobsThreadMessage);
  opts.entry.jobSignals.on("enqueued", forward);
  start();

  return {
    metrics(timeoutMs) {
      const thread = worker;
      if (!thread || stopping) return Promise.resolve(undefined);
      const id = ++scrapeId;
      return new Promise((resolve) => {
        const timer = setTimeout(() => answer(undefined), timeoutMs);
        const answer = (metrics: MetricsSnapshot | undefined) => {
          clearTimeout(timer);
          scrapes.delete(id);
          resolve(metrics);
        };
        scrapes.set(id, answer);
        thread.postMessage({ type: "metrics-request", id } satisfies JobsThreadMessage);
      });
    },
    alive: () => !stopping && worker !== undefined && heardAt > 0 && Date.now() - heardAt < SILENT_FOR_MS,
    async stop(timeoutMs) {
      stopping = true;
      opts.entry.jobSignals.off("enqueued", forward);
      const thread = worker;
      if (thread) {
        // Finished only when the thread says so: an exit without "stopped" (terminated at the
        // deadline, or crashed while stopping) leaves its jobs held.
        const finished = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => void thread.terminate(), timeoutMs);
          thread.on("message", (message: JobsThreadMessage) => {
            if (message.type !== "stopped") return;
            clearTimeout(timer);
            resolve(true);
          });
          thread.once("exit", () => {
            clearTimeout(timer);
            resolve(false);
          });
          thread.postMessage({ type: "stop" } satisfies JobsThreadMessage);
        });
        if (finished) return;
      }
      // The thread is gone with jobs still held (or died earlier): hand them back now rather than
      // when their leases expire, so another process takes them at once.
      for (const owner of owners) {
        const released = await opts.entry.releaseJobLeases(owner).catch((error: unknown) => {
          opts.logger.error({ err: String(error) }, "could not release the job leases");
          return 0;
        });
        if (released) opts.logger.warn({ owner, released }, "released the leases of jobs interrupted by the shutdown");
      }
    },
  };
}
