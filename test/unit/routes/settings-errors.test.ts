// Configuración's server-side errors come back in the language the page was in, each naming the
// range or an example of what the field accepts.
import { describe, expect, it } from "vitest";
import { en } from "~/i18n/messages.en";
import { parseOperationsForm } from "~/orchestration/settings-forms/operations-form";
import { parseRatesForm, ratesFormValues } from "~/orchestration/settings-forms/rates-form";
import { rules } from "../rates/support";

describe("Configuración's errors", () => {
  it("words the rate rules' errors in English for an English page, and in Spanish by default", () => {
    const values = { ...ratesFormValues(rules()), handlingDays: "two", markupFixed: "1.234", deadlineMs: "9000" };
    const english = parseRatesForm(values, en);
    expect(!english.ok && english.errors).toEqual({
      handlingDays: "Enter digits only, e.g. 30.",
      markupFixed: "Enter up to two decimals, e.g. 1,250.50.",
      deadlineMs: "Enter a value between 250 ms and 2,500 ms.",
    });
    const spanish = parseRatesForm({ ...ratesFormValues(rules()), deadlineMs: "9000" });
    expect(!spanish.ok && spanish.errors).toEqual({ deadlineMs: "Escribe un valor entre 250 ms y 2,500 ms." });
  });

  it("refuses a decimal comma in either language with an example of what is accepted", () => {
    const spanish = parseRatesForm({ ...ratesFormValues(rules()), markupFixed: "20,50", markupPercent: "10,5" });
    expect(!spanish.ok && spanish.errors).toEqual({
      markupFixed:
        "No se puede leer «20,50» sin adivinar: usa punto para los decimales y coma para los miles, p. ej. 1,250.50.",
      markupPercent:
        "No se puede leer «10,5» sin adivinar: usa punto para los decimales y coma para los miles, p. ej. 10.50.",
    });
    const english = parseRatesForm({ ...ratesFormValues(rules()), freeShippingMin: "20,50" }, en);
    expect(!english.ok && english.errors.freeShippingMin).toBe(
      "“20,50” can't be read without guessing: use a point for decimals and a comma for thousands, e.g. 1,250.50.",
    );
  });

  it("words the orders-and-stock errors in English, with each range", () => {
    const form = new FormData();
    form.set("defaultService", "AVION");
    form.set("stockEnabled", "true");
    form.set("stockIntervalMinutes", "2");
    form.set("holdBackMinutes", "10,5");
    form.set("importDays", "0");
    const parsed = parseOperationsForm(form, en);
    expect(!parsed.ok && parsed.errors).toEqual({
      defaultService: "Choose one of: Nacional, Express, Programado.",
      stockLocationId: "Choose the location whose inventory reflects the warehouse.",
      stockIntervalMinutes: "Enter a value between 5 minutes and 1,440 minutes.",
      holdBackMinutes:
        "“10,5” can't be read without guessing: use a point for decimals and a comma for thousands, e.g. 30.",
    });
  });

  it("names the services as the page shows them, never by their codes", () => {
    const form = new FormData();
    form.set("defaultService", "AVION");
    const parsed = parseOperationsForm(form);
    expect(!parsed.ok && parsed.errors.defaultService).toBe("Elige uno de: Nacional, Express, Programado.");
    expect(!parsed.ok && parsed.errors.defaultService).not.toMatch(/NACIONAL|EXPRESS|PROGRAMADO/);
  });
});
