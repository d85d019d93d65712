/**
 * Issue 29, defect 4, as an order lives it: an orders/cancelled that arrives while the order's job
 * is submitting it is acted on as soon as that job ends — not left to the 30-minute reconciliation
 * while the warehouse packs. And one that arrives while the job, having read Shopify before it, is
 * about to claim the order stops it: the cancellation's intake and the claim are one
 * compare-and-set apart (seed 500421 of the simulation). Over the simulated store, the service
 * sandbox and PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import type { SvcClient } from "~/svc";
import type { AdminGraphql } from "~/shopify/admin/client";
import { transition } from "~/fulfillment/records/records.server";
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

  it("an order cancelled while its job, having read Shopify before, releases the app's address hold is never sent", async () => {
    // GIVEN an order the app held in Shopify for its address, which the merchant has corrected
    const payload = h.paidOrder({
      shippingAddress: { address1: "Avenida Juárez", address2: "Col. Centro", zip: "06000" },
    });
    await h.deliver(payload);
    await h.worker().runOnce();
    expect(await recordOf(payload)).toMatchObject({ status: "waiting", reasonCode: "addressHeldNoNumber" });
    const corrected = await h.store.control.changeShippingAddress(SHOP, String(payload.id), {
      address: { address1: "Avenida Juárez 15" },
      deliver: false,
    });
    expect((await h.send("orders/updated", corrected.payload)).status).toBe(200);
    // ...and the order's job has read Shopify (deliverable, not cancelled): it releases the app's
    // hold, then would claim the record and send it
    let reached!: () => void;
    const releasing = new Promise<void>((resolve) => (reached = resolve));
    let resume!: () => void;
    const gate = new Promise<void>((resolve) => (resume = resolve));
    const adminFor = async (shop: string): Promise<AdminGraphql> => {
      const admin = await h.adminFor(shop);
      return (async (query: string, variables?: Record<string, unknown>) => {
        const answer = await admin(query, variables);
        if (/mutation ReleaseAppHold\b/.test(query)) {
          reached();
          await gate;
        }
        return answer;
      }) as AdminGraphql;
    };
    const running = h.worker({ adminFor }).runOnce();
    await releasing;
    // WHEN the buyer cancels the order meanwhile and the app accepts orders/cancelled (200)
    expect((await h.send("orders/cancelled", h.store.orders.cancel(SHOP, payload.id))).status).toBe(200);
    // THEN the record is skipped for good before the answer, and the job's claim loses to it
    expect(await recordOf(payload)).toMatchObject({ status: "skipped", reasonCode: "cancelledInShopify" });
    resume();
    await running;
    expect(await h.sandboxOrders()).toEqual([]);
    const record = await recordOf(payload);
    expect(record).toMatchObject({ status: "skipped", reasonCode: "cancelledInShopify" });
    // ...for good: no decision made from a read older than the cancellation moves it on
    expect(await transition(prisma, { id: record.id, from: "skipped", to: "pending", now: h.clock.now() })).toBe(
      false,
    );
  });
});
