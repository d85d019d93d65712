/**
 * Issue 29, defect 4, as an order lives it: an orders/cancelled that arrives while the order's job
 * is submitting it is acted on as soon as that job ends — not left to the 30-minute reconciliation
 * while the warehouse packs. Over the simulated store, the service sandbox and PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import type { SvcClient } from "~/svc";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { SHOP, clearFulfilments, recordOf, startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await clearFulfilments(h);
  await updateShopSettings({ db: prisma, shop: SHOP, patch: { fulfillment: { holdBackMinutes: 0 } } });
});

describe("a change that arrives while the order's job runs", () => {
  it("an order cancelled while it is being submitted needs attention once the submission ends", async () => {
    // GIVEN the order's job is mid-submission: the service has the order, the job has not finished
    let created!: () => void;
    const atService = new Promise<void>((resolve) => (created = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const svcClientFor = async (shop: string): Promise<SvcClient | null> => {
      const client = await h.svcClientFor(shop);
      if (!client) return null;
      return new Proxy(client, {
        get(target, prop) {
          const value = Reflect.get(target, prop, target);
          if (prop !== "createOrder" || typeof value !== "function") return value;
          return async (...args: unknown[]) => {
            const answer = await value.apply(target, args);
            created();
            await gate;
            return answer;
          };
        },
      });
    };
    const payload = h.paidOrder();
    await h.deliver(payload);
    const running = h.worker({ svcClientFor }).runOnce();
    await atService;
    // WHEN the buyer cancels the order meanwhile (Shopify's webhook is accepted: 200)
    expect((await h.send("orders/cancelled", h.store.orders.cancel(SHOP, payload.id))).status).toBe(200);
    release();
    await running;
    // THEN the order's job ran again after the submission and saw the cancellation
    const [sent] = await h.sandboxOrders();
    expect(await recordOf(payload)).toMatchObject({
      status: "needs_attention",
      reason: `cancelled in Shopify after it reached the warehouse — stop it with the service (service order ${sent!.id})`,
    });
    expect(await prisma.job.findMany({ where: { queue: "fulfillment.submit" }, select: { state: true } })).toEqual([
      { state: "done" },
    ]);
  });
});
