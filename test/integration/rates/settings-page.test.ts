// /app/settings loader and action with real session tokens, the service sandbox and the simulated store.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { getShopSettings } from "~/shop/shop-settings.server";
import { action, loader } from "~/routes/app.settings/route";
import { createSimulatedStore, type SimulatedStore } from "../../../sandbox/store";
import { storeOfflineSession } from "../../helpers/sessions";
import { sessionTokenRequest, TEST_APP_URL, TEST_SHOP } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";
import { API_KEY, callback, product, rateBody, setupClient, startSandbox, type Sandbox } from "./support/harness";
import { sandboxConnection, storeAdmin } from "../../helpers/app-context";
import { configureTestServices, resetTestRates, routeContext } from "../../helpers/app-services";

let sandbox: Sandbox;
let store: SimulatedStore;

beforeAll(async () => {
  sandbox = await startSandbox();
  await setupClient(sandbox).createProducts({ productos: [product("TAZA-AZ")] });
});
afterAll(async () => {
  await sandbox.close();
});

function useStore(allowsCarrierCalculatedRates: boolean) {
  store = createSimulatedStore();
  store.addShop({ domain: TEST_SHOP, allowsCarrierCalculatedRates });
  configureTestServices({
    db: prisma,
    svc: sandboxConnection(sandbox.url),
    adminFor: async () => storeAdmin(store, TEST_SHOP),
  });
}

beforeEach(async () => {
  await resetTestRates();
  await resetDatabase();
  await storeOfflineSession(prisma);
  await prisma.shop.create({ data: { domain: TEST_SHOP } });
  useStore(true);
});

async function load() {
  return loader({ request: await sessionTokenRequest("/app/settings"), params: {}, context: routeContext() });
}

