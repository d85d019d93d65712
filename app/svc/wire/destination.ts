import { z } from "zod";

/**
 * The customer's address as the service expects it (`consumidor_destino`). Newer service docs make
 * `colonia` and `pais` required and let `no_interior` be null; `pais` stays optional here because
 * the older contract does not list it.
 */
export const destinationSchema = z.looseObject({
  calle: z.string(),
  no_exterior: z.string(),
  no_interior: z.string().nullable(),
  colonia: z.string(),
  codigo_postal: z.string(),
  estado: z.string(),
  ciudad: z.string(),
  nombre: z.string(),
  telefono: z.string(),
  pais: z.string().optional(),
});

/** The customer's address as the service expects it (`consumidor_destino`). */
export type SvcDestination = z.infer<typeof destinationSchema>;

/** One requested product in a quotation or an order: quantity and SKU-or-UPC. */
export const lineItemSchema = z.looseObject({
  identificador: z.string().min(1),
  cantidad: z.int().positive(),
});

/** One requested product in a quotation or an order: quantity and SKU-or-UPC. */
export type SvcLineItem = z.infer<typeof lineItemSchema>;
