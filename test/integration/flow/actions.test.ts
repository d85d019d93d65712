/**
 * Shopify Flow actions: the simulated store plays Flow and POSTs signed action requests to the
 * app's routes (the runtime_url of each action extension), over the fulfilment loop on PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { flowExtensions } from "../../../scripts/flow-extensions";
import { getHmac } from "@shopify/shopify-api/test-helpers";
import { TEST_API_SECRET, TEST_APP_URL } from "../../helpers/shopify-requests";
import { SHOP, clearFulfilments, recordOf, startHarness, type Harness } from "../fulfillment/support/harness";
import { routeContext } from "../../helpers/app-services";
import { action as sendOrderRoute } from "~/routes/flow.actions.send-order";
import { flowApp } from "./support/flow-app";

// The app's Flow routes in process, as Remix calls them.
const app = flowApp;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.store.control.setApp(SHOP, app);
});
afterAll(() => h.close());
beforeEach(async () => {
  await clearFulfilments(h);
  await prisma.flowActionRun.deleteMany({});
});

/** The action's runtime_url path, as its TOML declares it. */
function pathOf(handle: string): string {
  const extension = flowExtensions().find((e) => e.type === "flow_action" && e.handle === handle);
  if (!extension?.runtimeUrl) throw new Error(`no action extension ${handle}`);
  return new URL(extension.runtimeUrl).pathname;
}

async function runAction(handle: string, orderId: number, opts: { actionRunId?: string; signature?: string } = {}) {
  const { action } = await h.store.control.sendFlowAction(SHOP, {
    url: pathOf(handle),
    handle,
    properties: { order_id: orderId },
    ...opts,
  });
  return action;
}

/** Flow's "Send order to warehouse" request for any shop domain, signed as Flow signs it. */
function handSignedAction(args: { shop: string; orderId: number; actionRunId: string; secret: string }): Request {
  const raw = JSON.stringify({
    shop_id: 1,
    shopify_domain: args.shop,
    action_run_id: args.actionRunId,
    action_definition_id: "send-order-to-warehouse",
    handle: "send-order-to-warehouse",
    properties: { order_id: args.orderId },
  });
  return new Request(new URL(pathOf("send-order-to-warehouse"), TEST_APP_URL), {
    method: "POST",
    headers: { "content-type": "application/json", "x-shopify-hmac-sha256": getHmac(raw, args.secret) },
    body: raw,
  });
}

const drain = async () => {
  const w = h.worker();
  while ((await w.runOnce()) > 0);
};

/** An order the app received and sent to the warehouse (as far as the service lets it). */
async function deliveredOrder(sku: string) {
  const payload = h.paidOrder({ lineItems: [{ sku, quantity: 1 }] });
  await h.deliver(payload);
  await drain();
  return payload;
}

