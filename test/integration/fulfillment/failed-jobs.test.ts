// Every background job of orders and the shop that gives up (or keeps failing) shows on the page it
// belongs to with a readable reason and a retry (issue 11): order jobs on Pedidos next to the
// order's name, shop-level jobs on Inicio. Each job here really runs and really fails: the
// simulated store answers Shopify's 503 over HTTP to every Admin API call, then recovers.
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { requestAssignedRead } from "~/fulfillment/shopify/fulfillment-service.server";
import { RECONCILE_QUEUE, REQUESTS_QUEUE, RESOLVE_QUEUE, STOCK_QUEUE, SUBMIT_QUEUE } from "~/fulfillment/core/queues";
import { startReconciliation } from "~/fulfillment/jobs/reconcile.server";
import { requestStockSync } from "~/fulfillment/jobs/stock-sync.server";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { action as homeAction, loader as homeLoader } from "~/routes/app._index";
import { action as ordersAction, loader as ordersLoader, type OrdersPageData } from "~/routes/app.orders/route";
import { simulatedStoreAdminGraphql, type AdminGraphql } from "~/shopify/admin.server";
import { storeOfflineSession } from "../../helpers/sessions";
import { bearerRequest } from "../../helpers/shopify-requests";
import {
  MINUTE,
  SHOP,
  clearFulfilments,
  enableStockSync,
  recordOf,
  startHarness,
  type Harness,
} from "./support/harness";
import { routeContext } from "../../helpers/app-services";

let h: Harness;
let outage: AdminGraphql;
let closeStore: () => Promise<void>;
beforeAll(async () => {
  h = await startHarness();
  await storeOfflineSession(prisma, SHOP);
  const server = await h.store.listen();
  closeStore = () => server.close();
  // Shopify down: the store answers 503 to every Admin API call made over HTTP.
  h.store.failNext(SHOP, "server-error", 100_000);
  outage = simulatedStoreAdminGraphql({
    baseUrl: server.url,
    shop: SHOP,
    tokens: { accessToken: h.store.accessToken(SHOP) },
    apiVersion: "2026-10",
  });
});
afterAll(async () => {
  await closeStore();
  await h.close();
});
beforeEach(async () => {
  await clearFulfilments(h);
  await updateShopSettings({
    db: prisma,
    shop: SHOP,
    patch: { fulfillment: { mode: "merchant_managed" }, stock: { enabled: false } },
  });
});

const failingWorker = () => h.worker({ adminFor: async () => outage });

/** Runs the jobs against Shopify's outage until `queue`'s job of the shop has given up (or 15 rounds). */
async function untilGivenUp(queue: string, state: "failed" | "queued" = "failed") {
  for (let round = 0; round < 15; round++) {
    await failingWorker().runOnce();
    const job = await prisma.job.findFirst({ where: { shop: SHOP, queue } });
    if (job?.state === state && job.lastError && (state === "failed" || job.attempts === 0 || job.attempts >= 5))
      return job;
    await h.clock.advance(16 * MINUTE);
  }
  throw new Error(`${queue} did not give up: ${JSON.stringify(await prisma.job.findMany({ where: { queue } }))}`);
}

const pedidos = async () =>
  (
    (await ordersLoader({
      request: await bearerRequest("/app/orders", SHOP),
      params: {},
      context: routeContext(),
    })) as OrdersPageData
  ).attention.failedJobs;
const inicio = async () =>
  (await homeLoader({ request: await bearerRequest("/app", SHOP), params: {}, context: routeContext() })).failedJobs;

type PageAction = (args: ActionFunctionArgs) => Promise<unknown>;
async function retry(action: PageAction, path: string, id: string, shop = SHOP) {
  const request = await bearerRequest(path, shop, {
    method: "POST",
    body: new URLSearchParams({ intent: "job-retry", id }),
  });
  const response = (await action({ request, params: {}, context: routeContext() })) as unknown as {
    data: { ok: boolean };
    init: { status: number } | null;
  };
  return { status: response.init?.status ?? 200, ok: response.data.ok };
}

