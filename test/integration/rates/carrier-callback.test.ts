// POST /carrier-service/rates against the real service sandbox, with requests signed like Shopify's.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { forgetSvcKey } from "../../helpers/svc-connection";
import { loader } from "~/routes/carrier-service.rates";
import {
  callback,
  flushQuoteLog,
  freshShop,
  product,
  QUOTE_PATH,
  rateBody,
  rateTo,
  sandboxControl,
  setRules,
  setupClient,
  startSandbox,
  TEST_SHOP,
  upstreamLog,
  type Sandbox,
} from "./support/harness";
import { configureTestServices, routeContext, testServices } from "../../helpers/app-services";

const upstream = upstreamLog();
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  await freshShop(sandbox, upstream, [product("TAZA-AZ"), product("SIN-DIM", false)]);
});

const byCode = (rates: Record<string, unknown>[] = []) => Object.fromEntries(rates.map((r) => [r.service_code, r]));
const mugs = (sku: string, quantity = 2) => [
  { name: "Taza", sku, quantity, grams: 450, price: 24_900, requires_shipping: true },
];
const FALLBACK = [
  { service: "NACIONAL" as const, name: "Envío estándar (tarifa fija)", priceCentavos: 15_000, maxDays: 7 },
  { service: "EXPRESS" as const, name: "Envío express (tarifa fija)", priceCentavos: 25_000 },
];

describe("POST /carrier-service/rates: quoting", () => {
  it("answers three services for a covered Mexico City postal code, priced exactly and dated in business days", async () => {
    // GIVEN it is Wednesday noon in Mexico City
    configureTestServices({ now: () => new Date("2026-11-25T18:00:00Z") });
    // WHEN Shopify asks for rates for two mugs (and a gift card that does not ship) to 06500
    const { status, body } = await callback({ body: rateBody() });
    // THEN the three services come back as Shopify rates in centavos
    expect(status).toBe(200);
    expect(body.rates).toEqual([
      {
        service_name: "Envío estándar",
        service_code: "NACIONAL",
        description: "Envío nacional estándar, 1 a 3 días hábiles",
        currency: "MXN",
        total_price: "9900",
        phone_required: true,
        min_delivery_date: "2026-11-26 12:00:00 -0600",
        max_delivery_date: "2026-11-30 12:00:00 -0600",
      },
      {
        service_name: "Envío express",
        service_code: "EXPRESS",
        description: "Envío express, 1 día hábil",
        currency: "MXN",
        total_price: "18900",
        phone_required: true,
        min_delivery_date: "2026-11-26 12:00:00 -0600",
        max_delivery_date: "2026-11-26 12:00:00 -0600",
      },
      {
        service_name: "Entrega programada",
        service_code: "PROGRAMADO",
        description: "Entrega programada en la ventana elegida, dentro de 2 días hábiles",
        currency: "MXN",
        total_price: "14900",
        phone_required: true,
        min_delivery_date: "2026-11-26 12:00:00 -0600",
        max_delivery_date: "2026-11-27 12:00:00 -0600",
      },
    ]);
    expect(upstream.count(QUOTE_PATH)).toBe(1);
  });

  it("answers only NACIONAL for a postal code outside the covered metropolitan areas", async () => {
    const { status, body } = await callback({ body: rateTo("20000", "AGS", "Aguascalientes") });
    expect(status).toBe(200);
    expect(body.rates).toEqual([expect.objectContaining({ service_code: "NACIONAL", total_price: "13900" })]);
  });

  it("answers no rates for a destination no carrier serves (SHP-003)", async () => {
    await setRules({ fallbackRates: FALLBACK });
    const { status, body } = await callback({ body: rateTo("63940", "NAY", "Islas Marías") });
    expect({ status, body }).toEqual({ status: 200, body: { rates: [] } });
  });

  it("answers no rates for a destination outside Mexico, without asking the service", async () => {
    const { status, body } = await callback({
      body: rateBody({
        destination: { country: "US", postal_code: "10001", province: "NY", city: "New York", address1: "5th Ave 1" },
      }),
    });
    expect({ status, body }).toEqual({ status: 200, body: { rates: [] } });
    expect(upstream.count(QUOTE_PATH)).toBe(0);
  });

  it("answers the shop's fallback rates for a product without dimensions", async () => {
    await setRules({ fallbackRates: FALLBACK });
    const { status, body } = await callback({ body: rateBody({ items: mugs("SIN-DIM", 1) }) });
    expect(status).toBe(200);
    expect(body.rates?.map((r) => [r.service_code, r.service_name, r.total_price])).toEqual([
      ["NACIONAL", "Envío estándar (tarifa fija)", "15000"],
      ["EXPRESS", "Envío express (tarifa fija)", "25000"],
    ]);
  });

  it("answers the fallback rates for a product the service does not know", async () => {
    await setRules({ fallbackRates: FALLBACK });
    const { body } = await callback({ body: rateBody({ items: mugs("NO-EXISTE") }) });
    expect(body.rates?.map((r) => r.service_code)).toEqual(["NACIONAL", "EXPRESS"]);
  });

  it("lets Shopify show its backup rates (503) when a fallback is needed but none is configured", async () => {
    const { status } = await callback({ body: rateBody({ items: mugs("SIN-DIM", 1) }) });
    expect(status).toBe(503);
  });

  it("answers no rates on insufficient stock by default, and the fallback rates when the shop quotes anyway", async () => {
    await sandboxControl(sandbox, setupClient(sandbox), "/__sandbox/stock", { sku: "TAZA-AZ", units: 1 });
    await setRules({ fallbackRates: FALLBACK });
    expect((await callback({ body: rateBody() })).body).toEqual({ rates: [] });
    await setRules({ onInsufficientStock: "quote_anyway" });
    const anyway = await callback({ body: rateBody() });
    expect(anyway.body.rates?.map((r) => r.total_price)).toEqual(["15000", "25000"]);
  });

  it("answers no rates for a shop that is not connected, and for one never installed, without asking the service", async () => {
    await forgetSvcKey(prisma, TEST_SHOP);
    expect((await callback({ body: rateBody() })).body).toEqual({ rates: [] });
    expect((await callback({ body: rateBody(), shop: "desconocida.myshopify.com" })).body).toEqual({ rates: [] });
    expect(upstream.count(QUOTE_PATH)).toBe(0);
  });
});

