// Shopify rate requests for the benchmarks: cart `i` is a distinct quotation for every i (the
// quantities and the postal code vary), and its quotation as the service receives it.
import { createHmac } from "node:crypto";

export const BENCH_SKUS = ["BENCH-TAZA", "BENCH-PLAYERA"] as const;

export interface Cart {
  /** The rate request's JSON, as Shopify sends it. */
  raw: string;
  /** The quotation's JSON, as the app sends it to the service. */
  quotation: string;
  /** Identifies the cart's quotation among the upstream calls (postal code and lines). */
  key: string;
}

export function quotationKey(body: {
  productos: { identificador: string; cantidad: number }[];
  consumidor_destino: { codigo_postal: string };
}): string {
  return `${body.consumidor_destino.codigo_postal}|${body.productos.map((p) => `${p.identificador}:${p.cantidad}`).join(",")}`;
}

/** Cart `i`: quantities and postal code vary so that every i is a distinct quotation. */
export function cart(i: number): Cart {
  const postalCode = String(1_000 + (i % 50) * 100).padStart(5, "0");
  const items = [
    { name: "Taza", sku: BENCH_SKUS[0], quantity: 1 + (i % 97), grams: 450, price: 24_900, requires_shipping: true },
    {
      name: "Playera",
      sku: BENCH_SKUS[1],
      quantity: 1 + Math.floor(i / 97),
      grams: 200,
      price: 29_900,
      requires_shipping: true,
    },
  ];
  const destination = {
    country: "MX",
    postal_code: postalCode,
    province: "DF",
    city: "Ciudad de México",
    name: "Ana López",
    address1: "Río Lerma 232",
    address2: "Int. 4, Col. Cuauhtémoc",
    phone: "+52 55 1234 5678",
  };
  const consumidor = {
    calle: "Río Lerma",
    no_exterior: "232",
    no_interior: "4",
    colonia: "Cuauhtémoc",
    codigo_postal: postalCode,
    estado: "Ciudad de México",
    ciudad: "Ciudad de México",
    nombre: "Ana López",
    telefono: "5512345678",
    pais: "Mexico",
  };
  const quotation = {
    productos: items
      .map((it) => ({ identificador: it.sku, cantidad: it.quantity }))
      .sort((a, b) => a.identificador.localeCompare(b.identificador)),
    consumidor_destino: consumidor,
  };
  return {
    raw: JSON.stringify({ rate: { origin: null, destination, items, currency: "MXN", locale: "es-MX" } }),
    quotation: JSON.stringify(quotation),
    key: quotationKey(quotation),
  };
}

/** Shopify's signature of a body. */
export function shopifyHmac(raw: string, secret: string): string {
  return createHmac("sha256", secret).update(raw).digest("base64");
}
