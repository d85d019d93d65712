import { createHmac, timingSafeEqual } from "node:crypto";

/** Shopify's webhook and carrier-callback signature: base64 HMAC-SHA256 of the raw body. */
export function signBody(rawBody: string, secret: string): string {
  return createHmac("sha256", secret).update(rawBody, "utf8").digest("base64");
}

export function verifyBody(rawBody: string, secret: string, signature: string): boolean {
  const expected = Buffer.from(signBody(rawBody, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
