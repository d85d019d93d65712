// Configuración's server-side errors come back in the language the page was in.
import { describe, expect, it } from "vitest";
import { en } from "~/i18n/messages.en";
import { parseOperationsForm } from "~/routes/app.settings/operations-form";
import { parseRatesForm, ratesFormValues } from "~/routes/app.settings/rates-form";
import { rules } from "../rates/support";

describe("Configuración's errors", () => {
  it("words the rate rules' errors in English for an English page, and in Spanish by default", () => {
    const values = { ...ratesFormValues(rules()), handlingDays: "two", markupFixed: "1.234", deadlineMs: "9000" };
    const english = parseRatesForm(values, en.settings.errors);
    expect(!english.ok && english.errors).toEqual({
      handlingDays: "Enter a whole number.",
      markupFixed: "Enter an amount with up to two decimals, e.g. 12.50 or -5.",
    });
    const spanish = parseRatesForm({ ...ratesFormValues(rules()), deadlineMs: "9000" });
    expect(!spanish.ok && spanish.errors).toEqual({ deadlineMs: "Valor fuera del rango permitido." });
    const englishRange = parseRatesForm({ ...ratesFormValues(rules()), deadlineMs: "9000" }, en.settings.errors);
    expect(!englishRange.ok && englishRange.errors).toEqual({ deadlineMs: "Value outside the allowed range." });
  });

  it("words the orders-and-stock errors in English", () => {
    const form = new FormData();
    form.set("defaultService", "AVION");
    form.set("stockEnabled", "true");
    form.set("stockIntervalMinutes", "2");
    const parsed = parseOperationsForm(form, en.settings.errors);
    expect(!parsed.ok && parsed.errors).toEqual({
      defaultService: "Choose one of: NACIONAL, EXPRESS, PROGRAMADO.",
      stockLocationId: "Choose the location whose inventory reflects the warehouse.",
      stockIntervalMinutes: "Enter a number of minutes between 5 and 1440.",
    });
  });
});
