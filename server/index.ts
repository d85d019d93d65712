// The production server (`npm start`): validates the configuration, brings up PostgreSQL
// (embedded, or DATABASE_URL) and applies migrations, then serves the Remix build and starts
// this process's job worker in its own thread. Built to build/start.js by `npm run build`.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { EnvError, parseEnv, type Env } from "../app/env.server";
import { createLogger, withLogContext } from "../app/logger.server";
import type { handleRateCallback } from "../app/rates/callback.server";
import { prepareDatabase, type RunningDatabase } from "./database";
import type { ServerEntry } from "./jobs-thread-protocol";
import { startJobsThread } from "./jobs-thread-host";
import { NAIVE_RATE_CALLBACK_PATH, rateCallbackFastPath } from "./rate-callback-http";
import { webhookFastPath } from "./webhook-http";

// build/start.js sits one level below the project root; the process may run from anywhere.
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

if (fs.existsSync(".env")) process.loadEnvFile(".env");

let env: Env;
try {
  env = parseEnv(process.env, { server: true });
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  process.stderr.write(`${error.message}\nSee .env.example for what each variable means.\n`);
  process.exit(1);
}

const logger = createLogger({ level: env.LOG_LEVEL });

let database: RunningDatabase;
try {
  database = await prepareDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.EMBEDDED_DATABASE_DIR),
    logger,
    projectRoot,
    migrate: env.MIGRATE_ON_START,
  });
} catch (error) {
  process.stderr.write(`The database is not ready: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
process.env.DATABASE_URL = database.url;

const buildPath = path.join(projectRoot, "build/server/index.js");
const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild & {
  entry: { module: ServerEntry & { handleRateCallback: typeof handleRateCallback } };
};

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(path.join(projectRoot, "build/client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(projectRoot, "build/client"), { maxAge: "1h" }));
app.use((req, res, next) => {
  const requestId = req.get("x-request-id") || randomUUID();
  res.setHeader("x-request-id", requestId);
  withLogContext({ requestId, shop: req.get("x-shopify-shop-domain") ?? undefined }, next);
});
app.all("*", createRequestHandler({ build, mode: "production" }));

// The checkout rate callback is answered before Express and Remix (server/rate-callback-http.ts).
const rateCallback = rateCallbackFastPath({
  handle: build.entry.module.handleRateCallback,
  naive: env.RATES_NAIVE_BASELINE,
  withContext: withLogContext,
});
if (env.RATES_NAIVE_BASELINE)
  logger.warn(
    { path: NAIVE_RATE_CALLBACK_PATH },
    "RATES_NAIVE_BASELINE is on: the benchmark's uncached rate callback is served",
  );

// The job worker runs in its own thread, so background work never holds up this one's answers.
const jobsThread = startJobsThread({
  threadFile: path.join(projectRoot, "build/jobs-thread.js"),
  data: { concurrency: env.JOB_CONCURRENCY },
  entry: build.entry.module,
  logger,
});
// …and so are Shopify's webhook posts, through the same route actions (server/webhook-http.ts).
const webhooks = webhookFastPath({
  routes: build.routes,
  withContext: withLogContext,
  onError: (error, path) =>
    logger.error({ path, err: error instanceof Error ? error.stack : String(error) }, "webhook failed"),
});
const server = http.createServer((req, res) => {
  if (!rateCallback(req, res) && !webhooks(req, res)) app(req, res);
});
server.listen(env.PORT, () => {
  logger.info({ port: env.PORT, embeddedDatabase: database.embedded }, "app listening");
});

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, "shutting down");
  server.close();
  server.closeAllConnections();
  await jobsThread.stop();
  await build.entry.module.stopServing();
  await database.stop();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
