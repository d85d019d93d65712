/**
 * Issue 29: the note jobs of two parts of one order interleave. Each job writes the whole order's
 * `svc:` tag from its own read of the order's parts, so a job that read before the other part
 * changed but writes after the other job used to leave the order showing a state that no longer
 * holds. A job now reads the parts again after its write and goes again when they say otherwise.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { writeOrderNote } from "~/fulfillment/shopify/order-note.server";
import { transition } from "~/fulfillment/records/records.server";
import type { AdminGraphql } from "~/shopify/admin/client";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { MINUTE, SHOP, clearFulfilments, recordsOf, startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await clearFulfilments(h);
  await updateShopSettings({
    db: prisma,
    shop: SHOP,
    patch: { fulfillment: { holdBackMinutes: 30, locationIds: [] }, stock: { locationId: null } },
  });
});

async function work(): Promise<void> {
  const worker = h.worker();
  for (let i = 0; i < 3; i++) await worker.runOnce();
}

/** Runs a part's note job as the queue does: again at once while it answers "again". */
async function noteJob(admin: AdminGraphql, fulfillmentId: string, order: { shop: string; shopifyOrderId: string }) {
  let runs = 0;
  while ((await writeOrderNote({ db: prisma, adminFor: async () => admin }, fulfillmentId, order)) === "again") {
    runs++;
    if (runs > 5) throw new Error("the note job kept going again");
  }
}

describe("two note jobs of one order", () => {
  it("leave the tag of the order's parts as they stand, whichever writes last", async () => {
    // GIVEN an order split into two parts, both at the warehouse
    const payload = h.paidOrder({
      lineItems: [
        { sku: "TAZA-AZ", quantity: 1 },
        { sku: "CAFE-500", quantity: 1 },
      ],
    });
    await h.deliver(payload);
    await work();
    const [fo] = h.fulfillmentOrdersOf(payload);
    await h.send("fulfillment_orders/split", h.store.orders.split(SHOP, fo!.id, { "CAFE-500": 1 }));
    await work();
    await h.clock.advance(31 * MINUTE);
    await work();
    const [a, b] = await recordsOf(payload);
    expect([a!.status, b!.status]).toEqual(["submitted", "submitted"]);
    const order = { shop: SHOP, shopifyOrderId: String(payload.id) };
    const tags = () => h.store.inspect(SHOP).tags[payload.admin_graphql_api_id];
    expect(tags()).toEqual(["svc:submitted"]);

    // WHEN part A moves on and its note job reads the parts (A in progress, B submitted)...
    expect(await transition(prisma, { id: a!.id, from: "submitted", to: "in_progress", now: h.clock.now() })).toBe(
      true,
    );
    const admin = await h.adminFor(SHOP);
    let interleaved = false;
    const slowA: AdminGraphql = async (query, variables) => {
      if (!interleaved && query.includes("mutation WriteFulfilmentNote")) {
        interleaved = true;
        // ...and before A's write lands, part B needs a person and B's note job runs to its end
        expect(
          await transition(prisma, { id: b!.id, from: "submitted", to: "needs_attention", now: h.clock.now() }),
        ).toBe(true);
        await noteJob(admin, b!.id, order);
        expect(tags()).toEqual(["svc:needs-attention"]);
      }
      return admin(query, variables);
    };
    await noteJob(slowA, a!.id, order);

    // THEN the order shows the part that needs a person, not A's earlier read
    expect(interleaved).toBe(true);
    expect(tags()).toEqual(["svc:needs-attention"]);
    expect(await recordsOf(payload)).toMatchObject([
      { status: "in_progress", noteStatus: "in_progress" },
      { status: "needs_attention", noteStatus: "needs_attention" },
    ]);
  });
});