describe("on Pedidos", () => {
  it("reading a paid order (fulfillment.submit) that gave up shows next to the order with the reason; retry sends it", async () => {
    const order = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
    await h.deliver(order);
    await untilGivenUp(SUBMIT_QUEUE);
    const [problem] = await pedidos();
    expect(problem).toMatchObject({ kind: "submit", state: "failed", attempts: 10, subject: order.name });
    expect(problem!.error).toMatch(/answered 500/);
    // What failed, as the code the page words (the error's text above is never shown).
    expect(problem!.errorCode).toBe("shopifyFailed");
    expect(await inicio()).toEqual([]);
    // Another shop cannot retry it.
    await storeOfflineSession(prisma, "otra-tienda.myshopify.com");
    expect(await retry(ordersAction, "/app/orders", problem!.id, "otra-tienda.myshopify.com")).toMatchObject({
      status: 404,
    });
    // Shopify is back: the merchant retries and the order goes to the warehouse.
    expect(await retry(ordersAction, "/app/orders", problem!.id)).toEqual({ status: 200, ok: true });
    expect(await pedidos()).toEqual([]);
    await h.worker().runOnce();
    expect((await h.sandboxOrders()).map((o) => o.request.tienda_orden_ref)).toEqual([order.name]);
  });

  it("writing tracking back (fulfillment.poll) and the order's status note (fulfillment.note) show while Shopify keeps failing", async () => {
    const order = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
    await h.deliver(order);
    await h.worker().runOnce();
    const record = await recordOf(order);
    expect(record.status).toBe("submitted");
    const [sent] = await h.sandboxOrders();
    await h.control("POST", `/__sandbox/orders/${sent!.id}/packed`, { productos: [{ sku: "TAZA-AZ", cantidad: 1 }] });
    await h.clock.advance(61 * MINUTE);
    for (let round = 0; round < 12; round++) {
      await failingWorker().runOnce();
      await h.clock.advance(16 * MINUTE);
    }
    const problems = await pedidos();
    expect(problems.map((p) => p.kind).sort()).toEqual(["note", "poll"]);
    expect(problems.find((p) => p.kind === "poll")!.error).toMatch(/writing the shipment to Shopify failed/);
    expect(problems.find((p) => p.kind === "poll")!.errorCode).toBe("shopifyFailed");
    for (const problem of problems) {
      expect(problem.subject).toBe(order.name);
      expect(problem.error).toBeTruthy();
    }
    // Retry each with Shopify back: the shipment reaches Shopify with its tracking.
    for (const problem of problems) expect((await retry(ordersAction, "/app/orders", problem.id)).ok).toBe(true);
    await h.worker().runOnce();
    expect(await pedidos()).toEqual([]);
    expect(h.store.inspect(SHOP).fulfillments.filter((f) => f.orderId === order.admin_graphql_api_id)).toHaveLength(1);
  });

  it("finding the order of an unknown fulfilment order (fulfillment.resolve) that gave up shows, without the fulfilment order's id", async () => {
    await h.send("fulfillment_orders/placed_on_hold", {
      fulfillment_order: { id: "gid://shopify/FulfillmentOrder/987654", status: "on_hold" },
    });
    await untilGivenUp(RESOLVE_QUEUE);
    const [problem] = await pedidos();
    expect(problem).toMatchObject({
      kind: "resolve",
      state: "failed",
      // No record names the order yet, and its GID says nothing to the merchant.
      subject: null,
    });
    expect((await retry(ordersAction, "/app/orders", problem!.id)).ok).toBe(true);
    await h.worker().runOnce();
    expect(await pedidos()).toEqual([]);
  });
});

describe("on Inicio", () => {
  it("reviewing orders in Shopify (orders.reconcile) failing shows with the reason and runs again on retry", async () => {
    await startReconciliation(prisma, { shop: SHOP, now: h.clock.now() });
    await untilGivenUp(RECONCILE_QUEUE, "queued");
    const [problem] = await inicio();
    expect(problem).toMatchObject({ kind: "reconcile", state: "queued", subject: null });
    expect(problem!.error).toMatch(/answered 500/);
    // What failed, as the code the page words (the error's text above is never shown).
    expect(problem!.errorCode).toBe("shopifyFailed");
    expect(await pedidos()).toEqual([]);
    expect(await retry(homeAction, "/app", problem!.id)).toEqual({ status: 200, ok: true });
    await h.worker().runOnce();
    expect(await inicio()).toEqual([]);
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } })).ordersReconciledAt).not.toBeNull();
  });

  it("passing stock to Shopify (stock.sync) failing shows and runs again on retry", async () => {
    await enableStockSync(h);
    await requestStockSync(prisma, { shop: SHOP, runAt: h.clock.now(), onDemand: true });
    await untilGivenUp(STOCK_QUEUE, "queued");
    const [problem] = await inicio();
    expect(problem).toMatchObject({ kind: "stock", state: "queued" });
    expect(problem!.error).toMatch(/500/);
    expect((await retry(homeAction, "/app", problem!.id)).ok).toBe(true);
    await h.worker().runOnce();
    expect(await inicio()).toEqual([]);
  });

  it("reading fulfilment requests (fulfillment.requests) failing shows and runs again on retry", async () => {
    await updateShopSettings({ db: prisma, shop: SHOP, patch: { fulfillment: { mode: "fulfillment_service" } } });
    await requestAssignedRead(prisma, { shop: SHOP, now: h.clock.now() });
    await untilGivenUp(REQUESTS_QUEUE, "queued");
    const [problem] = await inicio();
    expect(problem).toMatchObject({ kind: "requests", state: "queued" });
    expect(problem!.error).toMatch(/answered 500/);
    // What failed, as the code the page words (the error's text above is never shown).
    expect(problem!.errorCode).toBe("shopifyFailed");
    expect((await retry(homeAction, "/app", problem!.id)).ok).toBe(true);
    await h.worker().runOnce();
    expect(await inicio()).toEqual([]);
  });

  it("a bad id is a 400, an unknown one a 404", async () => {
    expect(await retry(homeAction, "/app", "nope")).toMatchObject({ status: 400, ok: false });
    expect(await retry(homeAction, "/app", "00000000-0000-4000-8000-000000000000")).toMatchObject({ status: 404 });
  });
});