describe("POST /carrier-service/rates: rules", () => {
  it("adds the percentage and fixed markup", async () => {
    // 99.00 × 1.10 + 5.00 = 113.90; 189.00 × 1.10 + 5.00 = 212.90; 149.00 × 1.10 + 5.00 = 168.90
    await setRules({ markupBasisPoints: 1_000, markupFixedCentavos: 500 });
    const { body } = await callback({ body: rateBody() });
    expect(body.rates?.map((r) => r.total_price)).toEqual(["11390", "21290", "16890"]);
  });

  it("rounds a half centavo up, exactly (no float anywhere)", async () => {
    // 99.00 × 1.005 = 99.495 pesos = 9949.5 centavos → 9950, where 99 * 1.005 * 100 in floats is 9949.499…
    expect(Math.round(99 * 1.005 * 100)).toBe(9949);
    await setRules({ markupBasisPoints: 50 });
    const { body } = await callback({ body: rateBody() });
    expect(byCode(body.rates).NACIONAL?.total_price).toBe("9950");
  });

  it("rounds up to the whole peso or to .99", async () => {
    await setRules({ markupBasisPoints: 1_000, markupFixedCentavos: 500, rounding: "up_to_peso" });
    expect((await callback({ body: rateBody() })).body.rates?.map((r) => r.total_price)).toEqual([
      "11400",
      "21300",
      "16900",
    ]);
    await setRules({ rounding: "up_to_99" });
    expect((await callback({ body: rateBody() })).body.rates?.map((r) => r.total_price)).toEqual([
      "11399",
      "21299",
      "16899",
    ]);
  });

  it("makes the chosen services free from the cart subtotal threshold on", async () => {
    await setRules({ freeShipping: { minSubtotalCentavos: 99_800, services: ["NACIONAL", "PROGRAMADO"] } });
    const free = await callback({ body: rateBody() });
    expect(free.body.rates?.map((r) => r.total_price)).toEqual(["0", "18900", "0"]);
    const below = await callback({
      body: rateBody({ order_totals: { subtotal_price: 99_799, total_price: 99_799, discount_amount: 0 } }),
    });
    expect(below.body.rates?.map((r) => r.total_price)).toEqual(["9900", "18900", "14900"]);
  });

  it("never compares a subtotal in another currency with the peso threshold, and still prices in pesos", async () => {
    await setRules({ freeShipping: { minSubtotalCentavos: 99_800, services: ["NACIONAL", "PROGRAMADO"] } });
    // A subtotal of 998.00 US dollars is not 998.00 pesos: no free shipping on it.
    const dollars = await callback({ body: rateBody({ currency: "USD" }) });
    expect(dollars.status).toBe(200);
    expect(dollars.body.rates?.map((r) => [r.total_price, r.currency])).toEqual([
      ["9900", "MXN"],
      ["18900", "MXN"],
      ["14900", "MXN"],
    ]);
    // The same cart in pesos (any letter case) is free.
    const pesos = await callback({ body: rateBody({ currency: "mxn" }) });
    expect(pesos.body.rates?.map((r) => r.total_price)).toEqual(["0", "18900", "0"]);
  });

  it("hides services", async () => {
    await setRules({ hiddenServices: ["EXPRESS"] });
    expect((await callback({ body: rateBody() })).body.rates?.map((r) => r.service_code)).toEqual([
      "NACIONAL",
      "PROGRAMADO",
    ]);
  });

  it("renames services", async () => {
    await setRules({ names: { EXPRESS: { name: "Llega mañana", description: "Con DHL, al día hábil siguiente" } } });
    const express = byCode((await callback({ body: rateBody() })).body.rates).EXPRESS;
    expect(express).toMatchObject({
      service_name: "Llega mañana",
      description: "Con DHL, al día hábil siguiente",
      service_code: "EXPRESS",
    });
  });

  it("adds the shop's handling days to the delivery dates", async () => {
    configureTestServices({ now: () => new Date("2026-11-25T18:00:00Z") });
    await setRules({ handlingDays: 2 });
    const nacional = byCode((await callback({ body: rateBody() })).body.rates).NACIONAL;
    // Wednesday + 2 handling days = Friday; + 1..3 business days = Monday..Wednesday
    expect(nacional).toMatchObject({
      min_delivery_date: "2026-11-30 12:00:00 -0600",
      max_delivery_date: "2026-12-02 12:00:00 -0600",
      // The words say the same days as the dates (not the service's «1 a 3 días hábiles»).
      description: "Llega en 3 a 5 días hábiles",
    });
  });
});

