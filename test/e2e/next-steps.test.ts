// A next step for every state (issue 33, item 2) in Chromium through the admin stand-in, in
// Spanish and in English. The merchant saves the service's support channel in Configuración (a
// wrong e-mail is refused next to its field); an order that reached the warehouse and was then
// cancelled in Shopify shows the reason with the service's contact and the steps
// to stop it there, «Actualizar estado» and «Marcar como atendido» — never «Reintentar»; once the
// warehouse ships it anyway, «Actualizar estado» shows the service's status and tracking number;
// marking it handled needs a note (refused empty, naming the field), and the note is in its
// history while the order leaves «Requieren atención». A test order skipped by the shop's own
// setting is informational (not critical) and offers no retry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFullSync } from "~/catalog/full-sync.server";
import { translator } from "~/i18n/locale";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { API_SECRET, poll, screenshot, SHOP, startEmbeddedAdmin, type EmbeddedAdmin } from "./support/embedded-admin";
import { sandboxControl } from "./support/sandbox-control";

let admin: EmbeddedAdmin;
const control = (path: string, body?: unknown) => sandboxControl(admin.sandbox.url, path, body);
const HOUR = 3_600_000;

beforeAll(async () => {
  admin = await startEmbeddedAdmin("e2e-next-steps");
  await admin.connect();
  // The demo catalogue registered at the service by the app's own worker, so orders can go.
  const sync = await startFullSync({ db: admin.db, shop: SHOP });
  if (!sync.started) throw new Error(`the catalogue sync did not start: ${sync.reason}`);
  const deadline = Date.now() + 180_000;
  for (;;) {
    const { state } = await admin.db.catalogSync.findUniqueOrThrow({ where: { id: sync.syncId } });
    if (state === "completed") break;
    if (state === "failed" || Date.now() > deadline) throw new Error(`the catalogue sync ended ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await updateShopSettings({
    db: admin.db,
    shop: SHOP,
    patch: { fulfillment: { holdBackMinutes: 0, locationIds: [], skipTestOrders: true } },
  });
}, 240_000);
afterAll(async () => {
  await admin?.close();
});

/** Delivers a signed webhook of `topic` for `payload` to the app, as the store does. */
async function webhook(topic: string, payload: unknown) {
  const answer = await admin.store.sendWebhook({
    url: `${admin.appUrl}/webhooks/${topic}`,
    secret: API_SECRET,
    topic,
    domain: SHOP,
    payload,
  });
  expect(answer.status).toBe(200);
}

const recordOf = (orderId: number) =>
  admin.db.fulfillment.findFirst({ where: { shop: SHOP, shopifyOrderId: String(orderId) } });

describe.each([
  // (Held after reaching the warehouse is the same table entry, unit- and integration-tested: Shopify
  // refuses to hold a fulfilment order the app already reported in progress, so a page test of it races.)
  ["es", "cancelled", "TAZA-AZ", "soporte@servicio.mx"],
  ["en", "cancelled", "TAZA-VE", "help@service.mx"],
] as const)("the next steps of an order, in %s (%s after reaching the warehouse)", (locale, change, sku, email) => {
  const messages = translator(locale).messages;
  const m = messages.orders;
  const n = messages.nextSteps;

  it("names the service's contact, reads the service now and is marked handled with a note — never retried", async () => {
    // GIVEN the merchant saved the service's support channel in Configuración (a wrong e-mail refused first)
    let page = await admin.open("/app/settings", locale);
    const emailField = page.getByLabel(n.support.email, { exact: true });
    await emailField.fill("soporte@");
    await page.getByRole("button", { name: n.support.save }).click();
    await poll(() => page.getByText(n.support.errors.email).count()).toBe(1);
    await emailField.fill(email);
    await page.getByLabel(n.support.phone, { exact: true }).fill("+52 55 1234 5678");
    await page.getByRole("button", { name: n.support.save }).click();
    await poll(() => page.getByText(n.support.saved).count()).toBe(1);
    expect(page.problems).toEqual([]);
    await page.close();

    // AND a paid order reached the warehouse
    const order = admin.store.orders.createPaid(SHOP, { lineItems: [{ sku, quantity: 1 }] });
    await webhook("orders/paid", order);
    await poll(async () => (await recordOf(order.id))?.status, 60_000).toBe("submitted");

    // WHEN the buyer cancels it in Shopify
    admin.store.orders.cancel(SHOP, order.id);
    await webhook("orders/updated", admin.store.orders.get(SHOP, order.id));
    const reasonCode = "cancelledAfterWarehouse";
    await poll(async () => (await recordOf(order.id))?.reasonCode, 60_000).toBe(reasonCode);
    const record = (await recordOf(order.id))!;

    // THEN Pedidos offers what resolves it — the service's contact and steps, reading it now,
    // marking it handled — and no retry
    page = await admin.open(`/app/orders?q=${encodeURIComponent(order.name)}`, locale);
    const card = page.locator("article", { hasText: order.name });
    await poll(() => card.count()).toBe(1);
    let text = await card.innerText();
    expect(text).toContain(m.reasons[reasonCode].split("{")[0]!.trim());
    expect(text).toContain(n.contactTitle);
    expect(text).toContain(record.svcOrderId!);
    expect(text).toContain(email);
    expect(text).toContain("+52 55 1234 5678");
    expect(await card.getByRole("button", { name: m.retry, exact: true }).count()).toBe(0);
    expect(await card.getByRole("button", { name: n.handled }).count()).toBe(1);
    const refresh = card.getByRole("button", { name: n.refresh });
    expect(await refresh.count()).toBe(1);

    // WHEN the warehouse ships it anyway and the merchant asks for its status now
    await control("/__sandbox/clock", { advanceMs: 3 * HOUR });
    await refresh.click();
    // THEN the service's status and tracking number show on the order
    await poll(async () => (await recordOf(order.id))?.trackingNumber ?? null, 30_000).not.toBeNull();
    const tracking = (await recordOf(order.id))!.trackingNumber!;
    await poll(() => card.innerText(), 30_000).toContain(tracking);
    text = await card.innerText();
    expect(text).toContain(m.svcStatuses.IN_TRANSIT);
    expect(text).toContain(m.statuses.needs_attention);
    // Nothing was fulfilled in Shopify for it
    expect(admin.store.inspect(SHOP).fulfillments.filter((f) => f.orderId === order.admin_graphql_api_id)).toEqual([]);

    // WHEN the merchant marks it handled without a note
    await card.getByRole("button", { name: n.handled }).click();
    await card.getByRole("button", { name: n.handledSave }).click();
    // THEN it is refused next to the note's field, and nothing changed
    const missing = translator(locale).format(m.outcomes.noteMissing, { order: order.name });
    await poll(() => card.getByText(missing).count()).toBeGreaterThan(0);
    expect((await recordOf(order.id))!.status).toBe("needs_attention");

    // WHEN they write what they did
    const note = locale === "es" ? "Hablé con el servicio: lo regresan." : "Called the service: it comes back.";
    await card.getByLabel(n.handledNote).fill(note);
    await card.getByRole("button", { name: n.handledSave }).click();
    // THEN it leaves «Requieren atención», and its history says what was done
    await poll(async () => (await recordOf(order.id))?.status).toBe("skipped");
    await poll(() => card.innerText()).toContain(m.statuses.skipped);
    await card.getByRole("button", { name: new RegExp(m.timelineShow.split(" (")[0]!) }).click();
    await poll(() => card.innerText()).toContain(note);
    expect(await card.getByRole("button", { name: n.handled }).count()).toBe(0);
    expect(page.problems).toEqual([]);
    await screenshot(page, `next-steps-${change}-${locale}`);
    await page.close();
    page = await admin.open("/app/orders?status=needs_attention", locale);
    await poll(() => page.locator("article", { hasText: order.name }).count()).toBe(0);
    await page.close();
  });

  it("a test order skipped by the shop's own setting is informational and offers no retry", async () => {
    const order = admin.store.orders.createPaid(SHOP, { lineItems: [{ sku, quantity: 1 }], test: true });
    await webhook("orders/paid", order);
    await poll(async () => (await recordOf(order.id))?.reasonCode, 60_000).toBe("testOrder");
    const page = await admin.open(`/app/orders?q=${encodeURIComponent(order.name)}`, locale);
    const card = page.locator("article", { hasText: order.name });
    await poll(() => card.count()).toBe(1);
    expect(await card.innerText()).toContain(m.reasons.testOrder);
    expect(await card.locator(".Polaris-Badge--toneCritical").count()).toBe(0);
    expect(await card.locator(".Polaris-Badge--toneInfo").count()).toBe(1);
    expect(await card.getByRole("button", { name: m.retry, exact: true }).count()).toBe(0);
    expect(await card.getByRole("checkbox").count()).toBe(0);
    expect(page.problems).toEqual([]);
    await page.close();
  });
});
