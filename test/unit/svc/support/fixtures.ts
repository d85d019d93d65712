/** Realistic request values shared by the client's unit tests. */
import type { ShipmentLine, ShippingAddress } from "~/svc";
import type { SvcDestination, SvcLineItem } from "~/svc/wire/destination";

/** A destination as callers pass it. */
export const destination: ShippingAddress & { country: string } = {
  street: "Avenida Insurgentes Sur",
  exteriorNumber: "1602",
  interiorNumber: "Piso 4",
  neighborhood: "Crédito Constructor",
  postalCode: "03940",
  state: "Ciudad de México",
  city: "Benito Juárez",
  recipient: "María Fernanda López",
  phone: "+525512345678",
  country: "Mexico",
};

/** `destination` as the service receives it (`consumidor_destino`). */
export const wireDestination: SvcDestination & { pais: string } = {
  calle: "Avenida Insurgentes Sur",
  no_exterior: "1602",
  no_interior: "Piso 4",
  colonia: "Crédito Constructor",
  codigo_postal: "03940",
  estado: "Ciudad de México",
  ciudad: "Benito Juárez",
  nombre: "María Fernanda López",
  telefono: "+525512345678",
  pais: "Mexico",
};

export const lineItems: ShipmentLine[] = [
  { identifier: "TAZA-MX-001", quantity: 2 },
  { identifier: "PLAYERA-NEGRA-M", quantity: 1 },
];

/** `lineItems` as the service receives them (`productos`). */
export const wireLineItems: SvcLineItem[] = [
  { identificador: "TAZA-MX-001", cantidad: 2 },
  { identificador: "PLAYERA-NEGRA-M", cantidad: 1 },
];

/** The quotation answer of service-api.md §2.4, with the given root name. */
export function availabilityBody(serviceName = "svc", services?: unknown[]): Record<string, unknown> {
  return {
    [`${serviceName}ServiceAvailability`]: {
      products: [
        { identifier: "TAZA-MX-001", inStock: 40 },
        { identifier: "PLAYERA-NEGRA-M", inStock: 12 },
      ],
      services: services ?? [
        {
          service: "NACIONAL",
          days: 5,
          totalPricing: "123.40",
          description: "Entrega en 3 a 5 días hábiles",
          provider: "ESTAFETA",
        },
        {
          service: "EXPRESS",
          days: 2,
          totalPricing: "219.00",
          description: "Entrega en 1 a 2 días hábiles",
          provider: "DHL",
        },
      ],
    },
  };
}
