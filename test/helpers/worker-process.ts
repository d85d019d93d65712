// A job worker in its own process (tsx), as a second app instance would run one: its own
// database pool, its own service clients, the shop's stored connection, the simulated store over
// HTTP. Run directly with --worker-process; tests start it with startWorkerProcess().
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import type { Job } from "@prisma/client";

const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");

export interface WorkerProcessOptions {
  name: string;
  databaseUrl: string;
  sandboxUrl: string;
  storeUrl: string;
  storeAccessToken: string;
  storeApiVersion: string;
}

export interface WorkerProcess {
  /** Resolves once the worker polls for jobs. */
  ready: Promise<void>;
  output(): string;
  /** Stops it (SIGTERM) and resolves with the jobs it ran, per queue. */
  stop(): Promise<Record<string, number>>;
}

export function startWorkerProcess(opts: WorkerProcessOptions): WorkerProcess {
  const child: ChildProcessWithoutNullStreams = spawn(
    path.join(PROJECT_ROOT, "node_modules/.bin/tsx"),
    [path.join(PROJECT_ROOT, "test/helpers/worker-process.ts"), "--worker-process"],
    {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        DATABASE_URL: opts.databaseUrl,
        WORKER_NAME: opts.name,
        WORKER_SANDBOX_URL: opts.sandboxUrl,
        WORKER_STORE_URL: opts.storeUrl,
        WORKER_STORE_TOKEN: opts.storeAccessToken,
        WORKER_STORE_API_VERSION: opts.storeApiVersion,
        LOG_LEVEL: "silent",
      },
      stdio: "pipe",
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  // "close", not "exit": at exit the child's stdio may still hold its last lines ("ran …").
  const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    const check = () => (output.includes("worker ready") ? resolve() : undefined);
    child.stdout.on("data", check);
    void exited.then(() => reject(new Error(`worker ${opts.name} exited before it was ready:\n${output}`)));
  });
  return {
    ready,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      const line = output.split("\n").find((l) => l.startsWith("ran "));
      if (!line) throw new Error(`worker ${opts.name} did not report what it ran:\n${output}`);
      return JSON.parse(line.slice(4)) as Record<string, number>;
    },
  };
}

async function runWorkerProcess(): Promise<void> {
  const env = process.env;
  const { createAppServices } = await import("../../app/composition.server");
  const { parseEnv } = await import("../../app/env.server");
  const { fulfillmentJobHandlers } = await import("../../app/fulfillment/jobs/jobs.server");
  const { createJobWorker, runJobByHand } = await import("../../app/jobs/worker.server");
  const { simulatedStoreAdminGraphql } = await import("../../app/shopify/admin.server");
  const { createLogger } = await import("../../app/logger.server");
  const logger = createLogger({ level: "silent" });
  // The process's services as the composition root builds them, with the sandbox and the store.
  const services = createAppServices(parseEnv(), {
    logger,
    svc: {
      baseUrls: { qa: env.WORKER_SANDBOX_URL!, production: env.WORKER_SANDBOX_URL! },
      serviceName: "svc",
      encryptionKey: env.ENCRYPTION_KEY!,
    },
    adminFor: async (shop) =>
      simulatedStoreAdminGraphql({
        baseUrl: env.WORKER_STORE_URL!,
        shop,
        tokens: { accessToken: env.WORKER_STORE_TOKEN! },
        apiVersion: env.WORKER_STORE_API_VERSION!,
      }),
  });
  const prisma = services.db;
  const ran: Record<string, number> = {};
  const inner = fulfillmentJobHandlers(services);
  const handlers = Object.fromEntries(
    Object.keys(inner).map((queue) => [
      queue,
      async (job: Job) => {
        ran[queue] = (ran[queue] ?? 0) + 1;
        return runJobByHand(inner, job);
      },
    ]),
  );
  const { jobFailurePolicy } = await import("../../app/job-errors/provider-access.server");
  const worker = createJobWorker({
    db: prisma,
    handlers,
    logger,
    owner: env.WORKER_NAME,
    pollIntervalMs: 25,
    ...jobFailurePolicy({ logger, now: () => new Date() }),
  });
  worker.start();
  console.log("worker ready");
  process.on("SIGTERM", () => {
    void worker.stop().then(async () => {
      await prisma.$disconnect();
      console.log(`ran ${JSON.stringify(ran)}`);
      process.exit(0);
    });
  });
}

if (process.argv.includes("--worker-process")) {
  runWorkerProcess().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
