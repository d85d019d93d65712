// What a merchant types into Configuración's account and rate rules and into Tarifas' tester, in
// Chromium through the admin stand-in, in Spanish and in English: a number that could only be read
// by guessing ("20,50", "10,5") is refused next to its field with an example, never read as 2050
// or 105; a number out of range is refused with its range, never an Application Error; every error
// of the form shows at once, what was typed is kept, and nothing is saved — the stored rules and
// checkout's rates stay as they were. A valid number is saved exactly and shown back formatted.
// The orders-and-stock form is in merchant-input-operations.test.ts.
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_SECRET, poll, screenshot, SHOP, startEmbeddedAdmin, type EmbeddedAdmin } from "./support/embedded-admin";
import { fieldDescription, serverErrors, submitted } from "./support/form-fields";
import { INPUT_IN_BOTH_LANGUAGES, type InputTexts } from "./support/input-texts";

const shot = (page: Page, name: string) => screenshot(page, `input-${name}`);

let admin: EmbeddedAdmin;
beforeAll(async () => {
  admin = await startEmbeddedAdmin("e2e-input");
}, 180_000);
afterAll(async () => {
  await admin?.close();
});

const shopRow = () => admin.db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
const saveBar = (page: Page) => page.locator("#sim-save-bar");

/** Checkout's rates for one unit of a registered variant, as Shopify asks the app's carrier service: centavos per service. */
async function checkoutRates(): Promise<Record<string, number>> {
  const [carrier] = admin.store.inspect(SHOP).carrierServices;
  const variant = await admin.db.catalogVariant.findFirstOrThrow({
    where: { shop: SHOP, status: "synced" },
    orderBy: { variantId: "asc" },
  });
  const rate = admin.store.buildRateRequest(SHOP, { items: [{ variantId: variant.variantId, quantity: 1 }] });
  const response = await admin.store.sendRateRequest({
    url: carrier!.callbackUrl,
    secret: API_SECRET,
    domain: SHOP,
    rate,
  });
  expect(response.status).toBe(200);
  const { rates } = (await response.json()) as { rates: { service_code: string; total_price: string }[] };
  expect(rates.length).toBeGreaterThan(0);
  return Object.fromEntries(rates.map((r) => [r.service_code, Number(r.total_price)]));
}

/** The rate rules' fields a test types into, found as the merchant finds them (by label). */
function rulesFields(page: Page, t: InputTexts) {
  return {
    percent: page.getByLabel(t.markupPercent, { exact: true }),
    fixed: page.getByLabel(t.markupFixed, { exact: true }),
    freeMin: page.getByLabel(t.freeShippingMin, { exact: true }),
    priceNacional: page.getByLabel(t.fallbackPriceNacional, { exact: true }),
    priceExpress: page.getByLabel(t.fallbackPriceExpress, { exact: true }),
    // The three backup rates' names share the label "Nombre"/"Name"; Express's is the second.
    nameExpress: page.locator('input[name="fallbackName_EXPRESS"]'),
  } satisfies Record<string, Locator>;
}
type RulesField = keyof ReturnType<typeof rulesFields>;

