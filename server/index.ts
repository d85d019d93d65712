// The production server (`npm start`): validates the configuration, brings up PostgreSQL
// (embedded, or DATABASE_URL) and applies migrations (unless MIGRATE_ON_START=0), then serves the
// Remix build and starts this process's job worker in its own thread — both, or one of them
// (PROCESS_ROLE). Built to build/app-server.js by `npm run build`, and started by build/start.js
// (server/start.ts: `.env`, then OpenTelemetry when it is on).
import { randomUUID } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { createLogger, type withLogContext } from "../app/logger.server";
import { flushTelemetry } from "../app/telemetry.server";
import type {
  checkDatabaseReadiness,
  createAppServices,
  releaseJobLeases,
  renderMetrics,
  startProcessMetrics,
  stopServing,
} from "../app/composition.server";
import type { handleRateCallback } from "../app/rates/callback.server";
import { serverEnvOrExit } from "./server-env";
import { prepareDatabase, type RunningDatabase } from "./database";
import type { JobSignals } from "./jobs-thread-protocol";
import { healthEndpoints, shippedMigrations } from "./health-http";
import { metricsEndpoint } from "./metrics-http";
import { startJobsThread } from "./jobs-thread-host";
import { NAIVE_RATE_CALLBACK_PATH, rateCallbackFastPath } from "./rate-callback-http";
import { webhookFastPath } from "./webhook-http";

