/**
 * Flow triggers are sent only while a workflow uses them (ADR 037): the simulated store plays the
 * merchant enabling and disabling workflows, and Flow POSTs its signed trigger lifecycle callback
 * to the app's route (the flow_trigger_lifecycle_callback extension's url); the fulfilment loop
 * runs on PostgreSQL with the service sandbox, and the store records every flowTriggerReceive.
 */
import { getHmac } from "@shopify/shopify-api/test-helpers";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { routeContext } from "../../helpers/app-services";
import { TEST_API_SECRET, TEST_APP_URL } from "../../helpers/shopify-requests";
import { flowJobHandlers } from "~/flow/trigger-jobs.server";
import { FLOW_TRIGGER_QUEUE } from "~/flow/triggers";
import { fulfillmentJobHandlers } from "~/fulfillment/jobs/jobs.server";
import { jobErrorCode } from "~/job-errors/error-codes";
import { createJobWorker } from "~/jobs/worker.server";
import { action as lifecycleRoute } from "~/routes/flow.triggers.lifecycle";
import { SHOP, clearFulfilments, silentLogger, startHarness, type Harness } from "../fulfillment/support/harness";
import { deployFlowExtensions, enableWorkflows } from "./support/flow-app";

const SENT = "order-sent-to-warehouse";
const ATTENTION = "order-needs-attention";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
let base = 0;
beforeEach(async () => {
  await clearFulfilments(h);
  await prisma.flowTrigger.deleteMany({});
  await prisma.flowTriggerUse.deleteMany({});
  deployFlowExtensions(h.store, SHOP);
  // Every workflow of an earlier test disabled (its callbacks are older than this test's).
  for (const w of h.store.control.flowWorkflows(SHOP).workflows.filter((w) => w.enabled))
    await h.store.control.setFlowWorkflow(SHOP, { handle: w.handle, workflowId: w.id, enabled: false });
  await prisma.flowTriggerUse.deleteMany({});
  await h.clock.advance(1_000);
  base = h.store.control.flowTriggers(SHOP).received.length;
});

async function drain() {
  const deps = { db: prisma, logger: silentLogger, now: () => h.clock.now(), adminFor: h.adminFor };
  const w = createJobWorker({
    db: prisma,
    errorCode: jobErrorCode,
    handlers: {
      ...fulfillmentJobHandlers({ ...deps, svcClientFor: h.svcClientFor }),
      ...flowJobHandlers(deps),
    },
    logger: silentLogger,
    now: deps.now,
  });
  while ((await w.runOnce()) > 0);
}

const received = () => h.store.control.flowTriggers(SHOP).received.slice(base).map((r) => r.handle);
const triggerJobs = () => prisma.job.count({ where: { queue: FLOW_TRIGGER_QUEUE } });
const uses = () =>
  prisma.flowTriggerUse.findMany({ orderBy: { trigger: "asc" }, select: { trigger: true, enabled: true, at: true } });

/** A paid order the service takes (owes "sent"), or one it stops for missing dimensions ("needs attention"). */
async function order(sku = "TAZA-AZ") {
  const payload = h.paidOrder({ lineItems: [{ sku, quantity: 1 }] });
  expect((await h.deliver(payload)).status).toBe(200);
  await drain();
}

const setWorkflow = async (handle: string, enabled: boolean, more: { hold?: boolean; signature?: string } = {}) => {
  const result = await h.store.control.setFlowWorkflow(SHOP, { handle, enabled, ...more });
  await h.clock.advance(1_000);
  return result;
};

