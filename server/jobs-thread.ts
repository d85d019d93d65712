// The job worker's thread (built to build/jobs-thread.js). The production server starts it beside
// the thread that serves HTTP, so that background work — Prisma's query building, Admin GraphQL
// answers, a catalogue's JSONL — never holds up a checkout rate or a webhook's acknowledgement on
// the serving thread's event loop (docs/decisions/015-job-worker-thread.md). It imports the same
// server build as the serving thread, with its own database pool.
import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import type { JobsThreadData, JobsThreadMessage, ServerEntry } from "./jobs-thread-protocol";

const { buildPath, concurrency } = workerData as JobsThreadData;
const port = parentPort!;
const { entry } = (await import(pathToFileURL(buildPath).href)) as { entry: { module: ServerEntry } };
const stop = entry.module.startBackgroundWork({ concurrency });

port.on("message", (message: JobsThreadMessage) => {
  if (message.type === "enqueued") entry.module.signalEnqueued(...message.queues);
  else if (message.type === "stop")
    void stop().then(() => {
      port.postMessage({ type: "stopped" } satisfies JobsThreadMessage);
      port.close();
    });
});
port.postMessage({ type: "started" } satisfies JobsThreadMessage);
