/**
 * The fields of an orders/paid payload the app reads, validated once at the webhook. The parsed
 * value is what the fulfilment record keeps (request.order) to build the service order later, so
 * the job never depends on the rest of Shopify's payload.
 */
import { z } from "zod";

const id = z
  .union([z.number().int().nonnegative(), z.string().regex(/^\d+$/, "expected a numeric id")])
  .transform(String);
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

const lineItemSchema = z.object({
  id,
  sku: text,
  name: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
  quantity: z.number().int().nonnegative(),
  requires_shipping: z
    .boolean()
    .nullish()
    .transform((value) => value ?? true),
  fulfillment_service: text,
});

const shippingLineSchema = z.object({
  title: text,
  code: text,
  source: text,
});

// Every address field is optional text: the address module decides what is usable.
const addressSchema = z.object({
  first_name: text,
  last_name: text,
  name: text,
  company: text,
  address1: text,
  address2: text,
  city: text,
  province: text,
  province_code: text,
  zip: text,
  country: text,
  country_code: text,
  phone: text,
});

// What Pedidos shows of the order (its date and total): kept when it reads right, and otherwise left
// out rather than refusing the order over it (a total is never a reason not to ship).
const decimalText = z
  .string()
  .regex(/^\d{1,15}(\.\d{1,6})?$/)
  .nullish()
  .catch(null)
  .transform((value) => value ?? null);
const timestamp = z
  .string()
  .refine((value) => !Number.isNaN(new Date(value).getTime()))
  .nullish()
  .catch(null)
  .transform((value) => value ?? null);
const currency = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .nullish()
  .catch(null)
  .transform((value) => value ?? null);

export const paidOrderSchema = z.object({
  id,
  admin_graphql_api_id: z.string().regex(/^gid:\/\/shopify\/Order\/\d+$/, "expected an Order gid"),
  name: z.string().min(1),
  cancelled_at: text,
  updated_at: text,
  created_at: timestamp,
  total_price: decimalText,
  currency,
  test: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  line_items: z.array(lineItemSchema),
  shipping_lines: z
    .array(shippingLineSchema)
    .nullish()
    .transform((value) => value ?? []),
  shipping_address: addressSchema.nullish().transform((value) => value ?? null),
});

/** The part of a paid order the fulfilment needs, as kept on the record. */
export type PaidOrder = z.output<typeof paidOrderSchema>;

/** Parses an orders/paid payload; on failure names the first offending field, e.g. `line_items.0.quantity`. */
export function parsePaidOrder(
  payload: unknown,
): { ok: true; order: PaidOrder } | { ok: false; field: string; message: string } {
  const parsed = paidOrderSchema.safeParse(payload);
  if (parsed.success) return { ok: true, order: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join(".") || "(body)";
  return { ok: false, field, message: issue.message };
}
