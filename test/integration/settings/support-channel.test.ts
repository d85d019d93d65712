// The service's support channel in Configuración (issue 33, item 2): each field validated and
// refused naming it (400, nothing written); saved like the other forms with the version and values
// it was read at, so a second admin session's stale save is refused (409) naming the field, with
// the first session's channel kept; and Pedidos receives what was saved.
import { beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { es } from "~/i18n/messages.es";
import { en } from "~/i18n/messages.en";
import { getShopSettings } from "~/shop/shop-settings.server";
import { action, loader } from "~/routes/app.settings/route";
import { loader as ordersLoader, type OrdersPageData } from "~/routes/app.orders/route";
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

/** One admin session's support form, as Configuración renders it. */
async function openSupportForm() {
  const page = await loader({
    request: await sessionTokenRequest("/app/settings"),
    params: {},
    context: routeContext(),
  });
  return (changes: Record<string, string>) => ({
    intent: "support",
    version: String(page.version),
    basis: JSON.stringify(page.support),
    ...page.support,
    ...changes,
  });
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

const support = async () => (await getShopSettings({ db: prisma, shop: TEST_SHOP })).settings.support;

describe("the service's support channel", () => {
  it("refuses a wrong e-mail, phone or address naming each field, in the page's language, and writes nothing", async () => {
    const form = await openSupportForm();
    const refused = await save(
      form({ supportEmail: "soporte@", supportPhone: "12", supportUrl: "javascript:alert(1)", locale: "en" }),
    );
    expect(refused).toMatchObject({
      status: 400,
      body: {
        intent: "support",
        ok: false,
        errors: {
          supportEmail: en.nextSteps.support.errors.email,
          supportPhone: en.nextSteps.support.errors.phone,
          supportUrl: en.nextSteps.support.errors.url,
        },
        values: { supportEmail: "soporte@", supportPhone: "12" },
      },
    });
    expect(await support()).toEqual({ email: null, phone: null, url: null });
  });

  it("saves a channel (blank fields cleared) and Pedidos shows it", async () => {
    const form = await openSupportForm();
    expect(
      await save(form({ supportEmail: " soporte@servicio.mx ", supportPhone: "+52 (55) 1234-5678", supportUrl: "" })),
    ).toMatchObject({ status: 200, body: { ok: true } });
    expect(await support()).toEqual({ email: "soporte@servicio.mx", phone: "+52 (55) 1234-5678", url: null });
    const orders = (await ordersLoader({
      request: await sessionTokenRequest("/app/orders"),
      params: {},
      context: routeContext(),
    })) as OrdersPageData;
    expect(orders.support).toEqual({ email: "soporte@servicio.mx", phone: "+52 (55) 1234-5678", url: null });
  });

  it("refuses B's stale save after A changed the e-mail, naming it, and keeps A's", async () => {
    const [a, b] = [await openSupportForm(), await openSupportForm()];
    expect(await save(a({ supportEmail: "a@servicio.mx" }))).toMatchObject({ status: 200 });
    const refused = await save(b({ supportPhone: "5512345678" }));
    expect(refused).toMatchObject({ status: 409, body: { intent: "support", ok: false, conflict: true } });
    expect((refused.body as { errors: Record<string, string> }).errors.form).toContain(es.nextSteps.support.email);
    expect(await support()).toEqual({ email: "a@servicio.mx", phone: null, url: null });
  });
});
