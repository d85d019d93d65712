import { z } from "zod";
import { destinationSchema, lineItemSchema } from "./destination";
import { serviceCodeSchema } from "./service-code";

/** What the caller passes to `createOrder` (the wire body adds the service's own field name). */
export const createOrderParamsSchema = z.object({
  productos: z.array(lineItemSchema).min(1),
  // The newer documentation requires the country on orders (quotations don't need it).
  consumidor_destino: destinationSchema.extend({ pais: z.string().min(1) }),
  servicio: serviceCodeSchema,
  /** The store's own order reference; the service shows it back on lookup. */
  tienda_orden_ref: z.string().min(1).optional(),
});

export const createOrderResponseSchema = z.looseObject({
  orden: z.looseObject({ ordenRef: z.string().min(1) }),
});

// The documentation lists these fields without types for most of them; keep every one optional
// and tolerant so a vague field can't fail an otherwise useful lookup.
const text = z.string().nullish();
const textOrNumber = z.union([z.string(), z.number()]).nullish();

const orderRecordSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  almacen: z.looseObject({ nombre_almacen: text }).nullish(),
  precio_um: textOrNumber,
  consumidor: z
    .looseObject({
      calle: text,
      no_exterior: text,
      no_interior: text,
      colonia: text,
      codigo_postal: text,
      ciudad: text,
      estado: text,
      nombre: text,
      telefono: text,
      email: text,
      lat: textOrNumber,
      lng: textOrNumber,
    })
    .nullish(),
  empaquetado: z.looseObject({ titulo: text }).nullish(),
  rastreo_numero: text,
  rastreo_paqueteria: text,
  rastreo_url: text,
  rastreo_pdf: text,
  detalle_orden: z
    .array(
      z.looseObject({
        cantidad: z.number().nullish(),
        producto: z.looseObject({ sku: text, nombre: text }).nullish(),
        recogido: z.union([z.boolean(), z.number(), z.string()]).nullish(),
      }),
    )
    .nullish(),
  estados_orden: z.array(z.looseObject({ timestamp: text, estado_orden: z.string() })).nullish(),
  tipo_servicio: text,
  notificaciones: z.unknown().optional(),
  tienda_orden_ref: text,
  fecha_programacion: text,
});

/** A fulfilment order as the lookup returns it. */
export type SvcOrderRecord = z.infer<typeof orderRecordSchema>;

export const orderLookupResponseSchema = z.looseObject({ orden: orderRecordSchema.nullable() });