describe("Flow action 'Send order to warehouse'", () => {
  it("sends an order the app never received, once per action run: a repeated request does nothing more", async () => {
    // GIVEN a paid order whose orders/paid never reached the app
    const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
    // WHEN a workflow runs the action
    const first = await runAction("send-order-to-warehouse", payload.id);
    // THEN the app answers 200 and the order's job sends it to the warehouse
    expect(first.status).toBe(200);
    await drain();
    expect(await h.sandboxOrders()).toHaveLength(1);
    expect((await recordOf(payload)).status).toBe("submitted");
    // WHEN Flow sends the same run again (it did not see the answer)
    const again = await runAction("send-order-to-warehouse", payload.id, { actionRunId: first.actionRunId });
    await drain();
    // THEN the answer is the first one's, and nothing more happened
    expect(again.status).toBe(200);
    expect(JSON.parse(again.answer!)).toEqual(JSON.parse(first.answer!));
    expect(await h.sandboxOrders()).toHaveLength(1);
    expect(await prisma.shopifyOrder.count()).toBe(1);
    expect(await prisma.flowActionRun.findMany()).toEqual([
      expect.objectContaining({ actionRunId: first.actionRunId, handle: "send-order-to-warehouse", status: 200 }),
    ]);
  });

  it("a new run for an order already at the warehouse fails for good (4xx) with the reason", async () => {
    const payload = await deliveredOrder("TAZA-AZ");
    const run = await runAction("send-order-to-warehouse", payload.id);
    expect(run.status).toBe(422);
    expect(JSON.parse(run.answer!)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/already with the warehouse/),
    });
    expect(await h.sandboxOrders()).toHaveLength(1);
  });

  it("answers 401 to a request without Shopify's signature, and does nothing", async () => {
    const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
    const forged = await runAction("send-order-to-warehouse", payload.id, {
      signature: "bm90IGEgc2lnbmF0dXJlIGF0IGFsbCwgaXQgaXMgbm90IQ==",
    });
    expect(forged.status).toBe(401);
    await drain();
    expect(await prisma.shopifyOrder.count()).toBe(0);
    expect(await prisma.flowActionRun.count()).toBe(0);
  });

  it("accepts a request signed with the previous client secret during a rotation", async () => {
    // GIVEN Shopify still signs with the secret before the rotation
    h.store.control.setApp(SHOP, { ...app, secret: process.env.SHOPIFY_API_SECRET_PREVIOUS! });
    try {
      const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
      expect((await runAction("send-order-to-warehouse", payload.id)).status).toBe(200);
      expect(await prisma.shopifyOrder.count()).toBe(1);
    } finally {
      h.store.control.setApp(SHOP, app);
    }
  });

  it("reads the shop as the webhooks do: in capitals it is the same shop, signed with either secret", async () => {
    for (const [secret, actionRunId] of [
      [TEST_API_SECRET, "run-current-secret"],
      [process.env.SHOPIFY_API_SECRET_PREVIOUS!, "run-previous-secret"],
    ] as const) {
      const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
      const answer = await sendOrderRoute({
        request: handSignedAction({ shop: SHOP.toUpperCase(), orderId: payload.id, actionRunId, secret }),
        params: {},
        context: routeContext(),
      });
      expect(answer.status, actionRunId).toBe(200);
    }
    const runs = await prisma.flowActionRun.findMany({ orderBy: { actionRunId: "asc" } });
    expect(runs.map((r) => [r.shop, r.actionRunId])).toEqual([
      [SHOP, "run-current-secret"],
      [SHOP, "run-previous-secret"],
    ]);
    expect(await prisma.shopifyOrder.count({ where: { shop: SHOP } })).toBe(2);
  });

  it("answers 400 to a signed request naming a shop that is not a myshopify.com domain, and does nothing", async () => {
    const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
    for (const shop of ["tienda-demo.example.com", "not a shop", ""]) {
      const answer = await sendOrderRoute({
        request: handSignedAction({ shop, orderId: payload.id, actionRunId: `run-${shop}`, secret: TEST_API_SECRET }),
        params: {},
        context: routeContext(),
      });
      expect(answer.status, shop).toBe(400);
    }
    expect(await prisma.flowActionRun.count()).toBe(0);
    expect(await prisma.shopifyOrder.count()).toBe(0);
  });

  it("answers 400 to a signed request of another action at this URL", async () => {
    const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
    const { action } = await h.store.control.sendFlowAction(SHOP, {
      url: pathOf("send-order-to-warehouse"),
      handle: "retry-order-needs-attention",
      properties: { order_id: payload.id },
    });
    expect(action.status).toBe(400);
    expect(await prisma.flowActionRun.count()).toBe(0);
  });
});

describe("Flow action 'Retry order that needs attention'", () => {
  const retriedEvents = async (fulfillmentId: string) =>
    (await prisma.fulfillmentEvent.findMany({ where: { fulfillmentId } })).filter((e) =>
      e.detail?.startsWith("retried by the merchant"),
    );

  it("retries the part that needs attention once per action run", async () => {
    // GIVEN an order stopped because the service has no dimensions for its product
    const payload = await deliveredOrder("SIN-DIM");
    const record = await recordOf(payload);
    expect(record.status).toBe("needs_attention");
    // WHEN a workflow runs the retry, and the order's job reads it again (still no dimensions)
    const first = await runAction("retry-order-needs-attention", payload.id);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.answer!)).toMatchObject({ ok: true, code: "willSend" });
    await drain();
    expect(await retriedEvents(record.id)).toHaveLength(1);
    expect((await recordOf(payload)).status).toBe("needs_attention");
    // WHEN Flow repeats the same run
    const again = await runAction("retry-order-needs-attention", payload.id, { actionRunId: first.actionRunId });
    await drain();
    // THEN it answers as before and the order is not retried a second time
    expect(again.status).toBe(200);
    expect(await retriedEvents(record.id)).toHaveLength(1);
  });

  it("fails for good when nothing of the order needs attention", async () => {
    const payload = await deliveredOrder("TAZA-AZ");
    const run = await runAction("retry-order-needs-attention", payload.id);
    expect(run.status).toBe(422);
    expect(JSON.parse(run.answer!)).toMatchObject({ ok: false, code: "notRetryable" });
  });
});
