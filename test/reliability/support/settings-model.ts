// What Configuración's forms must do with a submission, written from their documented rules (the
// fields' help texts and ranges): either the settings a save must store, or the fields a refusal
// must name. The property test compares the app's answer, the stored settings and the page the
// merchant then sees against it.
import { MEXICAN_STATES } from "~/address/states";
import { readTypedNumber, type ReferenceSpec } from "./form-reference";

export const MEXICAN_STATE_CODES = MEXICAN_STATES.map((state) => state.code);

export const SERVICES = ["NACIONAL", "EXPRESS", "PROGRAMADO"] as const;
export type Submitted = Map<string, string[]>;
export type Outcome<T> = { ok: true; saved: T } | { ok: false; fields: string[] };

const money = (min: number, max: number, optional = false): ReferenceSpec => ({
  scale: 2,
  min: BigInt(min),
  max: BigInt(max),
  optional,
});
const count = (min: number, max: number, optional = false): ReferenceSpec => ({
  scale: 0,
  min: BigInt(min),
  max: BigInt(max),
  optional,
});

/** The number fields of the rate rules and their documented ranges (pesos and percent to 2 decimals). */
export const RATE_NUMBERS = {
  markupPercent: money(-9_000, 100_000),
  markupFixed: money(0, 1_000_000),
  freeShippingMin: money(0, 100_000_000, true),
  handlingDays: count(0, 30),
  deadlineMs: count(250, 2_500),
  cacheTtlSeconds: count(0, 3_600),
  staleMaxAgeHours: count(0, 168),
};
export const FALLBACK_PRICE = money(100, 100_000_000, true);
export const FALLBACK_DAYS = count(0, 60, true);
export const OPERATION_NUMBERS = {
  holdBackMinutes: count(0, 1_440, true),
  importDays: count(0, 60, true),
  stockIntervalMinutes: count(5, 1_440),
};
export const CHOICES = {
  rounding: ["none", "up_to_peso", "up_to_99"],
  onInsufficientStock: ["no_rates", "quote_anyway"],
  onFailure: ["backup_rates", "fallback_rates"],
} as const;
export const BOXES = SERVICES.flatMap((code) => [`freeShipping_${code}`, `hidden_${code}`]);
/** What a checkbox may carry: ticked ("on" from a box, "true" from a hidden input) or not. */
export const TICKED = ["on", "true"];
export const UNTICKED = ["", "false"];
// Line breaks and other control characters (tab aside) are not part of a one-line field.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f]/g;
const LOCATION = /^gid:\/\/shopify\/Location\/\d+$/;

/** The rate rules as the test compares them (the stored settings' shape, amounts in subunits). */
export interface ComparableRates {
  markupBasisPoints: bigint;
  markupFixedCentavos: bigint;
  freeShippingMin: bigint | null;
  handlingDays: bigint;
  deadlineMs: bigint;
  cacheTtlSeconds: bigint;
  staleMaxAgeHours: bigint;
  rounding: string;
  onInsufficientStock: string;
  onFailure: string;
  freeShipping: string[];
  hidden: string[];
  names: Record<string, { name: string; description?: string }>;
  fallback: Record<string, { price: bigint; name: string; days: bigint | null }>;
}

/** A box's state, or undefined when its value is neither ticked nor unticked. */
function box(value: string | undefined): boolean | undefined {
  const text = (value ?? "").trim();
  if (TICKED.includes(text)) return true;
  if (UNTICKED.includes(text)) return false;
  return undefined;
}

