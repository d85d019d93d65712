/**
 * A shop on the simulated store, connected to a service sandbox over real HTTP, with the
 * catalogue's job handlers on a worker the test drives. Time is real time plus whatever the code
 * under test "slept" (throttle waits) or the test skipped (retry backoff), so nothing really waits.
 */
import { attachDemoIds, createSimulatedStore, type SimulatedStore } from "../../../sandbox/store";
import { startServiceSandbox, type ServiceSandbox } from "../../../sandbox/service/server";
import prisma from "../../helpers/prisma";
import { catalogJobHandlers, type CatalogJobOptions } from "~/catalog/jobs.server";
import { jobErrorCode } from "~/job-errors/error-codes";
import { createJobWorker, type JobHandlers, type JobWorker } from "~/jobs/worker.server";
import type { Logger } from "pino";
import { createLogger } from "~/logger.server";
import { connectShop } from "~/orchestration/connect-shop.server";
import { createSvcClientResolver, type SvcConnectionConfig } from "~/shop/svc-connection.server";
import type { AdminGraphql } from "~/shopify/admin.server";
import { createSvcClient, SvcTokenCache, type SvcClient } from "~/svc";
import { TEST_SHOP } from "../../helpers/shopify-requests";
import { sandboxConnection, storeAdmin } from "../../helpers/app-context";
import { configureTestServices, testServices } from "../../helpers/app-services";

const silentLogger = createLogger({ level: "silent" });

export const SHOP = TEST_SHOP;
export const API_KEY = "sk_catalog_sync_test";
/** A second account at the same sandbox (its own products), for a shop that switches accounts. */
export const OTHER_API_KEY = "sk_catalog_sync_other";

export interface Harness {
  store: SimulatedStore;
  svc: SvcConnectionConfig;
  sandbox: ServiceSandbox;
  worker: JobWorker;
  handlers: JobHandlers;
  client: SvcClient;
  nowMs(): number;
  advance(ms: number): void;
  /** Runs jobs until none is queued, skipping ahead to retries and rescheduled runs. */
  drain(maxRounds?: number): Promise<void>;
  sandboxProducts(): Promise<SandboxProduct[]>;
  demoFacts(): ReturnType<typeof attachDemoIds>;
  close(): Promise<void>;
}

export interface SandboxProduct {
  id: string;
  sku: string;
  upc: string | null;
  nombre: string;
  dimension: {
    peso: number;
    largo: number;
    ancho: number;
    altura: number;
    volumen: number;
    id_dimension: string;
  } | null;
}

export interface HarnessOptions extends Omit<CatalogJobOptions, "adminFor" | "svcClientFor" | "sleep"> {
  latencyMs?: number;
  /** The handlers' and worker's logger (silent by default), e.g. to read what the operator is told. */
  logger?: Logger;
  throttle?: { maximumAvailable?: number; restoreRate?: number };
  seedDemo?: boolean;
  /** Wraps the shop's service client, e.g. to inject a fault into one call. */
  wrapClient?(client: SvcClient): SvcClient;
  /** Wraps the shop's Admin GraphQL, e.g. to fail one page. */
  wrapAdmin?(admin: AdminGraphql): AdminGraphql;
  /** Stands between the app and the store's bulk operation files (a download cut short…). */
  wrapFetchFile?(fetchFile: typeof fetch): typeof fetch;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const logger = options.logger ?? silentLogger;
  let skew = 0;
  const nowMs = () => Date.now() + skew;
  const store = createSimulatedStore({ now: nowMs, throttle: options.throttle });
  store.addShop({ domain: SHOP });
  if (options.seedDemo !== false) store.seedDemoCatalogue(SHOP);
  const sandbox = await startServiceSandbox({
    port: 0,
    apiKeys: [API_KEY, OTHER_API_KEY],
    latencyMs: options.latencyMs ?? 0,
  });
  const svc = sandboxConnection(sandbox.url);
  const direct = storeAdmin(store, SHOP);
  const admin = options.wrapAdmin ? options.wrapAdmin(direct) : direct;
  configureTestServices({ svc, adminFor: async () => admin, now: () => new Date(nowMs()) });
  await connectShop({ db: prisma, config: svc, shop: SHOP, apiKey: API_KEY, environment: "qa" });
  const resolve = createSvcClientResolver(prisma, svc);
  const now = () => new Date(nowMs());
  const handlers = catalogJobHandlers(
    { ...testServices(), logger, now },
    {
      ...options,
      adminFor: async () => admin,
      svcClientFor: async (shop) => {
        const client = await resolve(shop);
        return client && options.wrapClient ? options.wrapClient(client) : client;
      },
      sleep: async (ms) => void (skew += ms),
      // The bulk operation's JSONL is served by the store on the shop's host.
      fetchFile: options.wrapFetchFile ? options.wrapFetchFile(store.interceptFetch()) : store.interceptFetch(),
    },
  );
  const worker = createJobWorker({ db: prisma, handlers, logger, now, leaseMs: 60_000, errorCode: jobErrorCode });
  const client = createSvcClient({ baseUrl: sandbox.url, apiKey: API_KEY, tokenCache: new SvcTokenCache() });

  return {
    store,
    svc,
    sandbox,
    worker,
    handlers,
    client,
    nowMs,
    advance: (ms) => void (skew += ms),
    async drain(maxRounds = 50) {
      for (let round = 0; round < maxRounds; round++) {
        await worker.runOnce();
        // Only the queues this worker runs: connecting also books other features' jobs (readiness).
        const next = await prisma.job.findFirst({
          where: { state: "queued", queue: { in: Object.keys(handlers) } },
          orderBy: { runAt: "asc" },
        });
        if (!next) return;
        const wait = next.runAt.getTime() - nowMs();
        if (wait > 0) skew += wait + 1;
      }
      throw new Error("jobs were still queued after the last round");
    },
    async sandboxProducts() {
      const { accessToken } = await client.auth();
      const response = await fetch(`${sandbox.url}/__sandbox/products`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      return ((await response.json()) as { products: SandboxProduct[] }).products;
    },
    demoFacts: () => attachDemoIds(store.products.list(SHOP)),
    close: async () => {
      await store.bulkOperationsIdle();
      store.close();
      await sandbox.close();
    },
  };
}

/** Every CatalogVariant of the shop keyed by variant id. */
export async function variantsById() {
  const rows = await prisma.catalogVariant.findMany({ where: { shop: SHOP } });
  return new Map(rows.map((row) => [row.variantId, row]));
}