for (const [locale, t] of INPUT_IN_BOTH_LANGUAGES) {
  describe(`[${locale}] Configuración`, () => {
    it("connects with the API key typed in full-width characters", { timeout: 60_000 }, async () => {
      // Each language starts from a shop without a key; the sandbox knows only "sandbox-key".
      await admin.db.shop.update({ where: { domain: SHOP }, data: { svcApiKeyCiphertext: null } });
      const page = await admin.open("/app/settings", locale);
      await poll(() => page.getByText(t.notConnected, { exact: true }).isVisible()).toBe(true);
      // "sandbox-key" as a full-width keyboard types it.
      await page.getByLabel(t.apiKey).fill("ｓａｎｄｂｏｘ－ｋｅｙ");
      const status = await submitted(page, "/app/settings", () =>
        page.getByRole("button", { name: t.connect, exact: true }).click(),
      );
      expect(status).toBe(200);
      await poll(() => page.getByText(t.connectedQa, { exact: true }).isVisible()).toBe(true);
      expect((await shopRow()).svcApiKeyCiphertext).not.toBeNull();
      expect(page.problems).toEqual([]);
      await page.close();
    });

    it(
      "refuses ambiguous commas, out-of-range markups and a backup name without price, all at once, keeping what was typed and saving nothing",
      { timeout: 150_000 },
      async () => {
        // Connecting started the catalogue sync; checkout can quote once a variant is registered.
        await poll(
          () => admin.db.catalogVariant.count({ where: { shop: SHOP, status: "synced" } }),
          90_000,
        ).toBeGreaterThan(0);
        const checkoutBefore = await checkoutRates();
        const { settings, settingsVersion } = await shopRow();
        const page = await admin.open("/app/settings", locale);
        const failures = serverErrors(page);
        const fields = rulesFields(page, t);
        for (const field of [fields.percent, fields.fixed]) {
          expect(await field.getAttribute("type")).toBe("text");
          expect(await field.getAttribute("inputmode")).toBe("decimal");
        }
        // The range is stated next to each field before anything is typed.
        expect(await fieldDescription(fields.percent)).toContain(t.percentRange);
        expect(await fieldDescription(fields.fixed)).toContain(t.fixedRange);
        expect(await saveBar(page).count()).toBe(0);

        // Each round changes some fields and submits the whole form from the admin's save bar;
        // the fields of earlier rounds keep what was typed, and their errors.
        const typed: Partial<Record<RulesField, string>> = {};
        const expected: Partial<Record<RulesField, string>> = {};
        const rounds: { type: Partial<Record<RulesField, string>>; errors: Partial<Record<RulesField, string>> }[] = [
          {
            type: {
              percent: "20,50",
              fixed: "20,50",
              freeMin: "10,5",
              priceNacional: "20,50",
              nameExpress: "Envío fijo",
            },
            errors: {
              percent: t.ambiguous("20,50", "10.50"),
              fixed: t.ambiguous("20,50", "1,250.50"),
              freeMin: t.ambiguous("10,5", "1,250.50"),
              priceNacional: t.ambiguous("20,50", "1,250.50"),
              // A name without a price is said, not silently dropped.
              priceExpress: t.fallbackPriceMissing,
            },
          },
          {
            // Not "Application Error"; and a fixed markup may not make a rate negative or free.
            type: { percent: "99999999999999999999999", fixed: "-1000" },
            errors: { percent: t.percentOutOfRange, fixed: t.fixedOutOfRange },
          },
          // Read by the one documented rule (README): a comma that is not a thousands separator is
          // refused with an example — never 105 %.
          { type: { percent: "10,5" }, errors: { percent: t.ambiguous("10,5", "10.50") } },
          // −100 % would make every rate free without "free" being chosen.
          { type: { percent: "-100" }, errors: { percent: t.percentOutOfRange } },
        ];
        for (const round of rounds) {
          for (const [name, text] of Object.entries(round.type) as [RulesField, string][]) {
            await fields[name].fill(text);
            typed[name] = text;
          }
          Object.assign(expected, round.errors);
          // Unsaved changes: the admin's save bar appears; its Save submits the form.
          await poll(() => saveBar(page).isVisible()).toBe(true);
          const status = await submitted(page, "/app/settings", () =>
            saveBar(page).getByRole("button", { name: t.saveBarSave, exact: true }).click(),
          );
          expect(status).toBe(400);
          await poll(() => page.getByText(t.notSaved(5), { exact: true }).isVisible()).toBe(true);
          for (const [name, error] of Object.entries(expected) as [RulesField, string][]) {
            await poll(() => fieldDescription(fields[name])).toContain(error);
            expect(await fields[name].getAttribute("aria-invalid")).toBe("true");
          }
          // "20,50" and "10,5" are ambiguous, not out of range.
          if (round.errors.percent !== t.percentOutOfRange) {
            expect(await fieldDescription(fields.percent)).not.toContain(t.percentOutOfRange);
          }
          for (const [name, text] of Object.entries(typed) as [RulesField, string][]) {
            expect(await fields[name].inputValue()).toBe(text);
          }
          expect(await page.getByText("Application Error").count()).toBe(0);
          const after = await shopRow();
          expect(after.settingsVersion).toBe(settingsVersion);
          expect(after.settings).toEqual(settings);
        }
        await shot(page, `configuracion-errores-${locale}`);
        // Checkout quotes exactly as before: nothing of what was refused reached the rates.
        expect(await checkoutRates()).toEqual(checkoutBefore);
        expect(failures).toEqual([]);
        expect(page.problems).toEqual([]);
        await page.close();
      },
    );

    // Typed without grouping in English, as "2250.5": shown back as the page writes money.
    const [fixedTyped, fixedShown, fixedCentavos] =
      locale === "es" ? ["1,250.50", "1,250.50", 125_050] : ["2250.5", "2,250.50", 225_050];
    it(`saves a fixed markup of ${fixedTyped} exactly, shows it back as ${fixedShown} and checkout adds exactly it`, async () => {
      const before = await shopRow();
      // Nothing saved yet: the stored rules are empty and the markup is its default, 0.
      const storedFixed =
        (before.settings as { rates?: { markupFixedCentavos: number } }).rates?.markupFixedCentavos ?? 0;
      const checkoutBefore = await checkoutRates();
      const page = await admin.open("/app/settings", locale);
      const failures = serverErrors(page);
      const { fixed } = rulesFields(page, t);
      await fixed.fill(fixedTyped);
      await poll(() => saveBar(page).isVisible()).toBe(true);
      const status = await submitted(page, "/app/settings", () =>
        saveBar(page).getByRole("button", { name: t.saveBarSave, exact: true }).click(),
      );
      expect(status).toBe(200);
      await poll(() => page.getByText(t.rulesSaved, { exact: true }).isVisible()).toBe(true);
      const after = await shopRow();
      expect(after.settingsVersion).toBe(before.settingsVersion + 1);
      expect((after.settings as { rates: { markupFixedCentavos: number } }).rates.markupFixedCentavos).toBe(
        fixedCentavos,
      );
      expect(await fixed.inputValue()).toBe(fixedShown);
      await poll(() => saveBar(page).count()).toBe(0);
      // Every checkout rate grows by exactly the change in the fixed markup (no percentage, no rounding).
      const delta = fixedCentavos - storedFixed;
      const expected = Object.fromEntries(Object.entries(checkoutBefore).map(([code, price]) => [code, price + delta]));
      await poll(() => checkoutRates()).toEqual(expected);
      expect(failures).toEqual([]);
      expect(page.problems).toEqual([]);
      await page.close();
    });
  });
}

