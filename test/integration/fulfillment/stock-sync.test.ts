import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { requestStockSync } from "~/fulfillment/jobs/stock-sync.server";
import { updateShopSettings } from "~/shop/shop-settings.server";
import type { AdminGraphql } from "~/shopify/admin.server";
import {
  MINUTE,
  PRODUCTS,
  SHOP,
  clearFulfilments,
  seedCatalogVariants,
  startHarness,
  type Harness,
} from "./support/harness";

let h: Harness;
let locationId: string;
beforeAll(async () => {
  h = await startHarness();
  locationId = h.store.inspect(SHOP).inventoryLevels[0]!.locationId;
});
afterAll(() => h.close());
beforeEach(async () => {
  await clearFulfilments(h);
  await updateShopSettings({
    db: prisma,
    shop: SHOP,
    patch: { stock: { enabled: true, locationId, intervalMinutes: 15 } },
  });
  // The catalogue module maps SKUs to inventory items; here the rows are written directly.
  await seedCatalogVariants(h);
  // Start from a warehouse that agrees with Shopify, so each test changes only what it names.
  for (const sku of Object.keys(PRODUCTS)) await h.control("POST", "/__sandbox/stock", { sku, units: available(sku) });
});

const available = (sku: string) =>
  h.store.inspect(SHOP).inventoryLevels.find((l) => l.sku === sku && l.locationId === locationId)?.available;
const stockJob = () => prisma.job.findUniqueOrThrow({ where: { queue_key: { queue: "stock.sync", key: SHOP } } });

describe("stock from the service to Shopify", () => {
  it("sets Shopify's available units of mapped SKUs at the chosen location, recording only what changed", async () => {
    // GIVEN the warehouse holds 7 mugs and no plates; Shopify says otherwise
    const before = { taza: available("TAZA-AZ")!, plato: available("PLATO-GR")!, cafe: available("CAFE-500")! };
    await h.control("POST", "/__sandbox/stock", { sku: "TAZA-AZ", units: 7 });
    await h.control("POST", "/__sandbox/stock", { sku: "PLATO-GR", units: 0 });
    // WHEN a sync runs on demand
    await requestStockSync(prisma, { shop: SHOP, runAt: h.clock.now(), onDemand: true });
    await h.worker().runOnce();
    // THEN Shopify has the warehouse's figures, and the two changes are recorded
    expect([available("TAZA-AZ"), available("PLATO-GR"), available("CAFE-500")]).toEqual([7, 0, before.cafe]);
    const changes = await prisma.stockChange.findMany({ orderBy: { sku: "asc" } });
    expect(changes.map(({ sku, previous, next, locationId: at }) => ({ sku, previous, next, at }))).toEqual([
      { sku: "PLATO-GR", previous: before.plato, next: 0, at: locationId },
      { sku: "TAZA-AZ", previous: before.taza, next: 7, at: locationId },
    ]);
    // AND the next run is booked by the schedule
    expect(await stockJob()).toMatchObject({
      state: "queued",
      runAt: new Date(h.clock.now().getTime() + 15 * MINUTE),
      payload: { onDemand: false },
    });

    // WHEN the schedule runs again and nothing changed at the warehouse
    await h.clock.advance(15 * MINUTE);
    await h.worker().runOnce();
    // THEN nothing more is written
    expect(await prisma.stockChange.count()).toBe(2);
  });

  it("does not overwrite a sale made between its read and its write", async () => {
    await h.control("POST", "/__sandbox/stock", { sku: "TAZA-AZ", units: 30 });
    let sold: string | undefined;
    const sellingMeanwhile = async (shop: string): Promise<AdminGraphql> => {
      const admin = await h.adminFor(shop);
      return (async (query: string, variables?: Record<string, unknown>) => {
        if (query.includes("inventorySetQuantities") && !sold) {
          sold = String(h.store.orders.createPaid(SHOP, { lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] }).id);
        }
        return admin(query, variables);
      }) as AdminGraphql;
    };
    const before = available("TAZA-AZ")!;
    await requestStockSync(prisma, { shop: SHOP, runAt: h.clock.now(), onDemand: true });
    await h.worker({ adminFor: sellingMeanwhile }).runOnce();
    expect(sold).toBeDefined();
    // The unit sold meanwhile is committed in Shopify and not at the warehouse (its orders/paid has
    // not reached the app): of the warehouse's 30, 29 can be offered (issue 29, defect 1).
    expect(available("TAZA-AZ")).toBe(29);
    expect(await prisma.stockChange.findMany({ select: { sku: true, previous: true, next: true } })).toEqual([
      { sku: "TAZA-AZ", previous: before - 1, next: 29 },
    ]);
    h.store.orders.cancel(SHOP, sold!);
  });

  it("stays off unless switched on, but runs when asked", async () => {
    await updateShopSettings({ db: prisma, shop: SHOP, patch: { stock: { enabled: false } } });
    await h.control("POST", "/__sandbox/stock", { sku: "TAZA-AZ", units: 3 });
    await requestStockSync(prisma, { shop: SHOP, runAt: h.clock.now(), onDemand: false });
    await h.worker().runOnce();
    expect(await prisma.stockChange.count()).toBe(0);
    expect(await stockJob()).toMatchObject({ state: "done" });

    await requestStockSync(prisma, { shop: SHOP, runAt: h.clock.now(), onDemand: true });
    await h.worker().runOnce();
    expect(available("TAZA-AZ")).toBe(3);
    expect(await stockJob()).toMatchObject({ state: "done" });
  });
});
