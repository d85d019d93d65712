/**
 * Issue 29, defect 1: stock sync never offers again the units paid for in Shopify that the
 * warehouse has no order for yet, and counts each unit exactly once even when a submission
 * overlaps its read of the service's stock.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { requestStockSync, syncStock } from "~/fulfillment/jobs/stock-sync.server";
import { unitsAwaitingWarehouse } from "~/fulfillment/records/units-awaiting-warehouse.server";
import { updateShopSettings } from "~/shop/shop-settings.server";
import type { SvcClient } from "~/svc";
import {
  HOUR,
  MINUTE,
  SHOP,
  clearFulfilments,
  enableStockSync,
  recordOf,
  silentLogger,
  startHarness,
  type Harness,
} from "./support/harness";

let h: Harness;
let locationId: string;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await clearFulfilments(h);
  await updateShopSettings({
    db: prisma,
    shop: SHOP,
    patch: { fulfillment: { holdBackMinutes: 30, locationIds: [] } },
  });
  locationId = await enableStockSync(h);
  // The warehouse has 5 mugs and Shopify agrees.
  await h.control("POST", "/__sandbox/stock", { sku: "TAZA-AZ", units: 5 });
  await syncNow();
  expect(available()).toBe(5);
});

const available = (sku = "TAZA-AZ") =>
  h.store.inspect(SHOP).inventoryLevels.find((l) => l.sku === sku && l.locationId === locationId)?.available;
const inventoryItem = (sku = "TAZA-AZ") =>
  h.store.inspect(SHOP).inventoryLevels.find((l) => l.sku === sku && l.locationId === locationId)!.inventoryItemId;
const disponibles = async (sku = "TAZA-AZ") => (await h.client.getStock()).find((s) => s.sku === sku)!.disponibles;
const work = () => h.worker().runOnce();

async function syncNow(svcClientFor: (shop: string) => Promise<SvcClient | null> = h.svcClientFor) {
  return syncStock({ db: prisma, logger: silentLogger, now: h.clock.now, svcClientFor, adminFor: h.adminFor }, SHOP, {
    onDemand: true,
  });
}

/** A paid order of two mugs, recorded and waiting out the hold-back delay. */
async function twoMugsHeldBack() {
  const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 2 }] });
  expect(available()).toBe(3);
  await h.deliver(payload);
  await work();
  expect(await recordOf(payload)).toMatchObject({ status: "waiting", units: [{ sku: "TAZA-AZ", quantity: 2 }] });
  // The order's job only: the stock schedule is driven by each test.
  await prisma.job.deleteMany({ where: { queue: "stock.sync" } });
  return payload;
}

/** The service client, with `during` run once inside the stock read: before the request or after the answer. */
function overlapping(when: "before_request" | "after_answer", during: () => Promise<unknown>) {
  let ran = false;
  const run = async () => {
    if (ran) return;
    ran = true;
    await during();
  };
  const client: SvcClient = Object.create(h.client) as SvcClient;
  client.getStock = async (options) => {
    if (when === "before_request") await run();
    const answer = await h.client.getStock(options);
    if (when === "after_answer") await run();
    return answer;
  };
  return { svcClientFor: async () => client, ran: () => ran };
}