/** The rate rules a submission must save, or the fields it must be refused for. */
export function expectedRates(form: Submitted, fallbackName: (code: string) => string): Outcome<ComparableRates> {
  const refused = new Set<string>();
  const one = (name: string) => form.get(name)?.[0] ?? "";
  const number = (name: string, spec: ReferenceSpec) => {
    const reading = readTypedNumber(one(name), spec);
    if (!reading.ok) refused.add(name);
    return reading.ok ? reading.value : undefined;
  };
  const text = (name: string, max: number) => {
    const value = one(name).trim().replace(CONTROLS, "").trim();
    if (value.length > max) refused.add(name);
    return value;
  };
  const choice = (name: keyof typeof CHOICES) => {
    const value = one(name).trim();
    if (!(CHOICES[name] as readonly string[]).includes(value)) refused.add(name);
    return value;
  };
  const ticked = (prefix: string) =>
    SERVICES.filter((code) => {
      const state = box(one(`${prefix}_${code}`));
      if (state === undefined) refused.add(`${prefix}_${code}`);
      return state === true;
    });

  const names: ComparableRates["names"] = {};
  const fallback: ComparableRates["fallback"] = {};
  for (const code of SERVICES) {
    const name = text(`name_${code}`, 80);
    const description = text(`description_${code}`, 200);
    if (name) names[code] = { name, ...(description ? { description } : {}) };
    else if (description) refused.add(`name_${code}`);
    const price = number(`fallbackPrice_${code}`, FALLBACK_PRICE);
    const label = text(`fallbackName_${code}`, 80);
    const days = number(`fallbackDays_${code}`, FALLBACK_DAYS);
    if (price === null) {
      // A backup rate is its price: a name or days without one are refused, not dropped.
      if (label || days !== null) refused.add(`fallbackPrice_${code}`);
      continue;
    }
    if (price !== undefined && days !== undefined) fallback[code] = { price, name: label || fallbackName(code), days };
  }
  const saved = {
    markupBasisPoints: number("markupPercent", RATE_NUMBERS.markupPercent),
    markupFixedCentavos: number("markupFixed", RATE_NUMBERS.markupFixed),
    freeShippingMin: number("freeShippingMin", RATE_NUMBERS.freeShippingMin),
    handlingDays: number("handlingDays", RATE_NUMBERS.handlingDays),
    deadlineMs: number("deadlineMs", RATE_NUMBERS.deadlineMs),
    cacheTtlSeconds: number("cacheTtlSeconds", RATE_NUMBERS.cacheTtlSeconds),
    staleMaxAgeHours: number("staleMaxAgeHours", RATE_NUMBERS.staleMaxAgeHours),
    rounding: choice("rounding"),
    onInsufficientStock: choice("onInsufficientStock"),
    onFailure: choice("onFailure"),
    freeShipping: ticked("freeShipping"),
    hidden: ticked("hidden"),
    names,
    fallback,
  };
  // A threshold with no service ticked to ship free applies to no order: refused at the amount.
  if (typeof saved.freeShippingMin === "bigint" && saved.freeShipping.length === 0) refused.add("freeShippingMin");
  if (refused.size) return { ok: false, fields: [...refused].sort() };
  return { ok: true, saved: saved as ComparableRates };
}

export interface ComparableOperations {
  defaultService: string;
  mode: string;
  skipTestOrders: boolean;
  notifyCustomer: boolean;
  stockEnabled: boolean;
  stockLocationId: string | null;
  locationIds: string[];
  holdBackMinutes: bigint;
  importDays: bigint;
  stockIntervalMinutes: bigint;
}

/** The orders-and-stock settings a submission must save, or the fields it must be refused for. */
export function expectedOperations(form: Submitted, shopLocations: readonly string[]): Outcome<ComparableOperations> {
  const refused = new Set<string>();
  const one = (name: string) => (form.get(name)?.[0] ?? "").trim();
  const flag = (name: string) => {
    const state = box(one(name));
    if (state === undefined) refused.add(name);
    return state === true;
  };
  const number = (name: keyof typeof OPERATION_NUMBERS) => {
    const reading = readTypedNumber(one(name), OPERATION_NUMBERS[name]);
    if (!reading.ok) refused.add(name);
    // An empty hold-back or import is 0 ("right away"), as their help texts say.
    return reading.ok ? (reading.value ?? 0n) : 0n;
  };
  const defaultService = one("defaultService");
  if (!(SERVICES as readonly string[]).includes(defaultService)) refused.add("defaultService");
  // The form always sends its mode; a request without one keeps the documented default.
  const mode = one("mode") || "merchant_managed";
  if (mode !== "merchant_managed" && mode !== "fulfillment_service") refused.add("mode");
  const stockEnabled = flag("stockEnabled");
  const stockLocationId = one("stockLocationId");
  if ((stockEnabled && !stockLocationId) || (stockLocationId && !LOCATION.test(stockLocationId))) {
    refused.add("stockLocationId");
  }
  const locationIds = (form.get("locationIds") ?? []).filter(Boolean);
  if (locationIds.some((id) => !LOCATION.test(id))) refused.add("locationIds");
  const saved: ComparableOperations = {
    defaultService,
    mode,
    skipTestOrders: flag("skipTestOrders"),
    notifyCustomer: flag("notifyCustomer"),
    stockEnabled,
    stockLocationId: stockLocationId || null,
    locationIds,
    holdBackMinutes: number("holdBackMinutes"),
    importDays: number("importDays"),
    stockIntervalMinutes: number("stockIntervalMinutes"),
  };
  if (!refused.size) {
    // Well-formed, yet only the shop's own locations can be chosen (the page lists no other).
    if (stockLocationId && !shopLocations.includes(stockLocationId)) refused.add("stockLocationId");
    if (locationIds.some((id) => !shopLocations.includes(id))) refused.add("locationIds");
  }
  if (refused.size) return { ok: false, fields: [...refused].sort() };
  return { ok: true, saved };
}

