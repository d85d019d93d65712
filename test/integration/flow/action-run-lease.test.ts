// Issue 29, defect 5: a Flow action run is held under a lease while it is performed. A run left
// in progress (its request crashed, or the final write failed) is taken over by Flow's next
// delivery once the lease runs out, instead of answering 503 until Flow gives up; two deliveries
// at once still perform the action once, and a holder that lost its lease records nothing.
import { getHmac } from "@shopify/shopify-api/test-helpers";
import { beforeEach, describe, expect, it } from "vitest";
import { FLOW_ACTIONS, FLOW_RUN_LEASE_MS, handleFlowAction, type FlowActionWork } from "~/flow/actions.server";
import type { MerchantActionResult } from "~/fulfillment/actions/merchant-actions.server";
import { testServices } from "../../helpers/app-services";
import prisma from "../../helpers/prisma";
import { TEST_API_SECRET, TEST_APP_URL } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";

const SHOP = "lease-test.myshopify.com";
const HANDLE = FLOW_ACTIONS.sendOrder;
const t0 = new Date("2026-11-20T10:00:00Z");
const SENT: MerchantActionResult = { ok: true, code: "willSend", params: { order: "#1001" } };

function delivery(actionRunId: string): Request {
  const raw = JSON.stringify({
    shop_id: 1,
    shopify_domain: SHOP,
    action_run_id: actionRunId,
    handle: HANDLE,
    properties: { order_id: 1001 },
  });
  return new Request(new URL("/flow/actions/send-order", TEST_APP_URL), {
    method: "POST",
    headers: { "content-type": "application/json", "x-shopify-hmac-sha256": getHmac(raw, TEST_API_SECRET) },
    body: raw,
  });
}

/** Flow's delivery of `actionRunId` at `at`, performing `work`. */
function deliver(actionRunId: string, at: Date, work: FlowActionWork) {
  return handleFlowAction({ ...testServices(), now: () => at }, delivery(actionRunId), HANDLE, work);
}

/** An action whose runs wait for `release()`; `calls` counts how often it was performed. */
function gatedWork() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const firstStarted = new Promise<void>((resolve) => (started = resolve));
  const state = { calls: 0 };
  const work: FlowActionWork = async () => {
    state.calls += 1;
    started();
    await gate;
    return SENT;
  };
  return { work, release, firstStarted, state };
}

const quick: FlowActionWork = async () => SENT;

describe("a Flow action run under a lease", () => {
  beforeEach(async () => {
    await resetDatabase();
    await prisma.shop.create({ data: { domain: SHOP } });
  });

  it("is taken over by a later delivery once its holder is gone, and the gone holder records nothing", async () => {
    // GIVEN a delivery whose request hangs mid-work (its process died: it never answers)
    const stuck = gatedWork();
    const first = deliver("run-1", t0, stuck.work);
    await stuck.firstStarted;
    // WHEN Flow delivers the run again while the lease holds, it is told to come back
    const early = await deliver("run-1", new Date(t0.getTime() + FLOW_RUN_LEASE_MS - 1), quick);
    expect(early.status).toBe(503);
    // AND once the lease has run out, the next delivery performs it and records the answer
    const late = await deliver("run-1", new Date(t0.getTime() + FLOW_RUN_LEASE_MS), quick);
    expect(late.status).toBe(200);
    expect(await prisma.flowActionRun.findMany()).toEqual([
      expect.objectContaining({ actionRunId: "run-1", status: 200, leaseToken: null, leaseExpiresAt: null }),
    ]);
    // THEN the first holder, should it ever finish, changes nothing: the run keeps the answer given
    stuck.release();
    await first;
    const [row] = await prisma.flowActionRun.findMany();
    expect(row).toMatchObject({ status: 200, result: SENT });
    // AND a repeated delivery answers as before without performing it again
    const repeat = gatedWork();
    expect((await deliver("run-1", new Date(t0.getTime() + 2 * FLOW_RUN_LEASE_MS), repeat.work)).status).toBe(200);
    expect(repeat.state.calls).toBe(0);
  });

  it("takes over a run left in progress before runs had leases, once a lease has passed since it began", async () => {
    await prisma.flowActionRun.create({
      data: { shop: SHOP, actionRunId: "old", handle: HANDLE, status: 0, result: {}, createdAt: t0 },
    });
    expect((await deliver("old", new Date(t0.getTime() + 1_000), quick)).status).toBe(503);
    expect((await deliver("old", new Date(t0.getTime() + FLOW_RUN_LEASE_MS), quick)).status).toBe(200);
  });

  it("performs the action once when Flow delivers the same run twice at once", async () => {
    const { work, release, state } = gatedWork();
    // The performing delivery waits at the gate; the others are answered without it.
    const answered: number[] = [];
    let othersAnswered!: () => void;
    const others = new Promise<void>((resolve) => (othersAnswered = resolve));
    const deliveries = Array.from({ length: 4 }, () =>
      deliver("run-2", t0, work).then((response) => {
        answered.push(response.status);
        if (answered.length === 3) othersAnswered();
      }),
    );
    await others;
    expect(answered).toEqual([503, 503, 503]);
    release();
    await Promise.all(deliveries);
    expect(answered).toEqual([503, 503, 503, 200]);
    expect(state.calls).toBe(1);
  });
});
