// The rate tester's form ⇄ the rate request checkout would send. Pure: the route resolves the
// chosen variants against the shop's catalogue and hands them in. Errors are message keys (under
// `rates.errors` in the catalogues) keyed by field, so the page words them in the merchant's language.
import { MEXICAN_STATES } from "~/address/states";
import { parseNumberInput, type NumberFieldSpec } from "~/forms/number-input";
import { parseRateRequest, type RateRequest } from "~/rates";
import { MAX_LINES, TESTER_FIELDS, type RateTestError, type RateTestValues } from "./rate-test-values";

export { EMPTY_VALUES, MAX_LINES, type RateTestError, type RateTestValues } from "./rate-test-values";

const MAX_TEXT = 200;

/** What the form needs to know about a catalogue variant. */
export interface CartVariant {
  variantId: string;
  productId: string;
  sku: string;
  title: string;
}

export type ParsedRateTest =
  | { ok: true; values: RateTestValues; rate: RateRequest }
  | { ok: false; values: RateTestValues; errors: Record<string, RateTestError> };

/** The submitted values, trimmed, lines as sent (`variantId` / `quantity` repeated in order). */
export function readRateTestForm(form: FormData): RateTestValues {
  const asText = (value: FormDataEntryValue | null | undefined) =>
    (typeof value === "string" ? value : "").trim().slice(0, 1_000);
  const text = (name: string) => asText(form.get(name));
  const variants = form.getAll("variantId").map(asText);
  const quantities = form.getAll("quantity").map(asText);
  const lines = variants.slice(0, MAX_LINES).map((variantId, i) => ({ variantId, quantity: quantities[i] ?? "" }));
  return {
    postalCode: text("postalCode"),
    province: text("province"),
    city: text("city"),
    address1: text("address1"),
    address2: text("address2"),
    subtotal: text("subtotal"),
    lines,
  };
}

/**
 * Validates the values and builds the rate request checkout would send for them: the destination
 * in Mexico, the lines by SKU, the subtotal in centavos, in pesos. `variants` are the shop's
 * catalogue variants by id (only those may be chosen).
 */
export function toRateTest(values: RateTestValues, variants: ReadonlyMap<string, CartVariant>): ParsedRateTest {
  const errors: Record<string, RateTestError> = {};
  const number = (field: string, text: string, spec: NumberFieldSpec): number | undefined => {
    const result = parseNumberInput(text, spec);
    if (result.ok && result.value !== null) return result.value;
    errors[field] = { number: result.ok ? "required" : result.error.code };
    return undefined;
  };
  if (!/^\d{5}$/.test(values.postalCode)) errors.postalCode = "postalCode";
  if (!MEXICAN_STATES.some((state) => state.code === values.province)) errors.province = "province";
  if (!values.city) errors.city = "city";
  else if (values.city.length > MAX_TEXT) errors.city = "tooLong";
  if (values.address1.length > MAX_TEXT) errors.address1 = "tooLong";
  if (values.address2.length > MAX_TEXT) errors.address2 = "tooLong";

  const subtotalCentavos = number("subtotal", values.subtotal, TESTER_FIELDS.subtotal);

  const items: RateRequest["items"] = [];
  values.lines.forEach((line, i) => {
    const variant = variants.get(line.variantId);
    if (!variant) errors[`variant_${i}`] = "product";
    const quantity = number(`quantity_${i}`, line.quantity, TESTER_FIELDS.quantity);
    if (variant && quantity !== undefined) {
      items.push({
        name: variant.title,
        sku: variant.sku,
        quantity,
        requires_shipping: true,
        variant_id: variant.variantId,
        product_id: variant.productId,
      });
    }
  });
  if (values.lines.length === 0) errors.cart = "cart";
  if (Object.keys(errors).length) return { ok: false, values, errors };

  // Through the callback's own schema, so the tester quotes exactly what the callback would parse.
  const parsed = parseRateRequest({
    rate: {
      origin: null,
      destination: {
        country: "MX",
        postal_code: values.postalCode,
        province: values.province,
        city: values.city,
        address1: values.address1 || null,
        address2: values.address2 || null,
        address3: null,
        name: null,
        phone: null,
        email: null,
        company_name: null,
      },
      items,
      currency: "MXN",
      locale: "es-MX",
      order_totals: { subtotal_price: subtotalCentavos, total_price: subtotalCentavos, discount_amount: 0 },
    },
  });
  if (!parsed.ok) throw new Error(`the rate tester built an invalid rate request: ${parsed.message}`);
  return { ok: true, values, rate: parsed.rate };
}
