import { z } from "zod";

const text = z.string().nullish();

/** One product's stock summed over every warehouse. */
const stockEntrySchema = z.looseObject({
  sku: z.string(),
  upc: text,
  nombre: text,
  imagen_url: text,
  disponibles: z.number(),
  en_inventario: z.number(),
});

/** One product's stock summed over every warehouse. */
export type SvcStockEntry = z.infer<typeof stockEntrySchema>;

export const stockResponseSchema = z.looseObject({ inventario: z.array(stockEntrySchema) });

/** A withdrawal of the client's own stock from the warehouse (not a carrier pickup). */
const pickupOrderSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  fecha_creacion: text,
  detalle_orden_salidas: z
    .array(
      z.looseObject({
        producto: z.looseObject({ sku: text, nombre: text }).nullish(),
        recogido: z.union([z.boolean(), z.number(), z.string()]).nullish(),
      }),
    )
    .nullish(),
  estados: z.array(z.looseObject({ estado: z.string(), timestamp: text })).nullish(),
  almacen: z.looseObject({ nombre_almacen: text, telefono: text }).nullish(),
  razon: text,
  comentarios: text,
  fecha_recoleccion: text,
  recolector: z.unknown().optional(),
});

/** A withdrawal of the client's own stock from the warehouse (not a carrier pickup). */
export type SvcPickupOrder = z.infer<typeof pickupOrderSchema>;

export const pickupOrdersResponseSchema = z.looseObject({ ordenes_salida: z.array(pickupOrderSchema) });

/** GET /api/rest/reception is undocumented: only "some JSON object or array" is checked. */
export const receptionResponseSchema = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]);

/** Whatever GET /api/rest/reception answers, kept whole. */
export type SvcReception = z.infer<typeof receptionResponseSchema>;