type ShownOf = (name: string) => string | null;

function readShown(text: string | null, spec: ReferenceSpec, name: string): bigint | null {
  const reading = readTypedNumber(text ?? "", spec);
  if (!reading.ok) throw new Error(`the page shows ${JSON.stringify(text)} in ${name}, which reads as no number`);
  return reading.value;
}

/** The rate rules as the page shows them, read by the same rules as what was typed. */
export function ratesOnPage(shown: ShownOf): ComparableRates {
  const num = (name: keyof typeof RATE_NUMBERS) => readShown(shown(name), RATE_NUMBERS[name], name);
  const names: ComparableRates["names"] = {};
  const fallback: ComparableRates["fallback"] = {};
  for (const code of SERVICES) {
    const name = shown(`name_${code}`) ?? "";
    const description = shown(`description_${code}`) ?? "";
    if (name) names[code] = { name, ...(description ? { description } : {}) };
    const price = readShown(shown(`fallbackPrice_${code}`), FALLBACK_PRICE, `fallbackPrice_${code}`);
    const days = readShown(shown(`fallbackDays_${code}`), FALLBACK_DAYS, `fallbackDays_${code}`);
    if (price !== null) fallback[code] = { price, name: shown(`fallbackName_${code}`) ?? "", days };
  }
  return {
    markupBasisPoints: num("markupPercent")!,
    markupFixedCentavos: num("markupFixed")!,
    freeShippingMin: num("freeShippingMin"),
    handlingDays: num("handlingDays")!,
    deadlineMs: num("deadlineMs")!,
    cacheTtlSeconds: num("cacheTtlSeconds")!,
    staleMaxAgeHours: num("staleMaxAgeHours")!,
    rounding: shown("rounding") ?? "",
    onInsufficientStock: shown("onInsufficientStock") ?? "",
    onFailure: shown("onFailure") ?? "",
    freeShipping: SERVICES.filter((code) => shown(`freeShipping_${code}`) !== null),
    hidden: SERVICES.filter((code) => shown(`hidden_${code}`) !== null),
    names,
    fallback,
  };
}

/** The stored rate rules (app/shop/shop-settings.server.ts's shape) in the compared form. */
export function storedRates(rates: {
  markupBasisPoints: number;
  markupFixedCentavos: number;
  freeShipping: { minSubtotalCentavos: number | null; services: string[] };
  hiddenServices: string[];
  names: Partial<Record<string, { name: string; description?: string }>>;
  handlingDays: number;
  deadlineMs: number;
  cacheTtlSeconds: number;
  staleMaxAgeHours: number;
  rounding: string;
  onInsufficientStock: string;
  onFailure: string;
  fallbackRates: { service: string; name: string; priceCentavos: number; maxDays?: number }[];
}): ComparableRates {
  const fallback: ComparableRates["fallback"] = {};
  for (const rate of rates.fallbackRates) {
    fallback[rate.service] = {
      price: BigInt(rate.priceCentavos),
      name: rate.name,
      days: rate.maxDays === undefined ? null : BigInt(rate.maxDays),
    };
  }
  const names: ComparableRates["names"] = {};
  for (const code of SERVICES) {
    const entry = rates.names[code];
    if (entry) names[code] = { name: entry.name, ...(entry.description ? { description: entry.description } : {}) };
  }
  const min = rates.freeShipping.minSubtotalCentavos;
  return {
    markupBasisPoints: BigInt(rates.markupBasisPoints),
    markupFixedCentavos: BigInt(rates.markupFixedCentavos),
    freeShippingMin: min === null ? null : BigInt(min),
    handlingDays: BigInt(rates.handlingDays),
    deadlineMs: BigInt(rates.deadlineMs),
    cacheTtlSeconds: BigInt(rates.cacheTtlSeconds),
    staleMaxAgeHours: BigInt(rates.staleMaxAgeHours),
    rounding: rates.rounding,
    onInsufficientStock: rates.onInsufficientStock,
    onFailure: rates.onFailure,
    freeShipping: SERVICES.filter((code) => rates.freeShipping.services.includes(code)),
    hidden: SERVICES.filter((code) => rates.hiddenServices.includes(code)),
    names,
    fallback,
  };
}

