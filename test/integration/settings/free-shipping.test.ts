// Free shipping that cannot apply is refused next to its amount (issue 33, finding 5): a threshold
// with no service ticked never made any order free, yet saved silently; now nothing is saved and
// the amount's field says why, in the page's language. With a service ticked it saves.
import { beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";
import { getShopSettings } from "~/shop/shop-settings.server";
import { action, loader } from "~/routes/app.settings/route";
import { storeOfflineSession } from "../../helpers/sessions";
import { sessionTokenRequest, TEST_SHOP } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";
import { configureTestServices, routeContext } from "../../helpers/app-services";

beforeEach(async () => {
  await resetDatabase();
  await storeOfflineSession(prisma);
  await prisma.shop.create({ data: { domain: TEST_SHOP } });
  configureTestServices({ db: prisma });
});

/** The rules form as the page renders it (with when it was read), with `changes`. */
async function rulesForm(changes: Record<string, string>) {
  const page = await loader({
    request: await sessionTokenRequest("/app/settings"),
    params: {},
    context: routeContext(),
  });
  return {
    intent: "rates",
    version: String(page.version),
    basis: JSON.stringify(page.rates),
    ...page.rates,
    ...changes,
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

describe("free shipping in Configuración", () => {
  it.each([
    ["es", es],
    ["en", en],
  ] as const)(
    "[%s] refuses a threshold with no service ticked, next to the amount, saving nothing",
    async (locale, m) => {
      const before = await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } });
      const refused = await save(await rulesForm({ freeShippingMin: "1,499.00", locale }));
      expect(refused).toMatchObject({
        status: 400,
        body: {
          ok: false,
          errors: { freeShippingMin: m.settings.freeShipping.noService },
          values: { freeShippingMin: "1,499.00" },
        },
      });
      expect(Object.keys((refused.body as { errors: object }).errors)).toEqual(["freeShippingMin"]);
      expect(await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } })).toEqual(before);
    },
  );

  it("saves the threshold once a service is ticked, and an empty one with none", async () => {
    expect(await save(await rulesForm({ freeShippingMin: "1,499.00", freeShipping_EXPRESS: "on" }))).toMatchObject({
      status: 200,
    });
    expect((await getShopSettings({ db: prisma, shop: TEST_SHOP })).settings.rates.freeShipping).toEqual({
      minSubtotalCentavos: 149_900,
      services: ["EXPRESS"],
    });
    const cleared = { freeShippingMin: "", freeShipping_EXPRESS: "" };
    expect(await save(await rulesForm(cleared))).toMatchObject({ status: 200 });
    expect((await getShopSettings({ db: prisma, shop: TEST_SHOP })).settings.rates.freeShipping).toEqual({
      minSubtotalCentavos: null,
      services: [],
    });
  });
});
