/**
 * Shopify's request signature: base64 HMAC-SHA256 of the raw body keyed with the app's client
 * secret, in X-Shopify-Hmac-Sha256 (webhooks and, undocumented but observed, the carrier-service
 * callback). The comparison is constant-time over fixed-length digests.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const DIGEST_BYTES = 32;
const BASE64 = /^[A-Za-z0-9+/]{43}=$/;

/** True when `signature` is the HMAC of exactly these bytes under `secret`. */
export function verifyShopifyHmac({
  rawBody,
  signature,
  secret,
}: {
  rawBody: Uint8Array;
  signature: string | null | undefined;
  secret: string;
}): boolean {
  if (!signature || !BASE64.test(signature.trim())) return false;
  const given = Buffer.from(signature.trim(), "base64");
  if (given.length !== DIGEST_BYTES) return false;
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  return timingSafeEqual(given, expected);
}
