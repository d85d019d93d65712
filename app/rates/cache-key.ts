/**
 * The key of a quotation in the rate cache: everything the service's answer depends on, and the
 * rules version, so a settings change is a new key. The address is keyed as Shopify sent it,
 * normalised for case and spacing: the same address always maps to the same destination, so the
 * (comparatively slow) address parser runs only on a miss. The recipient's name, phone and email
 * are left out: they are sent but do not change prices or services.
 */
import { createHash } from "node:crypto";
import type { RateAddress } from "./rate-request";
import type { QuotationLine } from "./quotation-request";

export interface QuoteKeyParts {
  shop: string;
  /** The shop's settings version (bumped by every settings change). */
  settingsVersion: number;
  /** Identifies the service account (key and environment) the shop is connected with. */
  connection: string;
  lines: readonly QuotationLine[];
  destination: RateAddress;
}

/** A stable hash of the parts; the shop prefix lets one shop's entries be dropped together. Pure. */
export function quoteCacheKey(parts: QuoteKeyParts): string {
  const d = parts.destination;
  const address = [
    d.postal_code,
    d.country,
    d.province,
    d.city,
    d.address1,
    d.address2,
    d.address3,
    d.company_name,
  ].map(normalise);
  // Lines are already merged per SKU and sorted by quotation-request.ts. Positional, so the key
  // does not depend on what the fields are called.
  const lines = parts.lines.map((line) => [line.identifier, line.quantity]);
  const digest = createHash("sha256")
    .update(JSON.stringify([parts.settingsVersion, parts.connection, lines, address]))
    .digest("base64url");
  return `${parts.shop}|${digest}`;
}

function normalise(text: string | null | undefined): string {
  return (text ?? "").normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
}