// build/start.js sits one level below the project root; the process may run from anywhere.
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const env = serverEnvOrExit();

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
  entry: {
    module: JobSignals & {
      createAppServices: typeof createAppServices;
      handleRateCallback: typeof handleRateCallback;
      checkDatabaseReadiness: typeof checkDatabaseReadiness;
      startProcessMetrics: typeof startProcessMetrics;
      renderMetrics: typeof renderMetrics;
      releaseJobLeases: typeof releaseJobLeases;
      stopServing: typeof stopServing;
      APP_VERSION: string;
      withLogContext: typeof withLogContext;
    };
  };
};
const entry = build.entry.module;
// This thread's services, built once by the composition root (app/composition.server.ts) of the
// server build; every route gets them as `context.services`. This thread only serves: its
// database pool is the serving one; the job thread builds its own services and pool.
const services = entry.createAppServices({ ...env, DATABASE_URL: database.url }, { poolRole: "serving" });
const role = env.PROCESS_ROLE;

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(path.join(projectRoot, "build/client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(projectRoot, "build/client"), { maxAge: "1h" }));
app.use((req, res, next) => {
  const requestId = req.get("x-request-id") || randomUUID();
  res.setHeader("x-request-id", requestId);
  entry.withLogContext({ requestId, shop: req.get("x-shopify-shop-domain") ?? undefined }, next);
});
app.all("*", createRequestHandler({ build, mode: "production", getLoadContext: () => ({ services }) }));

// The checkout rate callback is answered before Express and Remix (server/rate-callback-http.ts).
const rateCallback = rateCallbackFastPath({
  handle: (request, mode) => entry.handleRateCallback(services, request, mode),
  naive: env.RATES_NAIVE_BASELINE,
  withContext: entry.withLogContext,
});
if (env.RATES_NAIVE_BASELINE)
  logger.warn(
    { path: NAIVE_RATE_CALLBACK_PATH },
    "RATES_NAIVE_BASELINE is on: the benchmark's uncached rate callback is served",
  );

// The job worker runs in its own thread, so background work never holds up this one's answers.
const jobsThread =
  role === "web"
    ? undefined
    : startJobsThread({
        threadFile: path.join(projectRoot, "build/jobs-thread.js"),
        data: { concurrency: env.JOB_CONCURRENCY },
        entry: {
          jobSignals: entry.jobSignals,
          releaseJobLeases: (owner) => entry.releaseJobLeases(services, owner),
          stopServing: () => entry.stopServing(services),
        },
        logger,
      });
// …and so are Shopify's webhook posts, through the same route actions (server/webhook-http.ts).
const webhooks = webhookFastPath({
  routes: build.routes,
  context: { services },
  withContext: entry.withLogContext,
  onError: (error, path) =>
    logger.error({ path, err: error instanceof Error ? error.stack : String(error) }, "webhook failed"),
});

let shuttingDown = false;
const health = healthEndpoints({
  version: entry.APP_VERSION,
  role,
  migrations: shippedMigrations(projectRoot),
  stopping: () => shuttingDown,
  database: (migrations) => entry.checkDatabaseReadiness(services, migrations),
  worker: jobsThread ? () => jobsThread.alive() : undefined,
});

entry.startProcessMetrics(services);
const metrics = metricsEndpoint({
  token: env.METRICS_TOKEN,
  render: entry.renderMetrics,
  jobsThread: jobsThread ? (timeoutMs) => jobsThread.metrics(timeoutMs) : undefined,
  onError: (error) => logger.error({ err: String(error) }, "metrics could not be collected"),
});

// Responses still being written when the shutdown starts, told to close their connection after.
const inFlight = new Set<http.ServerResponse>();
const server = http.createServer((req, res) => {
  // One request id for the whole request: the caller's (when it is a plain token) or a new one. The
  // fast paths and Express read it from the header, put it in the log context and answer it, and
  // the service client sends it on as X-Request-Id.
  const incoming = req.headers["x-request-id"];
  const requestId = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  req.headers["x-request-id"] = requestId;
  accessLog(req, res, requestId);
  if (health(req, res) || metrics(req, res)) return;
  inFlight.add(res);
  res.once("close", () => inFlight.delete(res));
  if (shuttingDown) res.setHeader("connection", "close");
  if (role === "worker") {
    res
      .writeHead(404, { "content-type": "application/json" })
      .end(JSON.stringify({ error: "this process only runs jobs (PROCESS_ROLE=worker)" }));
    return;
  }
  if (!rateCallback(req, res) && !webhooks(req, res)) app(req, res);
});
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const PROBES = new Set(["/healthz", "/readyz", "/metrics"]);

/**
 * One line per request once its answer is sent or the connection closes: method, path (never the
 * query string, which can carry an email or a name), status, duration and request id. The health
 * probes and scrapes, every few seconds, are logged at debug.
 */
function accessLog(req: http.IncomingMessage, res: http.ServerResponse, requestId: string) {
  const started = performance.now();
  res.once("close", () => {
    const url = req.url ?? "";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    const line = {
      requestId,
      method: req.method,
      path,
      status: res.writableFinished ? res.statusCode : 499,
      durationMs: Math.round(performance.now() - started),
    };
    if (PROBES.has(path)) logger.debug(line, "request");
    else logger.info(line, "request");
  });
}

server.listen(env.PORT, () => {
  logger.info({ port: env.PORT, role, embeddedDatabase: database.embedded }, "app listening");
});

// SIGTERM: /readyz fails at once (a load balancer stops sending), the process keeps serving for
// SHUTDOWN_DELAY_MS, then stops accepting and lets the rate callbacks, webhooks and pages in flight
// finish — up to SHUTDOWN_TIMEOUT_MS, as long as the job thread may take to finish its jobs (those
// still running then are queued again for another process). Then the buffered quote log is written.
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal, inFlight: inFlight.size, delayMs: env.SHUTDOWN_DELAY_MS }, "shutting down");
  const jobsStopped = jobsThread?.stop(env.SHUTDOWN_TIMEOUT_MS);
  if (env.SHUTDOWN_DELAY_MS) await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DELAY_MS));
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  for (const res of inFlight) if (!res.headersSent) res.setHeader("connection", "close");
  // Keep-alive connections become idle as their last response ends: close them as they do.
  const closeIdle = setInterval(() => server.closeIdleConnections(), 50);
  const deadline = setTimeout(() => {
    logger.warn({ inFlight: inFlight.size }, "requests still in flight at the shutdown deadline were cut");
    server.closeAllConnections();
  }, env.SHUTDOWN_TIMEOUT_MS);
  server.closeIdleConnections();
  await closed;
  clearInterval(closeIdle);
  clearTimeout(deadline);
  await jobsStopped;
  await entry.stopServing(services);
  await database.stop();
  await flushTelemetry();
  logger.info({ signal }, "stopped");
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
