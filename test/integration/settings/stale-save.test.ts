// Two admin sessions on Configuración at once (issue 33, finding 1): each form carries the settings
// version and the values it was read at, and a save against a newer version that would overwrite
// what the other session changed is refused (409) naming the changed fields, with nothing written;
// a save of fields nobody else changed goes ahead, keeping the other session's change.
import { beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";
import { getShopSettings } from "~/shop/shop-settings.server";
import { action, loader } from "~/routes/app.settings/route";
import { createSimulatedStore } from "../../../sandbox/store";
import { storeOfflineSession } from "../../helpers/sessions";
import { sessionTokenRequest, TEST_SHOP } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";
import { storeAdmin } from "../../helpers/app-context";
import { configureTestServices, routeContext } from "../../helpers/app-services";

beforeEach(async () => {
  await resetDatabase();
  await storeOfflineSession(prisma);
  await prisma.shop.create({ data: { domain: TEST_SHOP } });
  const store = createSimulatedStore();
  store.addShop({ domain: TEST_SHOP });
  configureTestServices({ db: prisma, adminFor: async () => storeAdmin(store, TEST_SHOP) });
});

/** One admin session's Configuración: the page as read, and its forms as the page renders them. */
async function openSettings() {
  const page = await loader({
    request: await sessionTokenRequest("/app/settings"),
    params: {},
    context: routeContext(),
  });
  const readAt = (values: unknown) => ({ version: String(page.version), basis: JSON.stringify(values) });
  return {
    rates: (changes: Record<string, string>) => ({ intent: "rates", ...readAt(page.rates), ...page.rates, ...changes }),
    operations: (changes: Record<string, string>) => ({
      intent: "operations",
      ...readAt(page.operations),
      defaultService: page.operations.defaultService,
      skipTestOrders: String(page.operations.skipTestOrders),
      notifyCustomer: String(page.operations.notifyCustomer),
      stockEnabled: String(page.operations.stockEnabled),
      stockLocationId: page.operations.stockLocationId,
      stockIntervalMinutes: page.operations.stockIntervalMinutes,
      mode: page.operations.mode,
      holdBackMinutes: page.operations.holdBackMinutes,
      importDays: page.operations.importDays,
      ...changes,
    }),
  };
}

async function save(fields: Record<string, string>) {
  const request = await sessionTokenRequest("/app/settings", TEST_SHOP, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const answer = await action({ request, params: {}, context: routeContext() });
  return { status: answer.init?.status ?? 200, body: answer.data };
}

/** The refusal's message above the form. */
function formError(body: unknown): string {
  const errors = (body as { errors?: Record<string, string> }).errors;
  return errors?.form ?? "";
}

const stored = () => prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } });

describe("Configuración in two sessions", () => {
  it("refuses B's stale save of the rules after A changed the markup, naming it, and keeps A's 10 %", async () => {
    await save((await openSettings()).rates({ markupPercent: "150" }));
    const [a, b] = [await openSettings(), await openSettings()];
    expect(await save(a.rates({ markupPercent: "10" }))).toMatchObject({ status: 200, body: { ok: true } });
    const afterA = await stored();

    const refused = await save(b.rates({ handlingDays: "2" }));
    expect(refused).toMatchObject({
      status: 409,
      body: {
        intent: "rates",
        ok: false,
        conflict: true,
        errors: {
          form: `${es.settings.conflict.title} ${es.settings.conflict.changed.replace("{fields}", es.settings.rules.markupPercent)}`,
        },
        // What B typed comes back, so B sees it next to the refusal.
        values: { handlingDays: "2", markupPercent: "150.00" },
      },
    });
    // Nothing written: A's markup stands, B's days are not saved, the version did not move.
    const after = await stored();
    expect(after.settingsVersion).toBe(afterA.settingsVersion);
    const { settings } = await getShopSettings({ db: prisma, shop: TEST_SHOP });
    expect([settings.rates.markupBasisPoints, settings.rates.handlingDays]).toEqual([1000, 0]);

    // Read again, B's change goes on top of A's.
    expect(await save((await openSettings()).rates({ handlingDays: "2" }))).toMatchObject({ status: 200 });
    const { settings: both } = await getShopSettings({ db: prisma, shop: TEST_SHOP });
    expect([both.rates.markupBasisPoints, both.rates.handlingDays]).toEqual([1000, 2]);
  });

  it("names every changed field in the page's language, a service's box by its label", async () => {
    const [a, b] = [await openSettings(), await openSettings()];
    await save(a.rates({ freeShippingMin: "999", freeShipping_EXPRESS: "on", name_EXPRESS: "Rápido", locale: "en" }));
    const refused = await save(b.rates({ rounding: "up_to_99", locale: "en" }));
    expect(refused.status).toBe(409);
    const labels = [
      en.settings.rules.free.replace("{service}", en.settings.services.EXPRESS),
      en.settings.rules.freeShippingMin,
      en.settings.rules.name.replace("{service}", en.settings.services.EXPRESS),
    ];
    const message = formError(refused.body);
    expect(message.startsWith(en.settings.conflict.title)).toBe(true);
    for (const label of labels) expect(message).toContain(label);
    expect((await getShopSettings({ db: prisma, shop: TEST_SHOP })).settings.rates.rounding).toBe("none");
  });

  it("saves B's orders-and-stock form after A changed only the rules, keeping both changes", async () => {
    const [a, b] = [await openSettings(), await openSettings()];
    expect(await save(a.rates({ markupPercent: "10" }))).toMatchObject({ status: 200 });
    expect(await save(b.operations({ holdBackMinutes: "30" }))).toMatchObject({ status: 200, body: { ok: true } });
    const { settings } = await getShopSettings({ db: prisma, shop: TEST_SHOP });
    expect([settings.rates.markupBasisPoints, settings.fulfillment.holdBackMinutes]).toEqual([1000, 30]);
  });

  it("refuses B's stale orders-and-stock save after A changed the hold-back, naming it", async () => {
    const [a, b] = [await openSettings(), await openSettings()];
    expect(await save(a.operations({ holdBackMinutes: "30" }))).toMatchObject({ status: 200 });
    const refused = await save(b.operations({ importDays: "3" }));
    expect(refused).toMatchObject({
      status: 409,
      body: { intent: "operations", ok: false, conflict: true },
    });
    expect(formError(refused.body)).toContain(es.settings.operations.holdBack);
    const { settings } = await getShopSettings({ db: prisma, shop: TEST_SHOP });
    expect([settings.fulfillment.holdBackMinutes, settings.fulfillment.importDays]).toEqual([30, 0]);
  });

  it("refuses a save that does not say when its form was read, writing nothing", async () => {
    const before = await stored();
    const { version: _version, basis: _basis, ...withoutReadAt } = (await openSettings()).rates({ markupPercent: "5" });
    const refused = await save(withoutReadAt);
    expect(refused).toMatchObject({
      status: 409,
      body: {
        ok: false,
        conflict: true,
        errors: { form: `${es.settings.conflict.title} ${es.settings.conflict.unknown}` },
      },
    });
    expect(await stored()).toEqual(before);
  });
});
