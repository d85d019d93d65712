// «Almacén» from the stock read to the page, against the sandbox service and the simulated store
// over HTTP and a real PostgreSQL: the warehouse's products beside Shopify's levels, differences
// explained by orders not yet at the warehouse or flagged, filters, the accent-blind search, the
// CSV, «now» with the sync on and off, receptions and withdrawals, and a reception answer the app
// cannot read.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { routeContext } from "../../helpers/app-services";
import { storeOfflineSession } from "../../helpers/sessions";
import { bearerRequest, sessionTokenRequest } from "../../helpers/shopify-requests";
import { requestStockSync } from "~/fulfillment/jobs/stock-sync.server";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { action, loader } from "~/routes/app.warehouse/route";
import { loader as exportLoader } from "~/routes/app.warehouse.export";
import { loader as receptionsLoader } from "~/routes/app.warehouse.receptions";
import type { WarehouseActionData, WarehouseLoaderData } from "~/routes/app.warehouse/types";
import { SHOP, clearFulfilments, enableStockSync, startHarness, type Harness } from "../fulfillment/support/harness";

let h: Harness;
let locationId: string;
beforeAll(async () => {
  h = await startHarness();
  await storeOfflineSession(prisma, SHOP);
});
afterAll(() => h.close());
beforeEach(async () => {
  await clearFulfilments(h);
  await prisma.warehouseStock.deleteMany({});
  await prisma.warehouseRead.deleteMany({});
  await h.control("POST", "/__sandbox/reception-answer", { body: null });
  locationId = await enableStockSync(h);
});

const level = (sku: string) =>
  h.store.inspect(SHOP).inventoryLevels.find((l) => l.sku === sku && l.locationId === locationId)?.available;

async function page(query = ""): Promise<WarehouseLoaderData> {
  const request = await sessionTokenRequest(`/app/warehouse${query}`, SHOP);
  const answer = await loader({ request, params: {}, context: routeContext() });
  return (answer instanceof Object && "data" in answer ? answer.data : answer) as WarehouseLoaderData;
}

async function post(form: Record<string, string>) {
  const request = await bearerRequest("/app/warehouse", SHOP, { method: "POST", body: new URLSearchParams(form) });
  return action({ request, params: {}, context: routeContext() }) as Promise<
    WarehouseActionData | { data: WarehouseActionData; init: { status: number } }
  >;
}

async function syncNow() {
  await requestStockSync(prisma, { shop: SHOP, runAt: h.clock.now(), onDemand: true });
  await h.worker().runOnce();
}