async function submit(fields: Record<string, string>) {
  const body = new URLSearchParams(fields);
  const request = await sessionTokenRequest("/app/settings", TEST_SHOP, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  // The answer's body; its status is 400 when the form was refused.
  return (await action({ request, params: {}, context: routeContext() })).data;
}

/** The rules form as the page renders it for a new shop, with `changes`. */
async function rulesForm(changes: Record<string, string>) {
  const page = await load();
  // With the hidden fields that say when the form was read (its version and values).
  return { intent: "rates", version: String(page.version), basis: JSON.stringify(page.rates), ...page.rates, ...changes };
}

describe("/app/settings", () => {
  it("shows a new shop as not connected, with the default rules as form values", async () => {
    const page = await load();
    expect(page).toMatchObject({ connected: false, environment: "qa", carrierService: { state: null, problem: null } });
    expect(page.rates).toMatchObject({
      deadlineMs: "2500",
      markupPercent: "0.00",
      markupFixed: "0.00",
      rounding: "none",
      freeShippingMin: "",
      cacheTtlSeconds: "600",
    });
  });

  it("connects the account with a key the service accepts, and registers the carrier service", async () => {
    const result = await submit({ intent: "connect", apiKey: API_KEY, environment: "qa" });
    expect(result).toMatchObject({ intent: "connect", ok: true, carrierService: { state: "active" } });
    expect(store.inspect(TEST_SHOP).carrierServices).toEqual([
      expect.objectContaining({
        callbackUrl: `${TEST_APP_URL}/carrier-service/rates`,
        supportsServiceDiscovery: true,
        active: true,
      }),
    ]);
    expect(await load()).toMatchObject({ connected: true, carrierService: { state: "active" } });
    // and checkout rates now work for the shop
    expect((await callback({ body: rateBody() })).body.rates).toHaveLength(3);
  });

  it("refuses a key the service rejects, and stores nothing", async () => {
    const result = await submit({ intent: "connect", apiKey: "sk_wrong", environment: "qa" });
    expect(result).toEqual({
      intent: "connect",
      ok: false,
      errors: { apiKey: expect.stringContaining("rechazó") },
      values: { environment: "qa" },
    });
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } })).svcApiKeyCiphertext).toBeNull();
    expect(store.inspect(TEST_SHOP).carrierServices).toEqual([]);
  });

  it("answers in the language the page was in (each form sends its locale)", async () => {
    const result = await submit({ intent: "connect", apiKey: "sk_wrong", environment: "qa", locale: "en" });
    expect(result).toEqual({
      intent: "connect",
      ok: false,
      errors: { apiKey: "The service refused this key in the test environment (QA)." },
      values: { environment: "qa" },
    });
    const rules = await submit(await rulesForm({ locale: "en", handlingDays: "two" }));
    expect(rules).toMatchObject({ ok: false, errors: { handlingDays: "Enter digits only, e.g. 30." } });
  });

  it("says plainly when the plan does not allow third-party calculated rates", async () => {
    useStore(false);
    const result = await submit({ intent: "connect", apiKey: API_KEY, environment: "qa" });
    // The page gets the code it words, never Shopify's sentence.
    expect(result).toMatchObject({
      ok: true,
      carrierService: { state: "not_allowed_by_plan", problem: "not_allowed_by_plan" },
    });
    expect(JSON.stringify(result)).not.toMatch(/third-party|calculated rates/i);
    expect(await load()).toMatchObject({
      connected: true,
      carrierService: { state: "not_allowed_by_plan", problem: "not_allowed_by_plan" },
    });
  });

  it("saves the rate rules exactly (pesos and percent to centavos and basis points) and updates the carrier service", async () => {
    await submit({ intent: "connect", apiKey: API_KEY, environment: "qa" });
    const form = await rulesForm({
      markupPercent: "12.5",
      markupFixed: "15.10",
      rounding: "up_to_99",
      freeShippingMin: "1,499.00",
      freeShipping_NACIONAL: "on",
      hidden_PROGRAMADO: "on",
      name_EXPRESS: "Llega mañana",
      handlingDays: "1",
      onFailure: "fallback_rates",
      fallbackPrice_NACIONAL: "149",
      fallbackName_NACIONAL: "Estándar (fija)",
      fallbackDays_NACIONAL: "6",
    });
    const result = await submit(form);
    expect(result).toMatchObject({ intent: "rates", ok: true, carrierService: { state: "active", problem: null } });
    const { settings } = await getShopSettings({ db: prisma, shop: TEST_SHOP });
    expect(settings.rates).toMatchObject({
      markupBasisPoints: 1_250,
      markupFixedCentavos: 1_510,
      rounding: "up_to_99",
      freeShipping: { minSubtotalCentavos: 149_900, services: ["NACIONAL"] },
      hiddenServices: ["PROGRAMADO"],
      names: { EXPRESS: { name: "Llega mañana" } },
      handlingDays: 1,
      onFailure: "fallback_rates",
      fallbackRates: [{ service: "NACIONAL", name: "Estándar (fija)", priceCentavos: 14_900, maxDays: 6 }],
    });
    // the next checkout sees the new rules at once:
    // 99.00 × 1.125 + 15.10 = 126.475 → 126.48 → 126.99; 189.00 × 1.125 + 15.10 = 227.725 → 227.73 → 227.99
    const rates = (await callback({ body: rateBody() })).body.rates;
    expect(rates?.map((r) => [r.service_code, r.service_name, r.total_price])).toEqual([
      ["NACIONAL", "Envío estándar", "12699"],
      ["EXPRESS", "Llega mañana", "22799"],
    ]);
  });

  it("answers 400 with every error and the typed text for values it must not guess, and saves nothing", async () => {
    const typed = await rulesForm({
      markupPercent: "99999999999999999999999",
      markupFixed: "20,50",
      freeShippingMin: "-1000",
      fallbackName_NACIONAL: "Envío fijo",
    });
    const request = await sessionTokenRequest("/app/settings", TEST_SHOP, {
      method: "POST",
      body: new URLSearchParams(typed),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const answer = await action({ request, params: {}, context: routeContext() });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({
      ok: false,
      errors: {
        markupPercent: "Escribe un valor entre -90.00 % y 1,000.00 %.",
        markupFixed: expect.stringContaining("p. ej. 1,250.50"),
        freeShippingMin: "Escribe un valor entre $0.00 y $1,000,000.00.",
        fallbackPrice_NACIONAL: expect.stringContaining("precio"),
      },
      values: { markupPercent: "99999999999999999999999", markupFixed: "20,50", freeShippingMin: "-1000" },
    });
    expect((await getShopSettings({ db: prisma, shop: TEST_SHOP })).version).toBe(1);
  });

  it("saves 1,250.50 as $1,250.50 and 10.5 % as 1,050 basis points, and shows them as saved", async () => {
    const saved = await submit(await rulesForm({ markupPercent: "10.5", markupFixed: "1,250.50" }));
    expect(saved).toMatchObject({ ok: true });
    const { settings } = await getShopSettings({ db: prisma, shop: TEST_SHOP });
    expect([settings.rates.markupBasisPoints, settings.rates.markupFixedCentavos]).toEqual([1_050, 125_050]);
    expect((await load()).rates).toMatchObject({ markupPercent: "10.50", markupFixed: "1,250.50" });
  });

  it("connects with the key typed in full-width characters, as the same key", async () => {
    const fullWidth = [...API_KEY].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join("");
    const result = await submit({ intent: "connect", apiKey: ` ${fullWidth} `, environment: "qa" });
    expect(result).toMatchObject({ intent: "connect", ok: true });
  });

  it("rejects invalid rules field by field and keeps the stored ones", async () => {
    const result = await submit(
      await rulesForm({ markupPercent: "diez", deadlineMs: "9000", fallbackPrice_EXPRESS: "-5" }),
    );
    expect(result).toMatchObject({
      intent: "rates",
      ok: false,
      errors: { markupPercent: expect.any(String), fallbackPrice_EXPRESS: expect.any(String) },
    });
    const deadline = await submit(await rulesForm({ deadlineMs: "9000" }));
    expect(deadline).toMatchObject({ ok: false, errors: { deadlineMs: "Escribe un valor entre 250 ms y 2,500 ms." } });
    expect((await getShopSettings({ db: prisma, shop: TEST_SHOP })).version).toBe(1);
  });

  it("retries the registration on request", async () => {
    useStore(false);
    await submit({ intent: "connect", apiKey: API_KEY, environment: "qa" });
    store.updateShop(TEST_SHOP, { allowsCarrierCalculatedRates: true });
    expect(await submit({ intent: "register" })).toMatchObject({
      intent: "register",
      ok: true,
      carrierService: { state: "active" },
    });
  });
});
