// Orders that wait for stock (issue 32, item 3) in Chromium through the admin stand-in, in Spanish
// and in English: an order the service refuses for lack of stock shows «Esperando existencias» in
// Pedidos naming what is missing, Inicio counts it and links to Pedidos filtered on it, and once a
// reception at the sandbox raises the stock, Almacén's «now» runs the stock read and the order
// leaves by itself — the sandbox holds exactly one service order for it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFullSync } from "~/catalog/full-sync.server";
import { translator } from "~/i18n/locale";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { API_SECRET, poll, screenshot, SHOP, startEmbeddedAdmin, type EmbeddedAdmin } from "./support/embedded-admin";
import { sandboxControl } from "./support/sandbox-control";

let admin: EmbeddedAdmin;
const control = (path: string, body?: unknown) => sandboxControl(admin.sandbox.url, path, body);

beforeAll(async () => {
  admin = await startEmbeddedAdmin("e2e-awaiting-stock");
  await admin.connect();
  // The demo catalogue registered at the service by the app's own worker.
  const sync = await startFullSync({ db: admin.db, shop: SHOP });
  if (!sync.started) throw new Error(`the catalogue sync did not start: ${sync.reason}`);
  const deadline = Date.now() + 180_000;
  for (;;) {
    const { state } = await admin.db.catalogSync.findUniqueOrThrow({ where: { id: sync.syncId } });
    if (state === "completed") break;
    if (state === "failed" || Date.now() > deadline) throw new Error(`the catalogue sync ended ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const locationId = admin.store.inspect(SHOP).inventoryLevels[0]!.locationId;
  await updateShopSettings({
    db: admin.db,
    shop: SHOP,
    patch: {
      fulfillment: { holdBackMinutes: 0, locationIds: [] },
      stock: { enabled: true, locationId, intervalMinutes: 60 },
    },
  });
}, 240_000);
afterAll(async () => {
  await admin?.close();
});

/** The service orders the sandbox holds for the Shopify order named `name`. */
async function serviceOrdersOf(name: string) {
  const { orders } = (await control("/__sandbox/orders")) as {
    orders: { request: { tienda_orden_ref: string } }[];
  };
  return orders.filter((o) => o.request.tienda_orden_ref === name);
}

describe.each([
  ["es", "TAZA-AZ"],
  ["en", "TAZA-VE"],
] as const)("an order waiting for stock, in %s", (locale, sku) => {
  const messages = translator(locale).messages;

  it("waits naming what is missing, is counted on Inicio, and leaves once a reception raises the stock — sent once", async () => {
    // GIVEN the warehouse holds one unit and a buyer pays for three
    await control("/__sandbox/stock", { sku, units: 1 });
    const order = admin.store.orders.createPaid(SHOP, { lineItems: [{ sku, quantity: 3 }] });
    const delivered = await admin.store.sendWebhook({
      url: `${admin.appUrl}/webhooks/orders/paid`,
      secret: API_SECRET,
      topic: "orders/paid",
      domain: SHOP,
      payload: order,
    });
    expect(delivered.status).toBe(200);
    await poll(
      async () =>
        (await admin.db.fulfillment.findFirst({ where: { shop: SHOP, shopifyOrderId: String(order.id) } }))?.status,
      60_000,
    ).toBe("awaiting_stock");

    // THEN Inicio counts it and opens Pedidos filtered on it
    let page = await admin.open("/app", locale);
    const figure = page.getByRole("link", { name: `${messages.home.ordersAwaitingStock}: 1` });
    await poll(() => figure.count()).toBe(1);
    await figure.click();
    await poll(async () => new URL(page.url()).searchParams.get("status")).toBe("awaiting_stock");
    const card = page.locator("article", { hasText: order.name });
    await poll(() => card.count()).toBe(1);
    const text = await card.innerText();
    expect(text).toContain(messages.orders.statuses.awaiting_stock);
    // The reason names the product and the units missing, in the merchant's language.
    expect(text).toContain(`(${sku}) × `);
    const [before, after] = messages.orders.reasons.awaitingStock.split("{missing}") as [string, string];
    expect(text).toContain(before);
    expect(text).toContain(after);
    expect(page.problems).toEqual([]);
    await screenshot(page, `awaiting-stock-${locale}`);
    await page.close();
    expect(await serviceOrdersOf(order.name)).toHaveLength(0);

    // WHEN goods arrive at the warehouse and Almacén's «now» runs the stock read
    await control("/__sandbox/reception", { productos: [{ sku, cantidad: 10 }] });
    page = await admin.open("/app/warehouse", locale);
    await page.getByRole("button", { name: messages.warehouse.stock.syncNow }).click();

    // THEN the order leaves by itself, and the sandbox holds exactly one service order for it
    await poll(
      async () =>
        (await admin.db.fulfillment.findFirst({ where: { shop: SHOP, shopifyOrderId: String(order.id) } }))
          ?.svcOrderId ?? null,
      60_000,
    ).not.toBeNull();
    await page.close();
    expect(await serviceOrdersOf(order.name)).toHaveLength(1);
    page = await admin.open(`/app/orders?q=${encodeURIComponent(order.name)}`, locale);
    await poll(() => page.locator("article", { hasText: order.name }).innerText()).toContain(
      messages.orders.statuses.submitted,
    );
    expect(page.problems).toEqual([]);
    await page.close();
    expect(await serviceOrdersOf(order.name)).toHaveLength(1);
  });
});