describe("POST /carrier-service/rates: bad input", () => {
  it("answers 401 when the HMAC is wrong, missing, or made with another secret", async () => {
    expect((await callback({ body: rateBody(), hmac: "bm90IHRoZSBzaWduYXR1cmUgb2YgdGhpcyBib2R5IQ==" })).status).toBe(
      401,
    );
    expect((await callback({ body: rateBody(), hmac: null })).status).toBe(401);
    expect((await callback({ body: rateBody(), secret: "otro-secreto" })).status).toBe(401);
    expect(upstream.count(QUOTE_PATH)).toBe(0);
  });

  it("answers rates to a request signed with the previous secret during a rotation (SHOPIFY_API_SECRET_PREVIOUS)", async () => {
    const { status, body } = await callback({ body: rateBody(), secret: process.env.SHOPIFY_API_SECRET_PREVIOUS });
    expect(status).toBe(200);
    expect(body.rates).not.toHaveLength(0);
  });

  it("answers 405 naming the method to a GET, which Shopify never sends", async () => {
    const request = new Request("https://svc-app.example.test/carrier-service/rates");
    const answer = await loader({ request, params: {}, context: routeContext() });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("POST");
    expect(await answer.json()).toEqual({ error: "use POST" });
  });

  it("answers 400 for a body that is not JSON", async () => {
    const { status, body } = await callback({ body: null, rawBody: "{not json" });
    expect({ status, error: body.error }).toEqual({ status: 400, error: "body: not valid JSON" });
  });

  it("answers 400 naming the field of a malformed body", async () => {
    const { status, body } = await callback({ body: rateBody({ items: [{ sku: "TAZA-AZ", quantity: "dos" }] }) });
    expect(status).toBe(400);
    expect(body.error).toMatch(/^rate\.items\[0\]\.quantity: /);
  });

  it("answers 400 when the shop domain header is missing", async () => {
    const { status } = await callback({ body: rateBody(), shop: "" });
    expect(status).toBe(400);
  });
});

describe("quote log", () => {
  it("records each quote with its duration, cache hit, outcome and services, off the request path", async () => {
    await callback({ body: rateBody() });
    await callback({ body: rateBody() });
    await callback({ body: rateTo("63940", "NAY", "Islas Marías") });
    expect(await prisma.quoteLog.count()).toBe(0);
    await flushQuoteLog();
    const rows = await prisma.quoteLog.findMany({ orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.shop, r.cacheHit, r.outcome, r.services])).toEqual([
      [TEST_SHOP, false, "rates", ["NACIONAL", "EXPRESS", "PROGRAMADO"]],
      [TEST_SHOP, true, "rates", ["NACIONAL", "EXPRESS", "PROGRAMADO"]],
      [TEST_SHOP, false, "no_rates", []],
    ]);
    expect(rows.every((r) => r.durationMs >= 0 && r.durationMs < 2_500)).toBe(true);
  });

  it("stores the instant of each quote exactly, and skips quotes of shops the database does not know", async () => {
    const at = new Date("2026-11-25T18:00:00.123Z");
    const log = testServices().rates.quoteLog;
    log.record({ shop: TEST_SHOP, at, durationMs: 7, cacheHit: false, outcome: "fallback", services: ["NACIONAL"] });
    log.record({
      shop: "desconocida.myshopify.com",
      at,
      durationMs: 1,
      cacheHit: false,
      outcome: "rejected",
      services: [],
    });
    await log.flush();
    expect(
      await prisma.quoteLog.findMany({
        select: { shop: true, at: true, durationMs: true, outcome: true, services: true },
      }),
    ).toEqual([{ shop: TEST_SHOP, at, durationMs: 7, outcome: "fallback", services: ["NACIONAL"] }]);
    expect(log.dropped).toBe(1);
  });
});
