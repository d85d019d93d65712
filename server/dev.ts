// The development server (`npm run dev:server`, run by `shopify app dev` through shopify.web.toml):
// Remix's Vite dev server in middleware mode behind Express, as Remix documents for a custom
// server, so that routes get the process's services as their load context exactly as in
// production (server/index.ts). It validates the configuration, brings up PostgreSQL (embedded,
// or DATABASE_URL) with its migrations, then builds the services once with the composition root
// (app/composition.server.ts, loaded through Vite) and serves with hot reloading. It runs no job
// worker: jobs queue up until `npm start` or a worker process runs them.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { createServer } from "vite";
import type * as Composition from "../app/composition.server";
import { createLogger } from "../app/logger.server";
import { serverEnvOrExit } from "./server-env";
import { prepareDatabase } from "./database";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(projectRoot);
process.env.NODE_ENV ??= "development";
if (fs.existsSync(".env")) process.loadEnvFile(".env");

const env = serverEnvOrExit();
const logger = createLogger({ level: env.LOG_LEVEL });

const database = await prepareDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: path.resolve(env.EMBEDDED_DATABASE_DIR),
  logger,
  projectRoot,
  migrate: env.MIGRATE_ON_START,
});
process.env.DATABASE_URL = database.url;

const vite = await createServer({ server: { middlewareMode: true } });
// Loaded through Vite, like the routes, so both see the same modules.
const { createAppServices } = (await vite.ssrLoadModule("/app/composition.server.ts")) as typeof Composition;
const services = createAppServices({ ...env, DATABASE_URL: database.url });

const app = express();
app.disable("x-powered-by");
app.use(vite.middlewares);
app.all(
  "*",
  createRequestHandler({
    build: () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>,
    mode: "development",
    getLoadContext: () => ({ services }),
  }),
);

const server = app.listen(env.PORT, () =>
  logger.info({ port: env.PORT, embeddedDatabase: database.embedded }, "development server listening"),
);

async function shutdown(signal: string) {
  logger.info({ signal }, "stopping");
  server.close();
  await vite.close();
  await services.rates.stop();
  await services.db.$disconnect();
  await database.stop();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
