// Every number and text field of Configuración and Tarifas' tester, over HTTP against the built
// server, fed fast-check's random strings and numbers (decimal commas, full-width digits, huge and
// negative numbers, signs, spaces): never a 500, and whenever a form is saved, what the page then
// shows for each field is exactly the number the merchant typed (a refused form saves nothing).
import fc from "fast-check";
import { RequestType, setUpValidRequest } from "@shopify/shopify-api/test-helpers";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getShopSettings } from "~/shop/shop-settings.server";
import { ratesFormValues } from "~/routes/app.settings/rates-form";
import { operationsFormValues } from "~/routes/app.settings/operations-form";
import { startServiceSandbox, type ServiceSandbox } from "../../sandbox/service/server";
import { createSimulatedStore, type ListeningStore } from "../../sandbox/store";
import type { AppProcess } from "../helpers/app-process";
import { MERCHANT_BROWSER } from "../helpers/browser";
import { createTestDatabase } from "../helpers/test-database";
import { installConnectedShop, startBuiltApp } from "./support/running-app";

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const SHOP = "tienda-demo.myshopify.com";
const RATE_NUMBERS = [
  "markupPercent",
  "markupFixed",
  "freeShippingMin",
  "handlingDays",
  "deadlineMs",
  "cacheTtlSeconds",
];
const FALLBACK = ["fallbackPrice_NACIONAL", "fallbackDays_NACIONAL", "fallbackName_NACIONAL", "name_EXPRESS"];
const OPERATION_NUMBERS = ["holdBackMinutes", "importDays", "stockIntervalMinutes"];

let app: AppProcess;
let sandbox: ServiceSandbox;
let storeServer: ListeningStore;
let db: PrismaClient;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase("form_input");
  dropDatabase = database.drop;
  db = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
  sandbox = await startServiceSandbox({ port: 0 });
  const store = createSimulatedStore();
  store.addShop({ domain: SHOP });
  storeServer = await store.listen(0);
  await installConnectedShop({ db, store, shop: SHOP, serviceUrl: sandbox.url, apiKey: "sandbox-key" });
  app = await startBuiltApp(database.url, {
    SVC_QA_BASE_URL: sandbox.url,
    SVC_BASE_URL: sandbox.url,
    SIMULATED_STORE_URL: storeServer.url,
  });
});

afterAll(async () => {
  await app?.stop();
  await sandbox?.close();
  await storeServer?.close();
  await db?.$disconnect();
  await dropDatabase?.();
});

/** What a merchant (or a paste) can put in a field. */
const typed = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.stringMatching(/^[-−]?[$]?[0-9０-９]{0,8}([.,．，][0-9]{0,4}){0,3}( ?(%|MXN))?$/),
  fc.constantFrom("20,50", "10,5", "1,250.50", "-100", "-1000", "９９", "1e3", "0x10", " 7 ", "", "Infinity"),
);