describe("the warehouse beside Shopify", () => {
  it("shows each product's warehouse figures and Shopify's level after a sync, with the sync's result", async () => {
    await h.control("POST", "/__sandbox/stock", { sku: "TAZA-AZ", units: 12 });
    await h.control("POST", "/__sandbox/stock", { sku: "PLATO-GR", units: 0 });
    await h.control("POST", "/__sandbox/stock", { sku: "CAFE-500", units: 3 });
    // A product the warehouse holds that Shopify does not sell (its variant is not in the catalogue).
    await prisma.catalogVariant.deleteMany({ where: { sku: "SIN-DIM" } });

    expect(await post({ intent: "sync" })).toEqual({ kind: "sync-requested" });
    expect((await page()).syncing).toBe(true);
    await h.worker().runOnce();

    const data = await page();
    expect(data.syncing).toBe(false);
    expect(data.readAt).toBe(h.clock.now().toISOString());
    expect(data.lastSync).toMatchObject({ at: h.clock.now().toISOString(), notStocked: [] });
    expect(data.lastSync!.changed).toBeGreaterThanOrEqual(3);
    const bySku = Object.fromEntries(data.rows.map((r) => [r.sku, r]));
    expect(bySku["TAZA-AZ"]).toMatchObject({ available: 12, shopifyAvailable: 12, awaiting: 0, difference: 0 });
    expect(bySku["TAZA-AZ"]!.adminUrl).toMatch(/^shopify:\/\/admin\/products\/\d+\/variants\/\d+$/);
    expect(bySku["PLATO-GR"]).toMatchObject({ available: 0, shopifyAvailable: 0, inShopify: true });
    expect(bySku["SIN-DIM"]).toMatchObject({
      inShopify: false,
      shopifyAvailable: null,
      difference: null,
      adminUrl: null,
    });
    expect(data.counts).toMatchObject({ all: 4, differs: 0, out_of_stock: 1, low_stock: 1, not_in_shopify: 1 });
    expect(level("TAZA-AZ")).toBe(12);
  });

  it("says which setting fills the Shopify column while no Shopify location stands for the warehouse, and when a read is for another one", async () => {
    await h.control("POST", "/__sandbox/stock", { sku: "TAZA-AZ", units: 12 });
    await syncNow();
    expect(await page()).toMatchObject({ location: "chosen", readWithoutLocation: false, readElsewhere: false });
    await updateShopSettings({ db: prisma, shop: SHOP, patch: { stock: { enabled: false, locationId: null } } });
    // The last read was at the location that no longer stands: its figures stay, named as such.
    expect(await page()).toMatchObject({ location: "not_chosen", readWithoutLocation: false });
    // Sync off and no location: «now» reads the warehouse; Shopify's levels have nowhere to be read from.
    expect(await post({ intent: "sync" })).toEqual({ kind: "read", products: 4 });
    let data = await page();
    expect(data).toMatchObject({ location: "not_chosen", readWithoutLocation: true, readElsewhere: false });
    expect(data.rows.find((r) => r.sku === "TAZA-AZ")).toMatchObject({
      available: 12,
      inShopify: true,
      shopifyAvailable: null,
      difference: null,
    });
    // A location chosen after that read: the page asks for a read there, which fills the column.
    await updateShopSettings({ db: prisma, shop: SHOP, patch: { stock: { locationId } } });
    expect(await page()).toMatchObject({ location: "chosen", readWithoutLocation: true, readElsewhere: true });
    expect(await post({ intent: "sync" })).toEqual({ kind: "read", products: 4 });
    data = await page();
    expect(data).toMatchObject({ location: "chosen", readWithoutLocation: false, readElsewhere: false });
    expect(data.rows.find((r) => r.sku === "TAZA-AZ")!.shopifyAvailable).toBe(12);
  });

  it("explains a difference by units sold but not yet at the warehouse, and flags one nothing explains", async () => {
    await h.control("POST", "/__sandbox/stock", { sku: "TAZA-AZ", units: 20 });
    await h.control("POST", "/__sandbox/stock", { sku: "CAFE-500", units: 20 });
    await syncNow();
    // Paid in Shopify and held back 45 minutes: Shopify already counts the 2 mugs as sold.
    await updateShopSettings({ db: prisma, shop: SHOP, patch: { fulfillment: { holdBackMinutes: 45 } } });
    try {
      await h.deliver(h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 2 }] }));
      await h.worker().runOnce();
      // A coffee sold in Shopify that never reached the app: nothing explains it.
      h.store.orders.createPaid(SHOP, { lineItems: [{ sku: "CAFE-500", quantity: 1 }] });
      await updateShopSettings({ db: prisma, shop: SHOP, patch: { stock: { enabled: false } } });
      // Sync off: «now» reads the warehouse and leaves Shopify's levels as they are.
      expect(await post({ intent: "sync" })).toEqual({ kind: "read", products: 4 });
      expect(level("TAZA-AZ")).toBe(18);

      const data = await page();
      const bySku = Object.fromEntries(data.rows.map((r) => [r.sku, r]));
      expect(bySku["TAZA-AZ"]).toMatchObject({ available: 20, shopifyAvailable: 18, awaiting: 2, difference: 0 });
      expect(bySku["CAFE-500"]).toMatchObject({ available: 20, shopifyAvailable: 19, awaiting: 0, difference: -1 });
      expect((await page("?status=differs")).rows.map((r) => r.sku)).toEqual(["CAFE-500"]);
    } finally {
      await updateShopSettings({ db: prisma, shop: SHOP, patch: { fulfillment: { holdBackMinutes: 0 } } });
    }
  });

  it("filters, searches regardless of accents, pages on the server and exports what it shows as CSV", async () => {
    await h.control("POST", "/__sandbox/stock", { sku: "PLATO-GR", units: 0 });
    await syncNow();
    expect((await page("?q=CAFE%20chiapas")).rows.map((r) => r.sku)).toEqual(["CAFE-500"]);
    expect((await page("?q=caf%C3%A9")).rows.map((r) => r.sku)).toEqual(["CAFE-500"]);
    // Accented as typed, plain in the SKU: only folding both sides finds it.
    expect((await page("?q=CAF%C3%89-500")).rows.map((r) => r.sku)).toEqual(["CAFE-500"]);
    expect((await page("?status=out_of_stock")).rows.map((r) => r.sku)).toEqual(["PLATO-GR"]);
    expect((await page("?status=out_of_stock&q=taza")).rows).toEqual([]);
    expect((await page("?page=2")).rows).toEqual([]);

    const request = await sessionTokenRequest("/app/warehouse/export?status=out_of_stock&locale=en", SHOP);
    const file = (await exportLoader({ request, params: {}, context: routeContext() })) as Response;
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    // Decoded as bytes: Response.text() would drop the byte-order mark spreadsheets need.
    const csv = Buffer.from(await file.arrayBuffer()).toString("utf8");
    expect(csv.split("\r\n")).toEqual([
      '\uFEFFSKU,Product,Available,In the warehouse,In Shopify,Shopify,"Sold, not yet at the warehouse",Difference,Unexplained difference',
      "PLATO-GR,Plato grande,0,0,yes,0,0,0,no",
      "",
    ]);
  });

  it("names what in the URL it cannot honour, with the unfiltered page", async () => {
    await syncNow();
    const request = await sessionTokenRequest("/app/warehouse?status=nonsense", SHOP);
    const answer = (await loader({ request, params: {}, context: routeContext() })) as unknown as {
      data: WarehouseLoaderData;
      init: { status: number };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data.invalid).toEqual({ field: "status", error: 'unknown filter "nonsense"' });
    expect(answer.data.rows).toHaveLength(4);
    expect(await post({ intent: "nonsense" })).toMatchObject({ init: { status: 400 }, data: { kind: "invalid" } });
  });
});

