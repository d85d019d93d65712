// What the serving thread (server/index.ts) and the job worker's thread (server/jobs-thread.ts)
// say to each other, and what the serving thread uses of the server build's entry module.
import type { EventEmitter } from "node:events";
import type { MetricObjectWithValues, MetricValue } from "prom-client";

/** One thread's metrics as prom-client's getMetricsAsJSON() gives them. */
export type MetricsSnapshot = MetricObjectWithValues<MetricValue<string>>[];

/** The server build's job signals (app/jobs/queue.server.ts), forwarded to the job thread. */
export interface JobSignals {
  jobSignals: EventEmitter;
}

/** What the job thread's host uses of the serving thread: its job signals and its services. */
export interface ServerEntry extends JobSignals {
  stopServing(): Promise<void>;
  releaseJobLeases(owner: string): Promise<number>;
}

export interface JobsThreadData {
  concurrency: number;
}

export type JobsThreadMessage =
  /** Jobs → serving: the worker runs, claiming jobs as `owner`. */
  | { type: "started"; owner: string }
  /** Jobs → serving, every few seconds: the thread's event loop still turns. */
  | { type: "alive" }
  /** Serving → jobs: work was committed on these queues; wake the worker. */
  | { type: "enqueued"; queues: string[] }
  /** Serving → jobs: finish the jobs held, claim no more, then answer "stopped". */
  | { type: "stop" }
  /** Serving → jobs: send this thread's metrics (for /metrics). */
  | { type: "metrics-request"; id: number }
  /** Jobs → serving: the answer to "metrics-request" `id`. */
  | { type: "metrics"; id: number; metrics: MetricsSnapshot }
  | { type: "stopped" };
