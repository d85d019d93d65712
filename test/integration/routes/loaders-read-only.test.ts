// GET never writes (issue 20): every admin page's loader, and the order-page extensions' GET, is
// called for a connected shop with orders, a catalogue, a failed job, a data request (and one past
// its retention) and every recurring job missing — each of which a loader used to "fix" by writing
// (Pedidos started reconciliation and the stock schedule, Inicio the readiness check, Privacidad
// purged old exports and recorded downloads). Every table must be exactly as before each GET.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { connectShop } from "~/orchestration/connect-shop.server";
import { ensureShopSchedules } from "~/orchestration/schedules.server";
import { loader as apiWarehouseOrder } from "~/routes/api.warehouse.orders.$orderId";
import { loader as home } from "~/routes/app._index";
import { loader as catalog } from "~/routes/app.catalog/route";
import { loader as orders } from "~/routes/app.orders/route";
import { loader as privacy } from "~/routes/app.privacy";
import { loader as privacyExport } from "~/routes/app.privacy.$id";
import { loader as readiness } from "~/routes/app.readiness";
import { loader as rates } from "~/routes/app.rates/route";
import { loader as settings } from "~/routes/app.settings/route";
import { loader as warehouse } from "~/routes/app.warehouse/route";
import { loader as warehouseExport } from "~/routes/app.warehouse.export";
import { loader as ordersExport } from "~/routes/app.orders.export";
import { loader as warehouseReceptions } from "~/routes/app.warehouse.receptions";
import { loader as layout } from "~/routes/app";
import { createSimulatedStore } from "../../../sandbox/store";
import { sandboxConnection, storeAdmin } from "../../helpers/app-context";
import { storeOfflineSession } from "../../helpers/sessions";
import { sessionTokenRequest, TEST_SHOP } from "../../helpers/shopify-requests";
import { resetDatabase, tableChecksums } from "../../helpers/test-database";
import { API_KEY, startSandbox, type Sandbox } from "../rates/support/harness";
import { configureTestServices, resetTestRates, routeContext } from "../../helpers/app-services";

const SHOP = TEST_SHOP;
const ORDER_ID = "5512345678901";
let sandbox: Sandbox;

type Loader = (args: LoaderFunctionArgs) => unknown;
/** Each admin GET: its route file, the URL it is called with, and its params. */
const GETS: { file: string; url: string; params?: Record<string, string>; loader: Loader }[] = [
  { file: "app.tsx", url: "/app", loader: layout },
  { file: "app._index.tsx", url: "/app", loader: home },
  { file: "app.orders/route.tsx", url: "/app/orders?status=needs_attention&q=%231001", loader: orders },
  { file: "app.orders/route.tsx", url: "/app/orders?status=nope", loader: orders },
  { file: "app.orders.export.tsx", url: "/app/orders/export?status=needs_attention", loader: ordersExport },
  { file: "app.catalog/route.tsx", url: "/app/catalog?status=needs_work", loader: catalog },
  { file: "app.settings/route.tsx", url: "/app/settings", loader: settings },
  { file: "app.rates/route.tsx", url: "/app/rates", loader: rates },
  { file: "app.privacy.tsx", url: "/app/privacy", loader: privacy },
  { file: "app.warehouse/route.tsx", url: "/app/warehouse?status=differs&q=taza", loader: warehouse },
  { file: "app.warehouse.export.tsx", url: "/app/warehouse/export?status=low_stock", loader: warehouseExport },
  { file: "app.warehouse.receptions.tsx", url: "/app/warehouse/receptions", loader: warehouseReceptions },
  { file: "app.privacy.$id.tsx", url: "/app/privacy/x", params: { id: "x" }, loader: privacyExport },
  { file: "app.readiness.tsx", url: "/app/readiness", loader: readiness },
  {
    file: "api.warehouse.orders.$orderId.tsx",
    url: `/api/warehouse/orders/${ORDER_ID}`,
    params: { orderId: ORDER_ID },
    loader: apiWarehouseOrder,
  },
];