describe("Flow triggers follow the workflows that use them", () => {
  it("sends nothing, and enqueues no job, for a shop with no enabled workflow", async () => {
    await order();
    await order("SIN-DIM");
    expect(received()).toEqual([]);
    expect(await triggerJobs()).toBe(0);
    expect(await prisma.flowTrigger.count()).toBe(0);
  });

  it("sends a trigger once a workflow using it is enabled, and only that trigger", async () => {
    // WHEN the merchant enables a workflow started by "order sent to warehouse"
    const { workflow, callback } = await setWorkflow(SENT, true);
    // THEN Flow's signed callback reached the app, which answered 2xx and recorded it with Flow's time
    expect(callback).toMatchObject({ status: 200, body: { has_enabled_flow: true, shopify_domain: SHOP } });
    expect(workflow.enabled).toBe(true);
    expect(await uses()).toEqual([
      { trigger: SENT, enabled: true, at: new Date(callback!.body.timestamp as string) },
    ]);
    // WHEN an order reaches the service and another needs attention
    await order();
    await order("SIN-DIM");
    // THEN Flow received "sent" only: no workflow uses "needs attention", so no job was even queued for it
    expect(received()).toEqual([SENT]);
    expect(await triggerJobs()).toBe(1);
  });

  it("sends nothing and enqueues no job again once the workflow is disabled", async () => {
    await setWorkflow(SENT, true);
    await order();
    expect(received()).toEqual([SENT]);
    // WHEN the merchant disables it
    const { callback } = await setWorkflow(SENT, false);
    expect(callback).toMatchObject({ status: 200, body: { has_enabled_flow: false } });
    const jobsBefore = await triggerJobs();
    await order();
    // THEN the second order's state change owed Flow nothing
    expect(received()).toEqual([SENT]);
    expect(await triggerJobs()).toBe(jobsBefore);
  });

  it("keeps sending while another enabled workflow still uses the trigger", async () => {
    await h.store.control.setFlowWorkflow(SHOP, { handle: SENT, enabled: true, workflowId: "wf-a" });
    await h.clock.advance(1_000);
    await h.store.control.setFlowWorkflow(SHOP, { handle: SENT, enabled: true, workflowId: "wf-b" });
    await h.clock.advance(1_000);
    const { callback } = await h.store.control.setFlowWorkflow(SHOP, { handle: SENT, enabled: false, workflowId: "wf-a" });
    expect(callback!.body.has_enabled_flow).toBe(true);
    await order();
    expect(received()).toEqual([SENT]);
  });

  it("an older callback arriving late never overwrites a newer one", async () => {
    // GIVEN a workflow enabled, then disabled, but Flow's disable callback held back
    await setWorkflow(ATTENTION, true);
    const { callback: late } = await setWorkflow(ATTENTION, false, { hold: true });
    // WHEN the merchant enables it again, and only then the old disable arrives
    const { callback: newer } = await setWorkflow(ATTENTION, true);
    expect(newer!.status).toBe(200);
    const delivered = await h.store.control.deliverFlowLifecycle(SHOP, late!.id);
    // THEN the app answered 2xx (Flow must not retry it) but kept the newer state
    expect(delivered.callback.status).toBe(200);
    expect(await uses()).toEqual([
      { trigger: ATTENTION, enabled: true, at: new Date(newer!.body.timestamp as string) },
    ]);
    await order("SIN-DIM");
    expect(received()).toEqual([ATTENTION]);
  });

  it("a newer disable replaces an older enable delivered after it", async () => {
    // The reverse order: the enable's callback is sent by hand after the newer disable landed.
    const { callback: enable } = await setWorkflow(ATTENTION, true);
    await setWorkflow(ATTENTION, false);
    const again = await post(enable!.body);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ recorded: false });
    expect((await uses())[0]).toMatchObject({ enabled: false });
    await order("SIN-DIM");
    expect(received()).toEqual([]);
  });

  it("refuses a callback with a bad signature (401): nothing is recorded and the merchant cannot enable the workflow", async () => {
    const { workflow, callback } = await setWorkflow(SENT, true, { signature: "Zm9yZ2Vk" });
    expect(callback!.status).toBe(401);
    expect(workflow.enabled).toBe(false);
    expect(await uses()).toEqual([]);
    await order();
    expect(received()).toEqual([]);
  });
});

/** POSTs a lifecycle callback to the app's route, signed with the app's secret unless told otherwise. */
async function post(body: unknown, signature?: string) {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  const request = new Request(`${TEST_APP_URL}/flow/triggers/lifecycle`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Hmac-Sha256": signature ?? (await getHmac(raw, TEST_API_SECRET)),
    },
    body: raw,
  });
  return lifecycleRoute({ request, params: {}, context: routeContext() });
}

describe("the lifecycle callback's bad input", () => {
  const valid = {
    flow_trigger_definition_id: "Order sent to warehouse",
    has_enabled_flow: true,
    shop_id: "690933842",
    shopify_domain: SHOP,
    timestamp: "2026-11-28T05:00:00.999Z",
  };

  it("answers 400 naming each wrong field, and writes nothing", async () => {
    const bad = await post({ ...valid, has_enabled_flow: "yes", timestamp: "yesterday" });
    expect(bad.status).toBe(400);
    const { error } = (await bad.json()) as { error: string };
    expect(error).toMatch(/has_enabled_flow/);
    expect(error).toMatch(/timestamp/);
    expect((await post("not json")).status).toBe(400);
    expect((await post({ ...valid, shopify_domain: "evil.example.com" })).status).toBe(400);
    expect(await uses()).toEqual([]);
  });

  it("answers 401 to an unsigned callback, and writes nothing", async () => {
    expect((await post(valid, "")).status).toBe(401);
    expect(await uses()).toEqual([]);
  });

  it("answers 200 for a shop the app does not know, so the merchant is not kept from enabling, and writes nothing", async () => {
    const response = await post({ ...valid, shopify_domain: "unknown-shop.myshopify.com" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ recorded: false });
    expect(await prisma.flowTriggerUse.count()).toBe(0);
  });

  it("a trigger Flow names in a way the app cannot match counts as every trigger (sending is the safe side)", async () => {
    const response = await post({ ...valid, flow_trigger_definition_id: "5f6c0d1e-unknown" });
    expect(response.status).toBe(200);
    await order("SIN-DIM");
    expect(received()).toEqual([ATTENTION]);
  });

  it("a shop installed before callbacks existed (its rows with no timestamp) keeps its triggers until Flow says otherwise", async () => {
    // GIVEN the row the migration wrote: in use, since an unknown time
    await prisma.flowTriggerUse.create({ data: { shop: SHOP, trigger: SENT, enabled: true, at: null } });
    await order();
    expect(received()).toEqual([SENT]);
    // WHEN Flow's first callback says no workflow uses it, however old its timestamp
    expect((await post({ ...valid, has_enabled_flow: false, timestamp: "2020-01-01T00:00:00Z" })).status).toBe(200);
    await order();
    // THEN that is believed
    expect(received()).toEqual([SENT]);
    expect((await uses())[0]).toMatchObject({ enabled: false, at: new Date("2020-01-01T00:00:00Z") });
  });
});

describe("enabling every workflow the demo and the tests use", () => {
  it("records each of the app's triggers by handle", async () => {
    await enableWorkflows(h.store, SHOP);
    expect((await uses()).map((u) => u.trigger)).toEqual([
      ATTENTION,
      SENT,
      "tracking-received",
      "warehouse-stock-low",
    ]);
  });
});
