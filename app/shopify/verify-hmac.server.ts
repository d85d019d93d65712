/**
 * Shopify's request signature: base64 HMAC-SHA256 of the raw body keyed with the app's client
 * secret, in X-Shopify-Hmac-Sha256 (webhooks and, undocumented but observed, the carrier-service
 * callback). The comparison is constant-time over fixed-length digests. During a rotation of the
 * client secret Shopify keeps signing with the previous secret for up to an hour, so the previous
 * one (SHOPIFY_API_SECRET_PREVIOUS) is accepted too. Every signed entry point calls this function.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const DIGEST_BYTES = 32;
const BASE64 = /^[A-Za-z0-9+/]{43}=$/;

export interface SignedRequest {
  rawBody: Uint8Array;
  signature: string | null | undefined;
  secret: string;
  /** The client secret before a rotation, accepted until it is removed from the environment. */
  previousSecret?: string | undefined;
}

/** True when `signature` is the HMAC of exactly these bytes under `secret` (or `previousSecret`). */
export function verifyShopifyHmac(request: SignedRequest): boolean {
  return shopifyHmacSignedWith(request) !== null;
}

/** Which secret signed these bytes: "current", "previous" (during a rotation) or null (neither). */
export function shopifyHmacSignedWith({
  rawBody,
  signature,
  secret,
  previousSecret,
}: SignedRequest): "current" | "previous" | null {
  if (!signature || !BASE64.test(signature.trim())) return null;
  const given = Buffer.from(signature.trim(), "base64");
  if (given.length !== DIGEST_BYTES) return null;
  const signedWith = (key: string) => timingSafeEqual(given, createHmac("sha256", key).update(rawBody).digest());
  // Both are computed whenever a previous secret is set, so the time taken says nothing of which matched.
  const current = signedWith(secret);
  const previous = previousSecret ? signedWith(previousSecret) : false;
  return current ? "current" : previous ? "previous" : null;
}

/** The signature Shopify would send for these bytes under `secret` (to hand a verified request on). */
export function shopifyHmac(rawBody: Uint8Array, secret: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("base64");
}
