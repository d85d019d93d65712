import { z } from "zod";

// Dimensions and weight travel as numeric text ("12.5"); a number here would be a caller bug.
const numericText = z.string().regex(/^\d+(\.\d+)?$/, 'expected numeric text such as "12.5"');

/** A catalogue entry to create; units are fixed by the service (cm, g). */
const newProductSchema = z.looseObject({
  sku: z.string().min(1),
  upc: z.string().optional(),
  nombre: z.string().optional(),
  dimension: z
    .looseObject({
      data: z.looseObject({
        peso: numericText,
        ancho: numericText,
        largo: numericText,
        altura: numericText,
        volumen: numericText,
      }),
    })
    .optional(),
  imagen_url: z.string().optional(),
});

/** A catalogue entry to create; units are fixed by the service (cm, g). */
export type SvcNewProduct = z.infer<typeof newProductSchema>;

export const createProductsRequestSchema = z.looseObject({
  productos: z.array(newProductSchema).min(1),
});

export const createProductsResponseSchema = z.looseObject({
  insert_producto: z.looseObject({
    returning: z.array(
      z.looseObject({
        id: z.string(),
        dimension: z.looseObject({ id_dimension: z.string() }).nullish(),
      }),
    ),
    affected_rows: z.int(),
  }),
});

/** One created product: its id and, if it has dimensions, their record id. */
export type SvcCreatedProduct = z.infer<typeof createProductsResponseSchema>["insert_producto"]["returning"][number];

/** A catalogue entry as product lookup returns it. */
const productRecordSchema = z.looseObject({
  id: z.string(),
  sku: z.string(),
  upc: z.string().nullish(),
  nombre: z.string().nullish(),
  imagen_url: z.string().nullish(),
  id_cliente: z.union([z.string(), z.number()]).nullish(),
  dimension: z
    .looseObject({
      peso: z.union([z.string(), z.number()]).nullish(),
      ancho: z.union([z.string(), z.number()]).nullish(),
      largo: z.union([z.string(), z.number()]).nullish(),
      altura: z.union([z.string(), z.number()]).nullish(),
      volumen: z.union([z.string(), z.number()]).nullish(),
      unidad_peso: z.string().nullish(),
      unidad_dimension: z.string().nullish(),
      id_dimension: z.string().nullish(),
    })
    .nullish(),
});

/** A catalogue entry as product lookup returns it. */
export type SvcProductRecord = z.infer<typeof productRecordSchema>;

export const productLookupResponseSchema = z.looseObject({ producto: z.array(productRecordSchema) });
