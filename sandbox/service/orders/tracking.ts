import { createHash } from "node:crypto";

// Lengths of the carriers' real tracking numbers, so clients that check them are exercised.
const DIGITS_BY_CARRIER: Record<string, number> = { ESTAFETA: 22, DHL: 10, FEDEX: 12 };

export interface Tracking {
  rastreo_numero: string;
  rastreo_paqueteria: string;
  rastreo_url: string;
  rastreo_pdf: string;
}

/** Tracking derived from the order id, so the same order always shows the same number. */
export function trackingFor(orderId: string, carrier: string): Tracking {
  const length = DIGITS_BY_CARRIER[carrier] ?? 12;
  let digits = "";
  for (let round = 0; digits.length < length; round++) {
    const hash = createHash("sha256").update(`${orderId}:${round}`).digest();
    for (const byte of hash) digits += String(byte % 10);
  }
  const numero = digits.slice(0, length);
  // A reserved domain: sandbox orders are never shipped, so no real carrier page exists.
  const base = `https://rastreo.sandbox.example/${carrier.toLowerCase()}/${numero}`;
  return { rastreo_numero: numero, rastreo_paqueteria: carrier, rastreo_url: base, rastreo_pdf: `${base}/guia.pdf` };
}
