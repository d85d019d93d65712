// /app/rates (the rate tester) with real session tokens, a real database and the service sandbox:
// it answers what the carrier callback answers for the same cart, says which rules changed each
// rate and whether the cache answered, words an unserved destination, and validates its form.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { action, loader } from "~/routes/app.rates/route";
import { storeOfflineSession } from "../../helpers/sessions";
import { sessionTokenRequest, TEST_SHOP } from "../../helpers/shopify-requests";
import {
  callback,
  flushQuoteLog,
  freshShop,
  product,
  QUOTE_PATH,
  rateTo,
  setRules,
  startSandbox,
  upstreamLog,
  type Sandbox,
} from "./support/harness";
import { configureTestServices, routeContext } from "../../helpers/app-services";

const MUG = "gid://shopify/ProductVariant/101";
const NO_DIMENSIONS = "gid://shopify/ProductVariant/102";
let sandbox: Sandbox;
const upstream = upstreamLog();
// Delivery dates count from the quote's instant, to the second: the tester, the callback and the
// cached repeat are compared at one instant, so a loaded machine crossing a second between them
// cannot make them differ.
const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  await freshShop(sandbox, upstream, [product("TAZA-AZ"), product("CAJA-SIN", false)]);
  configureTestServices({ now: () => NOW });
  await storeOfflineSession(prisma);
  await prisma.catalogVariant.createMany({
    data: [
      {
        shop: TEST_SHOP,
        productId: "gid://shopify/Product/1",
        variantId: MUG,
        sku: "TAZA-AZ",
        title: "Taza azul",
        status: "synced",
      },
      {
        shop: TEST_SHOP,
        productId: "gid://shopify/Product/2",
        variantId: NO_DIMENSIONS,
        sku: "CAJA-SIN",
        title: "Caja",
        status: "synced",
      },
      {
        shop: TEST_SHOP,
        productId: "gid://shopify/Product/3",
        variantId: "gid://shopify/ProductVariant/103",
        sku: null,
        title: "Sin SKU",
        status: "skipped",
      },
    ],
  });
});

type Fields = Record<string, string | string[]>;
const CDMX: Fields = {
  postalCode: "06500",
  province: "DF",
  city: "Ciudad de México",
  address1: "Río Lerma 232",
  address2: "Col. Cuauhtémoc",
  subtotal: "598.00",
  variantId: [MUG],
  quantity: ["2"],
};

async function submit(fields: Fields) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  const request = await sessionTokenRequest("/app/rates", TEST_SHOP, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  // The answer's body; its status is 400 when the form was refused.
  return (await action({ request, params: {}, context: routeContext() })).data;
}

