// The job worker's thread (built to build/jobs-thread-main.js, started by build/jobs-thread.js:
// server/jobs-thread-start.ts, which first starts the thread's OpenTelemetry when it is on). The production server starts it beside
// the thread that serves HTTP, so that background work — Prisma building queries, Admin GraphQL
// answers, a catalogue's JSONL — never holds up a checkout rate or a webhook's acknowledgement on
// the serving thread's event loop (docs/decisions/015-job-worker-thread.md). It is bundled from
// the composition root alone — no Remix, React or Polaris — with its own database pool.
import { parentPort, workerData } from "node:worker_threads";
import { createAppServices, metricsSnapshot, startBackgroundWork } from "../app/composition.server";
import { parseEnv } from "../app/env.server";
import { signalEnqueued } from "../app/jobs/queue.server";
import { flushTelemetry } from "../app/telemetry.server";
import type { JobsThreadData, JobsThreadMessage } from "./jobs-thread-protocol";

const { concurrency } = workerData as JobsThreadData;
const port = parentPort!;
// This thread's own services (the serving thread's cannot cross into it), from the same
// environment: the server set DATABASE_URL before starting the thread. Its pool is sized for its
// JOB_CONCURRENCY jobs (app/db.server.ts, poolSize).
const services = createAppServices(parseEnv(), { poolRole: "jobs" });
const worker = startBackgroundWork(services, { concurrency });
// The serving thread's /readyz counts the worker alive while these keep coming.
const heartbeat = setInterval(() => port.postMessage({ type: "alive" } satisfies JobsThreadMessage), 2_000);
heartbeat.unref();

port.on("message", (message: JobsThreadMessage) => {
  if (message.type === "enqueued") signalEnqueued(...message.queues);
  else if (message.type === "metrics-request")
    void metricsSnapshot().then((metrics) =>
      port.postMessage({ type: "metrics", id: message.id, metrics } satisfies JobsThreadMessage),
    );
  else if (message.type === "stop")
    void worker.stop().then(async () => {
      clearInterval(heartbeat);
      await flushTelemetry();
      port.postMessage({ type: "stopped" } satisfies JobsThreadMessage);
      port.close();
    });
});
port.postMessage({ type: "started", owner: worker.owner } satisfies JobsThreadMessage);
