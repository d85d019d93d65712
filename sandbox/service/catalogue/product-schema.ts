import { z } from "zod";
import { DECIMAL_TEXT } from "./decimal-text";

const numericText = z
  .string()
  .regex(DECIMAL_TEXT, 'must be numeric text such as "12.5" (up to 9 digits, optional fraction of up to 6)');

const dimensionSchema = z.looseObject({
  data: z.looseObject({
    peso: numericText,
    ancho: numericText,
    largo: numericText,
    altura: numericText,
    volumen: numericText,
  }),
});

const nonBlank = z.string().regex(/\S/, "must not be blank");

/** One `productos` element of POST /api/rest/product/new; unknown extra fields are tolerated. */
const productInputSchema = z.looseObject({
  sku: nonBlank,
  upc: z.string().nullish(),
  nombre: nonBlank,
  dimension: dimensionSchema.nullish(),
  imagen_url: z.string().nullish(),
});

export const productBatchSchema = z.looseObject({
  productos: z.array(productInputSchema).min(1),
});

export type ProductInput = z.output<typeof productInputSchema>;