// The exact number a text means when it can only mean one ("1,250.50" → "1250.5"), else null.
function unambiguous(text: string): string | null {
  const clean = text
    .normalize("NFKC")
    .replace(/−/g, "-")
    .trim()
    .replace(/^(-?)\s*\$\s*/, "$1")
    .replace(/\s*(MXN|%)$/i, "")
    .trim();
  if (!/^-?(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/.test(clean)) return null;
  const [whole = "", fraction = ""] = clean.replaceAll(",", "").replace(/^-/, "").split(".");
  const digits = `${whole.replace(/^0+(?=\d)/, "")}${fraction.replace(/0+$/, "") ? `.${fraction.replace(/0+$/, "")}` : ""}`;
  return digits === "0" ? "0" : `${clean.startsWith("-") ? "-" : ""}${digits}`;
}

async function post(path: string, fields: [string, string][]): Promise<{ status: number; body: string }> {
  const body = new URLSearchParams(fields);
  const request = await setUpValidRequest(
    { type: RequestType.Bearer, store: "tienda-demo", apiKey: "e2e-api-key", apiSecretKey: "e2e-api-secret" },
    new Request(new URL(path, app.url), {
      method: "POST",
      body,
      // As a merchant's browser sends it (the Shopify library answers bots 410).
      headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": MERCHANT_BROWSER },
    }),
  );
  const response = await fetch(request);
  return { status: response.status, body: await response.text() };
}

describe("every form field under random input, over HTTP", () => {
  it("Configuración's rate rules: never a 500; a save shows exactly the numbers typed", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...RATE_NUMBERS, ...FALLBACK), typed, { minKeys: 1, maxKeys: 5 }),
        fc.constantFrom("es", "en"),
        async (changes, locale) => {
          const before = await getShopSettings({ db, shop: SHOP });
          const sent = { ...ratesFormValues(before.settings.rates), ...changes };
          const answer = await post("/app/settings", [
            ["intent", "rates"],
            ["locale", locale],
            ...Object.entries(sent),
          ]);
          expect([200, 400], answer.body.slice(0, 300)).toContain(answer.status);
          const after = await getShopSettings({ db, shop: SHOP });
          if (answer.status === 400) {
            expect(after.version).toBe(before.version);
            return;
          }
          const shown = ratesFormValues(after.settings.rates);
          for (const [field, text] of Object.entries(changes)) {
            const meant = unambiguous(text);
            if (field.startsWith("fallback") || field.startsWith("name_")) continue;
            expect(meant, `${field}: ${JSON.stringify(text)} was saved`).not.toBeNull();
            expect(unambiguous(shown[field]!), `${field}: typed ${JSON.stringify(text)}`).toBe(meant);
          }
          const fallbackPrice = changes.fallbackPrice_NACIONAL;
          if (fallbackPrice !== undefined && unambiguous(fallbackPrice) !== null)
            expect(unambiguous(shown.fallbackPrice_NACIONAL!)).toBe(unambiguous(fallbackPrice));
        },
      ),
      { numRuns: 250, seed: SEED },
    );
  });

  it("Configuración's orders and stock: never a 500; a save shows exactly the numbers typed", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...OPERATION_NUMBERS), typed, { minKeys: 1, maxKeys: 3 }),
        async (changes) => {
          const before = await getShopSettings({ db, shop: SHOP });
          const current = operationsFormValues(before.settings.fulfillment, before.settings.stock);
          const fields = {
            intent: "operations",
            mode: current.mode,
            defaultService: current.defaultService,
            stockEnabled: "false",
            stockLocationId: "",
            holdBackMinutes: current.holdBackMinutes,
            importDays: current.importDays,
            stockIntervalMinutes: current.stockIntervalMinutes,
            ...changes,
          };
          const answer = await post("/app/settings", Object.entries(fields));
          expect([200, 400], answer.body.slice(0, 300)).toContain(answer.status);
          const after = await getShopSettings({ db, shop: SHOP });
          if (answer.status === 400) {
            expect(after.version).toBe(before.version);
            return;
          }
          const shown = operationsFormValues(after.settings.fulfillment, after.settings.stock);
          for (const [field, text] of Object.entries(changes)) {
            // An empty hold-back or import is 0, as their help text says.
            const meant = text.trim() === "" && field !== "stockIntervalMinutes" ? "0" : unambiguous(text);
            expect(meant, `${field}: ${JSON.stringify(text)} was saved`).not.toBeNull();
            expect(unambiguous(shown[field as keyof typeof shown] as string)).toBe(meant);
          }
        },
      ),
      { numRuns: 150, seed: SEED },
    );
  });

  it("Tarifas' tester and the API key: never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(typed, typed, typed, async (subtotal, quantity, apiKey) => {
        const tester = await post("/app/rates", [
          ["postalCode", "06500"],
          ["province", "DF"],
          ["city", "Ciudad de México"],
          ["subtotal", subtotal],
          ["variantId", "gid://shopify/ProductVariant/1"],
          ["quantity", quantity],
        ]);
        expect([200, 400], tester.body.slice(0, 300)).toContain(tester.status);
        const connect = await post("/app/settings", [
          ["intent", "connect"],
          ["environment", "qa"],
          ["apiKey", apiKey],
        ]);
        expect([200, 400], connect.body.slice(0, 300)).toContain(connect.status);
      }),
      { numRuns: 60, seed: SEED },
    );
  });
});
