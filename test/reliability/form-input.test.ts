// Every form field of the admin, over HTTP against the built server, fed fast-check's random
// strings and numbers (decimal commas, full-width digits, huge and negative numbers, signs,
// spaces, controls) and random choices: never a 500. Configuración's forms start from the page as
// the server rendered it, change some fields and submit; then the answer, the stored settings and
// the page the merchant sees next must all agree with what the documented rules make of the typed
// text (support/settings-model.ts): a save stores exactly that and the page shows exactly that; a
// refusal is a 400 naming exactly the fields at fault, with nothing saved. Seeded: a failure
// prints its seed and path (FUZZ_SEED=… reruns it).
import fc from "fast-check";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translator } from "~/i18n/locale";
import { getShopSettings } from "~/shop/shop-settings.server";
import type { AppProcess } from "../helpers/app-process";
import { createTestDatabase } from "../helpers/test-database";
import { getPage, postForm, refusedFields, singleFetchData } from "./support/admin-http";
import { otherForms, rateTestForms, urlParam } from "./support/form-arbitraries";
import {
  choiceText,
  edited,
  formWith,
  grouped,
  shown,
  typedName,
  typedText,
  type ShownControl,
} from "./support/form-reference";
import { seedMerchantWork, type MerchantWork } from "./support/merchant-work";
import { connectDemoShop, startBuiltApp } from "./support/running-app";
import {
  BOXES,
  CHOICES,
  expectedOperations,
  expectedRateTest,
  expectedRates,
  operationsOnPage,
  OPERATION_NUMBERS,
  RATE_NUMBERS,
  ratesOnPage,
  SERVICES,
  storedOperations,
  storedRates,
  TICKED,
  UNTICKED,
} from "./support/settings-model";

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const SHOP = "tienda-demo.myshopify.com";
const SVC_KEY = "sandbox-key";
const RUNS = { rates: 120, operations: 80, connect: 25, tester: 60, queries: 40, actions: 80 };

let app: AppProcess;
let db: PrismaClient;
let close: () => Promise<void>;
/** The shop's locations as Configuración lists them (the choices of the stock location). */
let locations: string[];
/** The catalogue variants the rate tester offers. */
let cartVariants: string[];
/** The rows the other forms act on. */
let work: MerchantWork;

beforeAll(async () => {
  const database = await createTestDatabase("form_input");
  db = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
  const demo = await connectDemoShop(db, { shop: SHOP, svcKey: SVC_KEY });
  app = await startBuiltApp(database.url, {
    SVC_QA_BASE_URL: demo.sandbox.url,
    SVC_BASE_URL: demo.sandbox.url,
    SIMULATED_STORE_URL: demo.storeServer.url,
  });
  close = async () => {
    await app.stop();
    await demo.close();
    await db.$disconnect();
    await database.drop();
  };
  // What a completed catalogue sync leaves: the variants the tester's cart is picked from.
  const cart = demo.variants.slice(0, 3);
  await db.catalogVariant.createMany({
    data: cart.map((v) => ({
      shop: SHOP,
      productId: v.productId,
      variantId: v.variantId,
      sku: v.sku,
      title: v.sku!,
      status: "synced",
    })),
  });
  cartVariants = cart.map((v) => v.variantId);
  work = await seedMerchantWork(db, SHOP);
  const page = await getPage(app.url, "/app/settings.data");
  const data = singleFetchData(page.body, "routes/app.settings") as { locations: { id: string }[] };
  locations = data.locations.map((l) => l.id);
  expect(locations.length).toBeGreaterThan(0);
});

afterAll(async () => {
  await close?.();
});

/** Configuración as the server renders it in `locale`: the form whose intent is `intent`. */
async function settingsForm(intent: string, locale: string): Promise<ShownControl[]> {
  const page = await getPage(app.url, `/app/settings?locale=${locale}`);
  expect(page.status).toBe(200);
  return formWith(page.body, { intent });
}