describe("Tarifas' tester", () => {
  for (const [locale, t] of INPUT_IN_BOTH_LANGUAGES) {
    it(
      `[${locale}] refuses a subtotal of 20,50 and a quantity of 10,5 instead of quoting $2,050 and 105 units`,
      { timeout: 120_000 },
      async () => {
        // Connecting started the catalogue sync; the tester offers the variants it registered.
        await poll(
          () => admin.db.catalogVariant.count({ where: { shop: SHOP, status: "synced" } }),
          90_000,
        ).toBeGreaterThan(0);
        const page = await admin.open("/app/rates", locale);
        const failures = serverErrors(page);
        const subtotal = page.getByLabel(t.testerSubtotal);
        const quantity = page.getByLabel(t.testerQuantity);
        expect(await quantity.getAttribute("type")).toBe("text");
        await subtotal.fill("20,50");
        await quantity.fill("10,5");
        await page.getByRole("button", { name: t.testerQuote, exact: true }).click();
        await poll(() => fieldDescription(subtotal)).toContain(t.ambiguous("20,50", "1,250.50"));
        await poll(() => fieldDescription(quantity)).toContain(t.ambiguous("10,5", "30"));
        expect(await subtotal.inputValue()).toBe("20,50");
        expect(await quantity.inputValue()).toBe("10,5");
        await shot(page, `tarifas-errores-${locale}`);
        expect(failures).toEqual([]);
        expect(page.problems).toEqual([]);
        await page.close();
      },
    );
  }
});
