import { z } from "zod";
import { isDecimalText } from "~/money";
import { destinationSchema, lineItemSchema } from "./destination";
import { serviceCodeSchema } from "./service-code";

/** What the caller passes to `quote` (the wire body adds the service's own field name). */
export const quoteParamsSchema = z.object({
  productos: z.array(lineItemSchema).min(1),
  consumidor_destino: destinationSchema,
  servicio: serviceCodeSchema.optional(),
});

const decimalText = z.string().refine(isDecimalText, { message: 'expected decimal text such as "123.40"' });

/**
 * The most delivery days a quoted service may state. `days` is the service's estimated upper
 * bound in days (service-api.md 2.4); nothing in Mexico takes months to deliver, so a larger (or a
 * negative) figure is a fault in the answer: the service is skipped, loudly (endpoints/shipping.ts),
 * rather than offered with a date months away or walked day by day on every checkout.
 */
export const MAX_SERVICE_DAYS = 90;

const quotedServiceSchema = z.looseObject({
  service: z.string(),
  days: z.int(),
  totalPricing: decimalText,
  description: z.string(),
  provider: z.string(),
});

export const availabilitySchema = z.looseObject({
  products: z.array(z.looseObject({ identifier: z.string(), inStock: z.int() })),
  services: z.array(quotedServiceSchema),
});

/** Builds the quotation answer schema; the root key carries the service's own name. */
export function quoteResponseSchema(availabilityField: string) {
  return z.looseObject({ [availabilityField]: availabilitySchema.optional() });
}
