/**
 * The body Shopify POSTs to a carrier-service callback (`{ "rate": { ... } }`), validated so that a
 * malformed body is a 400 naming the field instead of a crash later. Unknown fields are kept and
 * nulls are accepted wherever Shopify sends them.
 */
import { z } from "zod";

const text = z.string().nullish();

/** Integer subunits (centavos), as a JSON number or as digit text. */
const subunits = z.union([
  z.int().min(0).max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .regex(/^\d{1,15}$/, "expected integer subunits")
    .transform(Number),
]);

const addressSchema = z.looseObject({
  country: text,
  postal_code: text,
  province: text,
  city: text,
  name: text,
  address1: text,
  address2: text,
  address3: text,
  phone: text,
  fax: text,
  email: text,
  address_type: text,
  company_name: text,
});

const itemSchema = z.looseObject({
  name: text,
  sku: text,
  quantity: z.int().min(0).max(1_000_000),
  grams: z.number().nullish(),
  price: subunits.nullish(),
  requires_shipping: z.boolean().nullish(),
  product_id: z.union([z.number(), z.string()]).nullish(),
  variant_id: z.union([z.number(), z.string()]).nullish(),
});

/**
 * The most lines a cart may have here; a bigger body is refused as malformed rather than worked through.
 * @internal
 */
export const MAX_RATE_ITEMS = 500;

const rateRequestSchema = z.object({
  rate: z.looseObject({
    origin: addressSchema.nullish(),
    destination: addressSchema,
    items: z.array(itemSchema).max(MAX_RATE_ITEMS),
    currency: text,
    locale: text,
    order_totals: z
      .looseObject({
        subtotal_price: subunits.nullish(),
        total_price: subunits.nullish(),
        discount_amount: subunits.nullish(),
      })
      .nullish(),
    customer: z.unknown().optional(),
  }),
});

export type RateRequest = z.output<typeof rateRequestSchema>["rate"];
export type RateAddress = RateRequest["destination"];
export type RateItem = RateRequest["items"][number];

export type ParsedRateRequest = { ok: true; rate: RateRequest } | { ok: false; field: string; message: string };

/** Validates a parsed JSON body; on failure names the first offending field, e.g. `rate.items[0].quantity`. */
export function parseRateRequest(json: unknown): ParsedRateRequest {
  const result = rateRequestSchema.safeParse(json);
  if (result.success) return { ok: true, rate: result.data.rate };
  const issue = result.error.issues[0];
  const field = formatPath(issue?.path ?? []);
  return { ok: false, field, message: `${field || "body"}: ${issue?.message ?? "invalid"}` };
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) => (typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)),
    "",
  );
}
