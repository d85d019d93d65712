// What the serving thread (server/index.ts) and the job worker's thread (server/jobs-thread.ts)
// say to each other, and what the serving thread uses of the server build's entry module.
import type { EventEmitter } from "node:events";

export interface ServerEntry {
  stopServing(): Promise<void>;
  jobSignals: EventEmitter;
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
  | { type: "stopped" };
