import { z } from "zod";
import { validationError } from "../http/sandbox-error";

const nonBlank = z.string().regex(/\S/, "must not be blank");

const lineItemSchema = z.looseObject({
  cantidad: z.number().int().min(1),
  identificador: nonBlank,
});

const destinationFields = {
  calle: z.string(),
  codigo_postal: z.string(),
  no_exterior: z.string(),
  // service-api.md says string; the newer documentation lets it be null.
  no_interior: z.string().nullable(),
  estado: z.string(),
  ciudad: z.string(),
  nombre: z.string(),
  telefono: z.string(),
  email: z.string().nullish(),
};

export const quotationRequestSchema = z.looseObject({
  productos: z.array(lineItemSchema).min(1),
  consumidor_destino: z.looseObject({
    ...destinationFields,
    colonia: z.string().nullish(),
    pais: z.string().nullish(),
  }),
});

/** Orders follow the newer documentation, which makes `colonia` and `pais` required. */
export const orderRequestSchema = z.looseObject({
  productos: z.array(lineItemSchema).min(1),
  consumidor_destino: z.looseObject({
    ...destinationFields,
    colonia: z.string(),
    pais: z.string(),
  }),
  tienda_orden_ref: z.string().nullish(),
  fecha_programacion: z.string().nullish(),
  notificaciones: z.unknown().optional(),
});

export type LineItem = z.output<typeof lineItemSchema>;
export type OrderRequest = z.output<typeof orderRequestSchema>;

/**
 * Reads `servicio_<name>`, whose key depends on the configured service name. Only its type is
 * checked: the service itself does no enum validation on the value.
 */
export function readServiceField(body: unknown, field: string, required: boolean): string | undefined {
  const value = (body as Record<string, unknown>)[field];
  if (value === undefined || value === null) {
    if (required) throw validationError(`Missing required field $.${field}`, `$.${field}`);
    return undefined;
  }
  if (typeof value !== "string") throw validationError(`$.${field}: must be a string`, `$.${field}`);
  return value;
}
