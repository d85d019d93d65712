/**
 * Issue 32, item 3: an order the service refuses for lack of stock waits for stock (awaiting_stock)
 * naming the units missing, leaves by itself when a stock read shows enough (after a reception at
 * the sandbox), and reaches the service exactly once — also when two stock reads, or a read and
 * the merchant's «send», race for it. Over the simulated store, the service sandbox and PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { requestStockSync } from "~/fulfillment/jobs/stock-sync.server";
import { releaseCoveredOrders } from "~/fulfillment/jobs/awaiting-stock.server";
import { retryFulfillment } from "~/fulfillment/actions/merchant-actions.server";
import { unitsAwaitingWarehouse } from "~/fulfillment/records/units-awaiting-warehouse.server";
import { readWarehouse } from "~/warehouse/warehouse-read.server";
import { SHOP, enableStockSync, harnessPerFile, recordOf } from "./support/harness";

const harness = harnessPerFile({ holdBackMinutes: 0, locationIds: [] });

const work = () => harness().worker().runOnce();
const merchant = () => {
  const h = harness();
  return { db: prisma, now: h.clock.now, svcClientFor: h.svcClientFor, adminFor: h.adminFor };
};

/** The stock job's run now (its read feeds Almacén and the waiting orders), then whatever it woke. */
async function stockRead() {
  await requestStockSync(prisma, { shop: SHOP, runAt: harness().clock.now(), onDemand: true });
  await work();
}

async function ordersAtService(payload: { name: string }) {
  return (await harness().sandboxOrders()).filter((o) => o.request.tienda_orden_ref === payload.name);
}

/** Stock sync on, the warehouse holding `units` plates (read once), and an order of three refused for them. */
async function refusedForStock(units: number) {
  const h = harness();
  await enableStockSync(h);
  await h.control("POST", "/__sandbox/stock", { sku: "PLATO-GR", units });
  await stockRead();
  const payload = h.paidOrder({ lineItems: [{ sku: "PLATO-GR", quantity: 3 }] });
  await h.deliver(payload);
  await work();
  return payload;
}

describe("an order refused for lack of stock", () => {
  it("waits naming the units missing, counts among the units not at the warehouse, and leaves once a reception covers it, once", async () => {
    const h = harness();
    const payload = await refusedForStock(1);
    const record = await recordOf(payload);
    expect(record).toMatchObject({
      status: "awaiting_stock",
      reasonCode: "awaitingStock",
      reasonParams: { missing: "PLATO-GR × 2" },
    });
    expect(await ordersAtService(payload)).toHaveLength(0);
    // Paid, not at the warehouse: stock sync holds its units back.
    expect((await unitsAwaitingWarehouse(prisma, SHOP)).bySku.get("PLATO-GR")).toBe(3);

    // A stock read that still lacks the units leaves it waiting and sends nothing.
    await stockRead();
    expect(await recordOf(payload)).toMatchObject({ status: "awaiting_stock" });
    expect(await ordersAtService(payload)).toHaveLength(0);

    // Goods arrive at the warehouse: the next stock read sends it.
    await h.control("POST", "/__sandbox/reception", { productos: [{ sku: "PLATO-GR", cantidad: 4 }] });
    await stockRead();
    await work();
    expect(await recordOf(payload)).toMatchObject({ status: "submitted", reasonCode: null });
    const sent = await ordersAtService(payload);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.request.productos).toEqual([{ identificador: expect.any(String), cantidad: 3 }]);
    const events = await prisma.fulfillmentEvent.findMany({
      where: { fulfillmentId: record.id },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => e.detailCode)).toContain("stockArrived");

    // Later stock reads find nothing waiting: still one order at the service.
    await stockRead();
    await work();
    expect(await ordersAtService(payload)).toHaveLength(1);
  });

  it("goes to the warehouse once when two stock reads and the merchant's «send» race for it", async () => {
    const h = harness();
    const payload = await refusedForStock(0);
    const record = await recordOf(payload);
    expect(record.status).toBe("awaiting_stock");
    await h.control("POST", "/__sandbox/reception", { productos: [{ sku: "PLATO-GR", cantidad: 5 }] });
    // The warehouse read (Almacén's snapshot) now shows the units; nothing released them yet.
    const deps = { db: prisma, now: h.clock.now };
    await readWarehouse({ ...deps, svcClientFor: h.svcClientFor, adminFor: h.adminFor }, SHOP);
    expect(await recordOf(payload)).toMatchObject({ status: "awaiting_stock" });
    const [a, b, byHand] = await Promise.all([
      releaseCoveredOrders(deps, SHOP),
      releaseCoveredOrders(deps, SHOP),
      retryFulfillment(merchant(), { shop: SHOP, fulfillmentId: record.id }),
    ]);
    // Exactly one of the three moved it out of awaiting_stock.
    expect(a + b + (byHand.ok ? 1 : 0)).toBe(1);
    await work();
    await work();
    expect(await recordOf(payload)).toMatchObject({ status: "submitted" });
    expect(await ordersAtService(payload)).toHaveLength(1);
  });

  it("two waiting orders share a reception oldest first: only the one it covers leaves", async () => {
    const h = harness();
    const first = await refusedForStock(0);
    // Paid a minute later (the harness's clock stands still otherwise).
    await h.clock.advance(60_000);
    const second = h.paidOrder({ lineItems: [{ sku: "PLATO-GR", quantity: 3 }] });
    await h.deliver(second);
    await work();
    expect(await recordOf(second)).toMatchObject({ status: "awaiting_stock" });
    await h.control("POST", "/__sandbox/reception", { productos: [{ sku: "PLATO-GR", cantidad: 4 }] });
    await stockRead();
    await work();
    expect(await recordOf(first)).toMatchObject({ status: "submitted" });
    expect(await recordOf(second)).toMatchObject({ status: "awaiting_stock" });
    expect(await ordersAtService(second)).toHaveLength(0);
  });

  it("is settled (skipped) when the order is cancelled in Shopify while it waits", async () => {
    const h = harness();
    const payload = await refusedForStock(0);
    await h.send("orders/cancelled", h.store.orders.cancel(SHOP, payload.id));
    await work();
    expect(await recordOf(payload)).toMatchObject({ status: "skipped", reasonCode: "cancelledInShopify" });
    await h.control("POST", "/__sandbox/reception", { productos: [{ sku: "PLATO-GR", cantidad: 5 }] });
    await stockRead();
    await work();
    expect(await ordersAtService(payload)).toHaveLength(0);
  });
});