/** The orders-and-stock settings as the page shows them. */
export function operationsOnPage(shown: ShownOf, all: (name: string) => string[]): ComparableOperations {
  const num = (name: keyof typeof OPERATION_NUMBERS) => readShown(shown(name), OPERATION_NUMBERS[name], name) ?? 0n;
  return {
    defaultService: shown("defaultService") ?? "",
    mode: shown("mode") ?? "",
    skipTestOrders: shown("skipTestOrders") === "true",
    notifyCustomer: shown("notifyCustomer") === "true",
    stockEnabled: shown("stockEnabled") === "true",
    stockLocationId: shown("stockLocationId") || null,
    locationIds: all("locationIds"),
    holdBackMinutes: num("holdBackMinutes"),
    importDays: num("importDays"),
    stockIntervalMinutes: num("stockIntervalMinutes"),
  };
}

/** The stored fulfilment and stock settings in the compared form. */
export function storedOperations(
  fulfillment: {
    defaultService: string;
    mode: string;
    skipTestOrders: boolean;
    notifyCustomer: boolean;
    locationIds: string[];
    holdBackMinutes: number;
    importDays: number;
  },
  stock: { enabled: boolean; locationId: string | null; intervalMinutes: number },
): ComparableOperations {
  return {
    defaultService: fulfillment.defaultService,
    mode: fulfillment.mode,
    skipTestOrders: fulfillment.skipTestOrders,
    notifyCustomer: fulfillment.notifyCustomer,
    stockEnabled: stock.enabled,
    stockLocationId: stock.locationId,
    locationIds: fulfillment.locationIds,
    holdBackMinutes: BigInt(fulfillment.holdBackMinutes),
    importDays: BigInt(fulfillment.importDays),
    stockIntervalMinutes: BigInt(stock.intervalMinutes),
  };
}

/** The rate tester's numbers: a subtotal in pesos and whole quantities, both required. */
export const TESTER_NUMBERS = { subtotal: money(0, 1_000_000_000), quantity: count(1, 999) };

/** What Tarifas' tester must do with a form: quote it (with the subtotal it reads) or refuse these fields. */
export function expectedRateTest(
  typed: Record<"postalCode" | "province" | "city" | "address1" | "address2" | "subtotal", string> & {
    lines: { variantId: string; quantity: string }[];
  },
  catalogue: readonly string[],
): { ok: true; subtotal: bigint } | { ok: false; fields: string[] } {
  const refused = new Set<string>();
  const text = (value: string) => value.trim().slice(0, 1_000);
  if (!/^\d{5}$/.test(text(typed.postalCode))) refused.add("postalCode");
  if (!MEXICAN_STATE_CODES.includes(text(typed.province))) refused.add("province");
  const city = text(typed.city);
  if (!city || city.length > 200) refused.add("city");
  if (text(typed.address1).length > 200) refused.add("address1");
  if (text(typed.address2).length > 200) refused.add("address2");
  const subtotal = readTypedNumber(text(typed.subtotal), TESTER_NUMBERS.subtotal);
  if (!subtotal.ok) refused.add("subtotal");
  typed.lines.slice(0, 10).forEach((line, i) => {
    if (!catalogue.includes(text(line.variantId))) refused.add(`variant_${i}`);
    if (!readTypedNumber(text(line.quantity), TESTER_NUMBERS.quantity).ok) refused.add(`quantity_${i}`);
  });
  if (typed.lines.length === 0) refused.add("cart");
  if (refused.size || !subtotal.ok) return { ok: false, fields: [...refused].sort() };
  return { ok: true, subtotal: subtotal.value! };
}