beforeAll(async () => {
  sandbox = await startSandbox();
  await resetTestRates();
  await resetDatabase();
  const store = createSimulatedStore();
  store.addShop({ domain: SHOP });
  const svc = sandboxConnection(sandbox.url);
  configureTestServices({ db: prisma, svc, adminFor: async (shop) => storeAdmin(store, shop) });
  await storeOfflineSession(prisma, SHOP);
  await prisma.shop.create({ data: { domain: SHOP } });
  await connectShop({ db: prisma, config: svc, shop: SHOP, apiKey: API_KEY, environment: "qa" });
  await updateShopSettings({ db: prisma, shop: SHOP, patch: { stock: { enabled: true } } });
  // No recurring job queued: what a page used to start on its GET.
  await prisma.job.deleteMany({});
  await prisma.fulfillment.create({
    data: {
      shop: SHOP,
      shopifyOrderId: ORDER_ID,
      orderGid: `gid://shopify/Order/${ORDER_ID}`,
      orderName: "#1001",
      status: "needs_attention",
      reason: "stock",
    },
  });
  await prisma.catalogVariant.create({
    data: {
      shop: SHOP,
      productId: "gid://shopify/Product/1",
      variantId: "gid://shopify/ProductVariant/1",
      sku: "TAZA-AZ",
      title: "Taza azul",
      status: "failed",
    },
  });
  await prisma.job.create({
    data: { queue: "catalog.product", key: `${SHOP}:p1`, shop: SHOP, state: "failed", attempts: 10, lastError: "boom" },
  });
  const old = new Date(Date.now() - 31 * 24 * 3600 * 1000);
  await prisma.customerDataRequest.createMany({
    data: [
      { shop: SHOP, customerId: "7", ordersRequested: [ORDER_ID], export: { orders: [] } },
      { shop: SHOP, customerId: "8", ordersRequested: ["1"], export: {}, receivedAt: old, answeredAt: old },
    ],
  });
}, 60_000);

afterAll(async () => {
  await resetTestRates();
  await sandbox?.close();
});

/** The loader's answer (a thrown Response, e.g. a redirect, is an answer too) and what changed. */
async function get(entry: (typeof GETS)[number]) {
  const before = await tableChecksums();
  const request = await sessionTokenRequest(entry.url, SHOP);
  const answer = await Promise.resolve(
    entry.loader({ request, params: entry.params ?? {}, context: routeContext() }),
  ).catch((thrown: unknown) => {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  });
  const after = await tableChecksums();
  const changed = Object.keys(after).filter((table) => JSON.stringify(after[table]) !== JSON.stringify(before[table]));
  return { answer, changed };
}

describe("admin GETs write nothing", () => {
  it("covers every admin route that has a loader", () => {
    const routes = path.resolve(__dirname, "../../../app/routes");
    const files = (dir: string, prefix = ""): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
      );
    const withLoader = files(routes)
      .filter((file) => /^(app|api)[./]/.test(file) && /\.tsx?$/.test(file))
      .filter((file) =>
        /export (const|async function|function) loader\b/.test(readFileSync(path.join(routes, file), "utf8")),
      );
    expect([...new Set(GETS.map((g) => g.file))].sort()).toEqual(withLoader.sort());
  });

  it.each(["app.privacy.$id.tsx", "app.readiness.tsx"])(
    "%s (the export download, which records it; the readiness check, which runs it) is a POST: its GET is a 405",
    async (file) => {
      const { answer } = await get(GETS.find((g) => g.file === file)!);
      expect((answer as Response).status).toBe(405);
      expect((answer as Response).headers.get("allow")).toBe("POST");
    },
  );

  for (const entry of GETS) {
    it(`GET ${entry.url} (${entry.file}) answers and changes no table`, async () => {
      const { answer, changed } = await get(entry);
      expect(answer).toBeTruthy();
      expect(changed).toEqual([]);
    });
  }

  it("the check sees a write: the schedules these pages used to start change the Job table", async () => {
    const before = await tableChecksums();
    await ensureShopSchedules(prisma, { shop: SHOP, now: new Date() });
    const after = await tableChecksums();
    expect(after.Job!.rows).toBeGreaterThan(before.Job!.rows);
    await prisma.job.deleteMany({ where: { state: "queued" } });
  });
});