const locale = fc.constantFrom("es", "en");
const NUL = "nul\u0000";
const NIL_UUID = "00000000-0000-4000-8000-000000000000";
const checkbox = fc.oneof(fc.constantFrom(undefined, ...TICKED, ...UNTICKED), choiceText([...TICKED, ...UNTICKED]));

describe("every form field under random input, over HTTP", () => {
  it("Configuración's rate rules: a save stores and shows exactly what was typed; a refusal names its fields and saves nothing", async () => {
    const seen = { saved: 0, refused: 0 };
    const field = fc.oneof(
      ...Object.keys(RATE_NUMBERS).map((name) => fc.tuple(fc.constant(name), typedText)),
      ...SERVICES.flatMap((code) => [
        fc.tuple(fc.constant(`fallbackPrice_${code}`), typedText),
        fc.tuple(fc.constant(`fallbackDays_${code}`), typedText),
        fc.tuple(fc.constant(`fallbackName_${code}`), typedName),
        fc.tuple(fc.constant(`name_${code}`), typedName),
        fc.tuple(fc.constant(`description_${code}`), typedName),
      ]),
      ...Object.entries(CHOICES).map(([name, options]) => fc.tuple(fc.constant(name), choiceText(options))),
      ...BOXES.map((name) => fc.tuple(fc.constant(name), checkbox)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(field, { minLength: 1, maxLength: 6, selector: ([name]) => name }),
        locale,
        async (changes, lang) => {
          const form = await settingsForm("rates", lang);
          const fields = edited(form, { ...Object.fromEntries(changes), locale: lang });
          const before = await getShopSettings({ db, shop: SHOP });
          const { messages } = translator(lang as "es" | "en");
          const expected = expectedRates(
            grouped(fields),
            (code) =>
              `${messages.settings.services[code as (typeof SERVICES)[number]]} (${messages.settings.rules.fallbackSuffix})`,
          );

          const answer = await postForm(app.url, "/app/settings.data", fields);
          const after = await getShopSettings({ db, shop: SHOP });
          if (!expected.ok) {
            expect(answer.status, answer.body.slice(0, 400)).toBe(400);
            expect(refusedFields(answer.body)).toEqual(expected.fields);
            expect(after.version).toBe(before.version);
            seen.refused++;
            return;
          }
          expect(answer.status, answer.body.slice(0, 400)).toBe(200);
          seen.saved++;
          const stored = storedRates(after.settings.rates);
          expect(stored).toEqual(expected.saved);
          const page = await settingsForm("rates", lang);
          expect(ratesOnPage((name) => shown(page, name))).toEqual(stored);
        },
      ),
      {
        numRuns: RUNS.rates,
        seed: SEED,
        // The regressions this test exists for, tried first whatever the seed.
        examples: [
          [[["fallbackPrice_NACIONAL", "20,50"]], "es"],
          [
            [
              ["fallbackPrice_EXPRESS", "1,250.50"],
              ["fallbackDays_EXPRESS", "５"],
            ],
            "en",
          ],
          [
            [
              ["fallbackPrice_PROGRAMADO", "$ 2,050"],
              ["fallbackName_PROGRAMADO", ""],
            ],
            "es",
          ],
          [[["markupPercent", "12,5 %"]], "es"],
          [[["name_PROGRAMADO", "línea\nnueva"]], "es"],
          [
            [
              ["name_NACIONAL", "Nacional"],
              ["description_NACIONAL", "nul\u0000"],
            ],
            "en",
          ],
          [[["hidden_EXPRESS", "yes"]], "es"],
        ],
      },
    );
    // Both sides of the property were exercised, not only refusals.
    expect(seen.saved).toBeGreaterThanOrEqual(RUNS.rates / 10);
    expect(seen.refused).toBeGreaterThanOrEqual(RUNS.rates / 5);
  });

  it("Configuración's orders and stock: a save stores and shows exactly what was chosen and typed; a refusal names its fields and saves nothing", async () => {
    const seen = { saved: 0, refused: 0 };
    const locationId = fc.oneof(
      fc.constantFrom("", ...locations),
      fc.constantFrom(...locations).map((id) => ` ${id} `),
      fc.nat().map((n) => `gid://shopify/Location/${n}`),
      fc.string({ maxLength: 30 }),
    );
    const field = fc.oneof(
      ...Object.keys(OPERATION_NUMBERS).map((name) => fc.tuple(fc.constant(name), typedText)),
      fc.tuple(fc.constant("defaultService"), choiceText(SERVICES)),
      fc.tuple(
        fc.constant("mode"),
        fc.oneof(fc.constant(undefined), choiceText(["merchant_managed", "fulfillment_service"])),
      ),
      ...["skipTestOrders", "notifyCustomer", "stockEnabled"].map((name) => fc.tuple(fc.constant(name), checkbox)),
      fc.tuple(fc.constant("stockLocationId"), locationId),
      fc.tuple(fc.constant("locationIds"), fc.array(locationId, { maxLength: 3 })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(field, { minLength: 1, maxLength: 4, selector: ([name]) => name }),
        locale,
        async (changes, lang) => {
          const form = await settingsForm("operations", lang);
          const fields = edited(form, { ...Object.fromEntries(changes), locale: lang });
          const before = await getShopSettings({ db, shop: SHOP });
          const expected = expectedOperations(grouped(fields), locations);

          const answer = await postForm(app.url, "/app/settings.data", fields);
          const after = await getShopSettings({ db, shop: SHOP });
          if (!expected.ok) {
            expect(answer.status, answer.body.slice(0, 400)).toBe(400);
            expect(refusedFields(answer.body)).toEqual(expected.fields);
            expect(after.version).toBe(before.version);
            seen.refused++;
            return;
          }
          expect(answer.status, answer.body.slice(0, 400)).toBe(200);
          seen.saved++;
          const stored = storedOperations(after.settings.fulfillment, after.settings.stock);
          expect(stored).toEqual(expected.saved);
          const page = await settingsForm("operations", lang);
          const all = (name: string) => page.filter((c) => c.name === name).map((c) => c.value);
          expect(operationsOnPage((name) => shown(page, name), all)).toEqual(stored);
        },
      ),
      { numRuns: RUNS.operations, seed: SEED },
    );
    // Both sides of the property were exercised, not only refusals.
    expect(seen.saved).toBeGreaterThanOrEqual(RUNS.operations / 10);
    expect(seen.refused).toBeGreaterThanOrEqual(RUNS.operations / 5);
  });

  it("Configuración's account: the environment is one offered or a 400 naming it; a refused key saves nothing", async () => {
    const seen = { saved: 0, refused: 0 };
    const apiKey = fc.oneof(fc.constant(SVC_KEY), fc.constant(` ${SVC_KEY} `), typedText, typedName);
    const environment = fc.oneof(fc.constant(undefined), choiceText(["qa", "production"]));
    await fc.assert(
      fc.asyncProperty(apiKey, environment, locale, async (key, env, lang) => {
        const form = await settingsForm("connect", lang);
        const fields = edited(form, { apiKey: key, environment: env, locale: lang });
        const before = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
        const chosen = (grouped(fields).get("environment")?.[0] ?? "").trim();
        const answer = await postForm(app.url, "/app/settings.data", fields);
        const after = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
        if (chosen !== "qa" && chosen !== "production") {
          expect(answer.status, answer.body.slice(0, 400)).toBe(400);
          expect(refusedFields(answer.body)).toContain("environment");
        }
        if (answer.status === 400) {
          expect(after.svcApiKeyCiphertext).toEqual(before.svcApiKeyCiphertext);
          expect(after.svcEnvironment).toBe(before.svcEnvironment);
          seen.refused++;
          return;
        }
        // Only the service's own key (whitespace around a paste is not part of it) is accepted.
        expect(answer.status, answer.body.slice(0, 400)).toBe(200);
        seen.saved++;
        expect(key.normalize("NFKC").trim()).toBe(SVC_KEY);
        expect(after.svcEnvironment).toBe(chosen);
        const page = await settingsForm("connect", lang);
        expect(shown(page, "environment")).toBe(chosen);
      }),
      { numRuns: RUNS.connect, seed: SEED },
    );
    // Both sides of the property were exercised, not only refusals.
    expect(seen.saved).toBeGreaterThanOrEqual(3);
    expect(seen.refused).toBeGreaterThanOrEqual(RUNS.connect / 5);
  });

  it("Tarifas' tester: never a 500; a quote shows the subtotal and quantities as typed and prices that subtotal", async () => {
    const seen = { saved: 0, refused: 0, priced: 0 };
    // Free shipping from $500.00 on every service, prices otherwise untouched: a quote says which
    // subtotal it priced by whether free shipping applied.
    const rules = await settingsForm("rates", "es");
    const saved = await postForm(
      app.url,
      "/app/settings.data",
      edited(rules, {
        freeShippingMin: "500",
        ...Object.fromEntries(
          SERVICES.flatMap((code) => [
            [`freeShipping_${code}`, "on"],
            [`hidden_${code}`, undefined],
          ]),
        ),
        onInsufficientStock: "quote_anyway",
      }),
    );
    expect(saved.status, saved.body.slice(0, 400)).toBe(200);
    const threshold = 50_000n;
    const form = rateTestForms(cartVariants);
    await fc.assert(
      fc.asyncProperty(form, async (typed) => {
        const { lines, ...fields } = typed;
        const sent: [string, string][] = [
          ...Object.entries(fields),
          ...lines.flatMap((l): [string, string][] => [
            ["variantId", l.variantId],
            ["quantity", l.quantity],
          ]),
        ];
        const expected = expectedRateTest(typed, cartVariants);
        const answer = await postForm(app.url, "/app/rates.data", sent);
        expect([200, 400], answer.body.slice(0, 400)).toContain(answer.status);
        const data = singleFetchData(answer.body) as {
          values: { subtotal: string; lines: { variantId: string; quantity: string }[] };
          errors: Record<string, unknown>;
          result: { outcome: string; rates: { effects: { rule: string }[] }[] } | null;
        };
        // What the page shows again is what was typed (trimmed), whether quoted or refused.
        expect(data.values.subtotal).toBe(typed.subtotal.trim());
        expect(data.values.lines.map((l) => l.quantity)).toEqual(lines.map((l) => l.quantity.trim()));
        if (!expected.ok) {
          expect(answer.status, answer.body.slice(0, 400)).toBe(400);
          expect(Object.keys(data.errors).sort()).toEqual(expected.fields);
          seen.refused++;
          return;
        }
        expect(answer.status, answer.body.slice(0, 400)).toBe(200);
        seen.saved++;
        expect(data.errors).toEqual({});
        const quoted = data.result!;
        if (quoted.outcome === "rates" && quoted.rates.length > 0) {
          seen.priced++;
          const free = quoted.rates.every((r) => r.effects.some((e) => e.rule === "free_shipping"));
          expect(free, `subtotal ${JSON.stringify(typed.subtotal)}`).toBe(expected.subtotal >= threshold);
        }
      }),
      { numRuns: RUNS.tester, seed: SEED },
    );
    // Both sides of the property were exercised, not only refusals.
    expect(seen.saved).toBeGreaterThanOrEqual(RUNS.tester / 5);
    expect(seen.refused).toBeGreaterThanOrEqual(RUNS.tester / 5);
    expect(seen.priced).toBeGreaterThanOrEqual(RUNS.tester / 10);
  });

  it("Catálogo's, Pedidos' and Almacén's searches and filters in the URL: a normal page or a 400 naming the field, never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("catalog", "orders", "warehouse"),
        urlParam,
        urlParam,
        urlParam,
        locale,
        async (page, q, status, number, lang) => {
          const query = new URLSearchParams({ locale: lang });
          for (const [name, value] of [
            ["q", q],
            ["status", status],
            ["page", number],
          ] as const) {
            if (value !== undefined) query.set(name, value);
          }
          const html = await getPage(app.url, `/app/${page}?${query}`);
          expect([200, 400], html.body.slice(0, 400)).toContain(html.status);
          const data = await getPage(app.url, `/app/${page}.data?${query}`);
          expect(data.status).toBe(html.status);
          const invalid = (singleFetchData(data.body, `routes/app.${page}`) as { invalid: { field: string } | null })
            .invalid;
          if (html.status === 400) expect(["q", "status", "page"]).toContain(invalid?.field);
          else expect(invalid).toBeNull();
        },
      ),
      {
        numRuns: RUNS.queries,
        seed: SEED,
        examples: [
          ["catalog", "nul\u0000", "nul\u0000", "nul\u0000", "es"],
          ["orders", "nul\u0000", undefined, undefined, "en"],
          ["orders", undefined, "nul\u0000", "nul\u0000", "es"],
          ["warehouse", "nul\u0000", "nul\u0000", "nul\u0000", "en"],
        ],
      },
    );
  });

  it("every other form (Inicio, Catálogo, Pedidos, Almacén, readiness, Privacidad, login): random intents and values never make a 500", async () => {
    const statuses = new Map<string, Set<number>>();
    await fc.assert(
      fc.asyncProperty(otherForms(SHOP, work), async ({ form, path, fields }) => {
        const answer = await postForm(app.url, path, Object.entries(fields));
        expect(answer.status, `${path} ${answer.body.slice(0, 400)}`).toBeLessThan(500);
        expect([200, 302, 400, 404, 409]).toContain(answer.status);
        // A refusal is the route's own answer, never an error boundary's (a thrown error or an unknown route).
        if (path.includes(".data")) expect(answer.body).not.toMatch(/"(SanitizedError|ErrorResponse)"/);
        statuses.set(form, (statuses.get(form) ?? new Set()).add(answer.status));
      }),
      {
        numRuns: RUNS.actions,
        seed: SEED,
        // A NUL byte in each kind of value, whatever the seed: PostgreSQL refuses it in any text.
        examples: [
          [{ form: "home", path: "/app.data?index", fields: { intent: "job-retry", id: NUL } }],
          [{ form: "catalog", path: "/app/catalog.data", fields: { intent: "lookup", sku: NUL, id: "" } }],
          [{ form: "catalog", path: "/app/catalog.data", fields: { intent: "job-retry", sku: "", id: NUL } }],
          [
            {
              form: "orders",
              path: "/app/orders.data",
              fields: { intent: "confirm-exists", fulfillmentId: NIL_UUID, svcOrderId: NUL, id: "" },
            },
          ],
          [
            {
              form: "orders",
              path: "/app/orders.data",
              fields: { intent: "retry-many", fulfillmentId: NUL, svcOrderId: "", id: NUL },
            },
          ],
          [
            {
              form: "orders",
              path: "/app/orders.data",
              fields: { intent: "unreadable-send", fulfillmentId: "", svcOrderId: "", id: NUL },
            },
          ],
          [{ form: "warehouse", path: "/app/warehouse.data", fields: { intent: NUL } }],
          [{ form: "privacy", path: `/app/privacy/${encodeURIComponent(NUL)}`, fields: {} }],
          [{ form: "login", path: "/auth/login", fields: { shop: NUL } }],
        ],
      },
    );
    // Every form was reached and answered, not only missed (a wrong path would be 404 throughout).
    for (const form of ["home", "catalog", "orders", "warehouse", "readiness", "login"]) {
      expect(
        [...(statuses.get(form) ?? [])].some((status) => status !== 404),
        form,
      ).toBe(true);
    }
    expect([...(statuses.get("privacy") ?? [])]).not.toHaveLength(0);
  });
});
