// Runs the job worker in its own thread (server/jobs-thread.ts) and keeps it running: a thread
// that dies is started again after a second (its leased jobs are picked up when their leases
// expire, as after a crash). Forwards the serving thread's "enqueued" signals so a webhook's job
// starts at once, not at the next poll.
import { Worker } from "node:worker_threads";
import type { Logger } from "pino";
import type { JobsThreadData, JobsThreadMessage, ServerEntry } from "./jobs-thread-protocol";

const RESTART_AFTER_MS = 1_000;
const STOP_TIMEOUT_MS = 60_000;
// The thread's heap is bounded so V8 collects instead of growing: a 100,000-variant catalogue sync
// peaked at 369 MB of process memory with V8's defaults and 196 MB with an 8 MB young generation
// and a 128 MB old one (docs/benchmarks.md); what a job holds at once is a batch of 500 variants
// or one order. 192 MB leaves room; a thread that still runs out is restarted and its job retried.
const HEAP_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 192 };

export interface JobsThread {
  /** Finishes the jobs held and ends the thread (terminated after a minute). */
  stop(): Promise<void>;
}

export function startJobsThread(opts: {
  threadFile: string;
  data: JobsThreadData;
  entry: ServerEntry;
  logger: Pick<Logger, "info" | "error">;
}): JobsThread {
  let worker: Worker | undefined;
  let stopping = false;

  const start = () => {
    const thread = new Worker(opts.threadFile, { workerData: opts.data, resourceLimits: HEAP_LIMITS });
    worker = thread;
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
    async stop() {
      stopping = true;
      opts.entry.jobSignals.off("enqueued", forward);
      const thread = worker;
      if (!thread) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => void thread.terminate().then(() => resolve()), STOP_TIMEOUT_MS);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        thread.once("exit", done);
        thread.on("message", (message: JobsThreadMessage) => message.type === "stopped" && done());
        thread.postMessage({ type: "stop" } satisfies JobsThreadMessage);
      });
    },
  };
}