describe("/app/rates", () => {
  it("ticks the setup guide's test-quote step when a quote ran, not when the form was refused", async () => {
    const testedAt = async () => (await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } })).rateTestedAt;
    await submit({ ...CDMX, postalCode: "abc" });
    expect(await testedAt()).toBeNull();
    await submit(CDMX);
    expect(await testedAt()).toBeInstanceOf(Date);
  });

  it("offers the catalogue's variants with a SKU, registered first, and the 32 states", async () => {
    const page = await loader({
      request: await sessionTokenRequest("/app/rates"),
      params: {},
      context: routeContext(),
    });
    expect(page.connected).toBe(true);
    expect(page.registeredCount).toBe(2);
    expect(page.variants.map((v) => v.sku).sort()).toEqual(["CAJA-SIN", "TAZA-AZ"]);
    expect(page.states).toHaveLength(32);
  });

  it("shows the three services for CDMX exactly as the callback answers them, then the same from the cache", async () => {
    const first = await submit(CDMX);
    expect(first.errors).toEqual({});
    const result = first.result!;
    expect(result).toMatchObject({ outcome: "rates", reason: null, cacheHit: false });
    expect(result.rates.map((r) => r.code)).toEqual(["NACIONAL", "EXPRESS", "PROGRAMADO"]);
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(upstream.count(QUOTE_PATH)).toBe(1);

    // Checkout, for the same cart and destination, gets the same names, prices and dates.
    const checkout = await callback({
      body: rateTo("06500", "DF", "Ciudad de México", {
        items: [{ name: "Taza azul", sku: "TAZA-AZ", quantity: 2, requires_shipping: true }],
        order_totals: { subtotal_price: 59_800 },
      }),
    });
    expect(checkout.status).toBe(200);
    expect(result.rates.map((r) => [r.code, r.name, r.price, r.minDate, r.maxDate])).toEqual(
      checkout.body.rates!.map((r) => [
        r.service_code,
        r.service_name,
        (Number(r.total_price) / 100).toFixed(2),
        new Date(
          String(r.min_delivery_date)
            .replace(" ", "T")
            .replace(/ ([+-]\d\d)(\d\d)$/, "$1:$2"),
        ).toISOString(),
        new Date(
          String(r.max_delivery_date)
            .replace(" ", "T")
            .replace(/ ([+-]\d\d)(\d\d)$/, "$1:$2"),
        ).toISOString(),
      ]),
    );

    const again = await submit(CDMX);
    expect(again.result).toMatchObject({ outcome: "rates", cacheHit: true });
    expect(again.result!.rates).toEqual(result.rates);
    expect(upstream.count(QUOTE_PATH)).toBe(2); // the callback's own call; the tester's repeat came from the cache
  });

  it("says which of the shop's rules changed each rate, and which services they hid", async () => {
    await setRules({
      markupBasisPoints: 1000,
      rounding: "up_to_peso",
      freeShipping: { minSubtotalCentavos: 50_000, services: ["NACIONAL"] },
      hiddenServices: ["PROGRAMADO"],
      names: { EXPRESS: { name: "Express en CDMX" } },
      handlingDays: 1,
    });
    const { result } = await submit(CDMX);
    expect(result!.hidden).toEqual(["PROGRAMADO"]);
    const [nacional, express] = result!.rates;
    expect(nacional).toMatchObject({ code: "NACIONAL", price: "0.00" });
    const rules = nacional!.effects.map((e) => e.rule);
    expect(rules[0]).toBe("markup");
    expect(rules.slice(-2)).toEqual(["free_shipping", "handling_days"]);
    expect(express).toMatchObject({ code: "EXPRESS", name: "Express en CDMX" });
    expect(express!.effects).toContainEqual({ rule: "renamed", from: "Envío express", to: "Express en CDMX" });
    const markup = express!.effects.find((e) => e.rule === "markup");
    expect(markup).toMatchObject({ percent: "10.00", from: express!.quoted!.price });
    expect(express!.price.endsWith(".00")).toBe(true);
  });

  it("answers an unserved destination as checkout does: no rates, and says why", async () => {
    const { result, errors } = await submit({ ...CDMX, postalCode: "63950", province: "NAY", city: "Islas Marías" });
    expect(errors).toEqual({});
    expect(result).toMatchObject({ outcome: "no_rates", reason: "not_served", rates: [] });
  });

  it("shows the fallback the shop configured when a product cannot be quoted", async () => {
    await setRules({ fallbackRates: [{ service: "NACIONAL", name: "Envío fijo", priceCentavos: 14_900 }] });
    const { result } = await submit({ ...CDMX, variantId: [NO_DIMENSIONS], quantity: ["1"] });
    expect(result).toMatchObject({ outcome: "fallback", reason: "unquotable" });
    expect(result!.rates).toMatchObject([{ code: "NACIONAL", name: "Envío fijo", price: "149.00", quoted: null }]);
  });

  it("names the product the catalogue knows has no dimensions when the service could not price the cart", async () => {
    const skipped = "gid://shopify/ProductVariant/104";
    await prisma.catalogVariant.create({
      data: {
        shop: TEST_SHOP,
        productId: "gid://shopify/Product/4",
        variantId: skipped,
        sku: "SIN-MEDIDAS",
        title: "Jarra sin medidas",
        status: "skipped",
        reasonCode: "noDimensions",
      },
    });
    const { result } = await submit({ ...CDMX, variantId: [skipped], quantity: ["1"] });
    // The service only refused the cart; the catalogue knows why, and the product.
    expect(result).toMatchObject({
      reason: "unquotable",
      problem: { code: "noDimensions", params: { product: "Jarra sin medidas" } },
    });
  });

  it("says the shortage of the cart's product when the warehouse holds less than asked", async () => {
    const { result } = await submit({ ...CDMX, quantity: ["999"] });
    // The service names the SKU; the merchant reads the product's title with it.
    expect(result).toMatchObject({
      outcome: "no_rates",
      reason: "insufficient_stock",
      problem: { code: "insufficientStock", params: { product: "Taza azul (TAZA-AZ)" } },
    });
  });

  it("puts each error next to its field and keeps everything typed, without asking the service", async () => {
    const typed = {
      ...CDMX,
      postalCode: "065",
      city: "",
      variantId: [MUG, "gid://shopify/ProductVariant/103"],
      quantity: ["2", "1"],
    };
    const { result, errors, values } = await submit(typed);
    expect(result).toBeNull();
    expect(errors).toEqual({ postalCode: "postalCode", city: "city", variant_1: "product" });
    expect(values).toMatchObject({ postalCode: "065", city: "", address1: "Río Lerma 232", subtotal: "598.00" });
    expect(values.lines).toEqual([
      { variantId: MUG, quantity: "2" },
      { variantId: "gid://shopify/ProductVariant/103", quantity: "1" },
    ]);
    expect(upstream.count(QUOTE_PATH)).toBe(0);
  });

  it("never counts a test quote among the buyers' checkout quotes", async () => {
    await submit(CDMX);
    await flushQuoteLog();
    expect(await prisma.quoteLog.count()).toBe(0);
  });
});
