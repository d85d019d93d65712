// The built server (`npm start`) on its own migrated PostgreSQL database, for reliability tests.
import { createHmac, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Session } from "@shopify/shopify-api";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import pg from "pg";
import { RETENTION_QUEUE } from "~/maintenance/retention.server";
import { SCHEDULES_QUEUE } from "~/orchestration/schedules.server";
import { connectShop } from "~/orchestration/connect-shop.server";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { startServiceSandbox, type ServiceSandbox } from "../../../sandbox/service/server";
import { createSimulatedStore, type SimulatedStore } from "../../../sandbox/store";
import { attachDemoIds } from "../../../sandbox/store/catalogue/demo-catalogue-facts";
import { createSvcClient, SvcTokenCache, type SvcClient } from "~/svc";
import { createTestDatabase } from "../../helpers/test-database";
import { appEnv, startApp, type AppProcess } from "../../helpers/app-process";
import { installWithExpiringToken } from "../../helpers/offline-token";

export const SECRET = "e2e-api-secret";

export function sign(body: string | Uint8Array, secret = SECRET): string {
  return createHmac("sha256", secret).update(body).digest("base64");
}

/** Every route Shopify posts webhooks to, from the route files (so a new route is fuzzed too). */
export function webhookRoutes(): { path: string; topic: string }[] {
  const dir = path.resolve(import.meta.dirname, "../../../app/routes");
  return fs
    .readdirSync(dir)
    .filter((f) => f.startsWith("webhooks.") && f.endsWith(".tsx"))
    .map((f) => {
      const topic = f.slice("webhooks.".length, -".tsx".length).replace(/\./g, "/");
      return { path: `/webhooks/${topic}`, topic };
    });
}

export function webhookHeaders(
  topic: string,
  body: string | Uint8Array,
  opts: { shop?: string; signed?: boolean } = {},
) {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-shopify-topic": topic,
    "x-shopify-shop-domain": opts.shop ?? "tienda-demo.myshopify.com",
    "x-shopify-api-version": "2026-01",
    "x-shopify-webhook-id": randomUUID(),
    "x-shopify-event-id": randomUUID(),
    "x-shopify-triggered-at": new Date().toISOString(),
  };
  if (opts.signed !== false) headers["x-shopify-hmac-sha256"] = sign(body);
  return headers;
}

export function workDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-app-reliability-"));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export async function startBuiltApp(
  databaseUrl: string,
  env: Record<string, string | undefined> = {},
): Promise<AppProcess> {
  return startApp({ env: appEnv({ DATABASE_URL: databaseUrl, LOG_LEVEL: "warn", ...env }), cwd: workDir() });
}

/** Row counts of every app table (migrations and the app's own retention job excluded). */
export async function rowCounts(databaseUrl: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1",
    );
    const counts: Record<string, number> = {};
    for (const { tablename } of rows) {
      // The periodic jobs every worker schedules at start (retention, the schedules sweep) are the app's own.
      const own = tablename === "Job" ? ` WHERE queue NOT IN ('${RETENTION_QUEUE}', '${SCHEDULES_QUEUE}')` : "";
      const r = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${tablename}"${own}`);
      counts[tablename] = r.rows[0].n;
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** Runs `tasks` with at most `width` in flight. */
export async function inParallel<T>(items: T[], width: number, task: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        await task(items[i], i);
      }
    }),
  );
}

/**
 * What installing the app on the simulated store and connecting the service account leave behind:
 * the shop's offline session (the store's fixed access token, or with `expiringToken` a token
 * exchange at the listening store with `expiring=1`), its Shop row and its encrypted API key.
 */
export async function installConnectedShop(opts: {
  db: PrismaClient;
  store: SimulatedStore;
  shop: string;
  serviceUrl: string;
  apiKey: string;
  expiringToken?: { storeUrl: string; clientId: string };
}): Promise<void> {
  if (opts.expiringToken) {
    await installWithExpiringToken({
      db: opts.db,
      store: opts.store,
      storeUrl: opts.expiringToken.storeUrl,
      shop: opts.shop,
      apiKey: opts.expiringToken.clientId,
      secret: SECRET,
    });
  } else {
    const session = new Session({ id: `offline_${opts.shop}`, shop: opts.shop, state: "test", isOnline: false });
    session.accessToken = opts.store.accessToken(opts.shop);
    session.scope = process.env.SCOPES;
    await new PrismaSessionStorage(opts.db).storeSession(session);
  }
  await opts.db.shop.create({ data: { domain: opts.shop } });
  await connectShop({
    db: opts.db,
    config: {
      baseUrls: { qa: opts.serviceUrl, production: opts.serviceUrl },
      serviceName: "svc",
      encryptionKey: process.env.ENCRYPTION_KEY!,
    },
    shop: opts.shop,
    apiKey: opts.apiKey,
    environment: "qa",
  });
}

/** The service knows these SKUs with dimensions: what a completed catalogue sync leaves behind. */
export async function registerAtService(client: SvcClient, skus: Iterable<string>): Promise<void> {
  await client.createProducts({
    productos: [...new Set(skus)].map((sku) => ({
      sku,
      upc: "",
      nombre: sku,
      dimension: { data: { peso: "450", ancho: "10", largo: "10", altura: "12", volumen: "1200" } },
    })),
  });
}

/**
 * The world most reliability tests start from: a migrated database, the service sandbox, the
 * simulated store with the demo catalogue, and the shop installed, connected and its SKUs known
 * to the service (with dimensions).
 */
export async function startConnectedDemoShop(opts: { name: string; shop: string; svcKey: string }) {
  const database = await createTestDatabase(opts.name);
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
  const demo = await connectDemoShop(db, opts);
  return {
    database,
    db,
    ...demo,
    async close() {
      await db.$disconnect();
      await demo.close();
      await database.drop();
    },
  };
}

/**
 * The same on a migrated database the caller holds (`db`): the service sandbox, the simulated
 * store with the demo catalogue (and `throttle` as its Admin API bucket), and the shop installed,
 * connected and its SKUs known to the service.
 */
export async function connectDemoShop(
  db: PrismaClient,
  opts: { shop: string; svcKey: string; throttle?: { maximumAvailable?: number; restoreRate?: number } },
) {
  const sandbox: ServiceSandbox = await startServiceSandbox({ port: 0, apiKeys: [opts.svcKey] });
  const store = createSimulatedStore({ throttle: opts.throttle });
  store.addShop({ domain: opts.shop, name: "Tienda Demo" });
  store.seedDemoCatalogue(opts.shop);
  const storeServer = await store.listen(0);
  const variants = attachDemoIds(store.products.list(opts.shop)).filter((v) => v.outcome === "synced" && v.sku);
  await installConnectedShop({ db, store, shop: opts.shop, serviceUrl: sandbox.url, apiKey: opts.svcKey });
  await registerAtService(
    createSvcClient({ baseUrl: sandbox.url, apiKey: opts.svcKey, tokenCache: new SvcTokenCache() }),
    variants.map((v) => v.sku!),
  );
  return {
    sandbox,
    store,
    storeServer,
    variants,
    async close() {
      await sandbox.close();
      await storeServer.close();
    },
  };
}