describe("stock sync and the units not at the warehouse yet", () => {
  it("holds back the units of an order waiting out the hold-back delay, and counts them once after submission", async () => {
    // GIVEN two mugs sold and held back 30 minutes (Shopify shows 3; the warehouse still 5)
    const payload = await twoMugsHeldBack();
    expect(await disponibles()).toBe(5);
    const awaiting = await unitsAwaitingWarehouse(prisma, SHOP);
    expect(Object.fromEntries(awaiting.bySku)).toEqual({ "TAZA-AZ": 2 });
    expect(Object.fromEntries(awaiting.byInventoryItem)).toEqual({ [inventoryItem()]: 2 });
    // WHEN the stock is synced meanwhile
    await requestStockSync(prisma, { shop: SHOP, runAt: h.clock.now(), onDemand: true });
    await work();
    // THEN Shopify keeps 3: the last units are not offered twice
    expect(available()).toBe(3);
    // WHEN the delay is over and the order reaches the warehouse, and stock is synced again
    await h.clock.advance(31 * MINUTE);
    await work();
    expect(await recordOf(payload)).toMatchObject({ status: "submitted" });
    expect(await disponibles()).toBe(3);
    expect((await unitsAwaitingWarehouse(prisma, SHOP)).bySku.size).toBe(0);
    await syncNow();
    // THEN the service's figure counts them now, and nothing is subtracted twice
    expect(available()).toBe(3);
  });

  it("holds back an order's units from the moment it is paid, before its job reads it, and counts them once after", async () => {
    // GIVEN two mugs sold and their orders/paid received, the order's job not run yet
    const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 2 }] });
    await h.deliver(payload);
    expect(await prisma.fulfillment.count()).toBe(0);
    expect(Object.fromEntries((await unitsAwaitingWarehouse(prisma, SHOP)).bySku)).toEqual({ "TAZA-AZ": 2 });
    // WHEN the stock is synced
    await syncNow();
    // THEN Shopify keeps 3
    expect(available()).toBe(3);
    // WHEN the order's job reads it (its record waits out the hold-back delay)
    await work();
    expect(await recordOf(payload)).toMatchObject({ status: "waiting" });
    // THEN its units are counted once, by the record only
    expect(Object.fromEntries((await unitsAwaitingWarehouse(prisma, SHOP)).bySku)).toEqual({ "TAZA-AZ": 2 });
    await syncNow();
    expect(available()).toBe(3);
  });

  it("counts the units of a part sent to the warehouse during the stock read once, however the two interleave", async () => {
    for (const when of ["before_request", "after_answer"] as const) {
      await clearFulfilments(h);
      await enableStockSync(h);
      await h.control("POST", "/__sandbox/stock", { sku: "TAZA-AZ", units: 5 });
      await syncNow();
      const payload = await twoMugsHeldBack();
      await h.clock.advance(31 * MINUTE);
      // WHEN the order is submitted while the sync reads the warehouse's stock (the service's
      // figure already counts it, or not yet)
      const race = overlapping(when, () => work());
      await syncNow(race.svcClientFor);
      expect(race.ran()).toBe(true);
      expect(await recordOf(payload)).toMatchObject({ status: "submitted" });
      // THEN Shopify shows the warehouse's 3, neither 5 (counted by neither) nor 1 (by both)
      expect({ when, available: available() }).toEqual({ when, available: 3 });
    }
  });

  it("counts a submission that stays in flight through every read as not at the warehouse: too few units, never too many", async () => {
    const payload = await twoMugsHeldBack();
    const record = await recordOf(payload);
    // The request is on its way (its worker may have died mid-call): the service does not count it yet.
    await prisma.fulfillment.update({
      where: { id: record.id },
      data: { status: "submitting", submittingAt: h.clock.now(), waitUntil: null },
    });
    await syncNow();
    expect(available()).toBe(3);
  });

  it("holds back the units a short shipment left while the merchant chooses, not those of orders at the warehouse", async () => {
    const payload = await twoMugsHeldBack();
    await h.clock.advance(31 * MINUTE);
    await work();
    const record = await recordOf(payload);
    expect(record).toMatchObject({ status: "submitted" });
    // A record at the warehouse counts nothing; one shipped short and waiting for a choice counts what is missing.
    await prisma.fulfillment.update({
      where: { id: record.id },
      data: { status: "needs_attention", missingLines: [{ sku: "TAZA-AZ", quantity: 1 }] },
    });
    expect(Object.fromEntries((await unitsAwaitingWarehouse(prisma, SHOP)).bySku)).toEqual({ "TAZA-AZ": 1 });
    await prisma.fulfillment.update({ where: { id: record.id }, data: { status: "submitted" } });
    expect((await unitsAwaitingWarehouse(prisma, SHOP)).bySku.size).toBe(0);
  });

  it("never offers a cancelled order's units the warehouse keeps while another sale has not reached the app", async () => {
    // GIVEN two mugs at the warehouse for an order (5 on the shelves, 3 free at the service)
    const payload = await twoMugsHeldBack();
    await h.clock.advance(31 * MINUTE);
    await work();
    expect(await recordOf(payload)).toMatchObject({ status: "submitted" });
    expect(await disponibles()).toBe(3);
    // AND that order cancelled in Shopify, its webhook not here yet (Shopify no longer commits
    // its mugs; the warehouse keeps them, promised, until a person stops it with the service)
    h.store.control.cancel(SHOP, String(payload.id));
    // AND two more mugs sold whose orders/paid has not arrived
    h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 2 }] });
    // WHEN the stock is synced
    await syncNow();
    // THEN Shopify offers the warehouse's 3 free mugs less the 2 sold: 1, not the shelf less committed (3)
    expect(available()).toBe(1);
    // AND still once a person marks it handled (skipped, its service order kept): the warehouse has it
    const record = await recordOf(payload);
    await prisma.fulfillment.update({ where: { id: record.id }, data: { status: "skipped" } });
    await syncNow();
    expect(available()).toBe(1);
  });

  it("offers again the units of a cancelled order once the warehouse says they left, whatever the record's status", async () => {
    // GIVEN two mugs at the warehouse for an order cancelled in Shopify since
    const payload = await twoMugsHeldBack();
    await h.clock.advance(31 * MINUTE);
    await work();
    h.store.control.cancel(SHOP, String(payload.id));
    await syncNow();
    expect(available()).toBe(3);
    // WHEN the warehouse ships it anyway: the poll finds it in transit and, the order cancelled in
    // Shopify, asks a person (nothing to fulfil; the record keeps no shipping date)
    await h.clock.advance(HOUR + MINUTE);
    await work();
    expect(await recordOf(payload)).toMatchObject({
      status: "needs_attention",
      svcStatus: "IN_TRANSIT",
      shippedAt: null,
    });
    // THEN the sync no longer holds its units back from the 3 left on the shelves
    await syncNow();
    expect(available()).toBe(3);
  });
});