describe("receptions and withdrawals", () => {
  it("lists receptions and withdrawals with their lines and timeline", async () => {
    await h.control("POST", "/__sandbox/reception", { productos: [{ sku: "TAZA-AZ", cantidad: 30 }] });
    await h.control("POST", "/__sandbox/pickup-order", {
      productos: [{ sku: "PLATO-GR", cantidad: 4 }],
      razon: "Venta en bazar",
    });
    const data = await page();
    expect(data.receptions.kind).toBe("read");
    const receptions = data.receptions.kind === "read" ? data.receptions.receptions : [];
    expect(receptions).toContainEqual(
      expect.objectContaining({
        status: "COMPLETADA",
        origin: "RECEPCION",
        lines: [{ sku: "TAZA-AZ", name: "Taza de barro - Azul", expected: 30, received: 30 }],
        unrecognised: {},
      }),
    );
    expect(data.withdrawals).toEqual({
      kind: "read",
      withdrawals: [
        expect.objectContaining({
          reason: "Venta en bazar",
          lines: [{ sku: "PLATO-GR", name: "Plato grande", units: 4, collected: false }],
          timeline: [{ state: "CREADA", at: expect.any(String) }],
        }),
      ],
    });
  });

  it("shows what it recognises of an unknown shape, keeps the rest, and says when it cannot read the answer", async () => {
    await h.control("POST", "/__sandbox/reception-answer", {
      body: [{ id: 7, folio: "R-7", detalle_recepcion: [{ sku: "TAZA-AZ", cantidad: "5" }] }],
    });
    const partly = await page();
    expect(partly.receptions).toEqual({
      kind: "read",
      receptions: [
        expect.objectContaining({
          id: "7",
          lines: [{ sku: "TAZA-AZ", name: null, expected: null, received: 5 }],
          unrecognised: { folio: "R-7" },
        }),
      ],
    });

    for (const body of ["En mantenimiento", { entradas: [{ id: 1 }] }, { recepciones: [3] }]) {
      await h.control("POST", "/__sandbox/reception-answer", { body });
      const data = await page();
      expect(data.receptions).toEqual({ kind: "unreadable", body });
      // The rest of the page is there.
      expect(data.withdrawals.kind).toBe("read");
      const request = await sessionTokenRequest("/app/warehouse/receptions", SHOP);
      const file = (await receptionsLoader({ request, params: {}, context: routeContext() })) as Response;
      expect(JSON.parse(await file.text())).toEqual(body);
    }
  });
});
