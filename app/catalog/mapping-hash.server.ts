// A stable fingerprint of a mapped product: equal products give equal hashes whatever the key
// order (PostgreSQL's jsonb reorders keys), so "what was sent" and "what the store holds now"
// compare cheaply. It hashes the body product/new receives (app/svc's productBody), the form the
// rows store, so hashes written before the catalogue used domain names still match.
import { createHash } from "node:crypto";
import { productBody } from "../svc";
import type { MappedProduct } from "./map-variant";

export function productHash(product: MappedProduct): string {
  return createHash("sha256")
    .update(stableJson(productBody(product)))
    .digest("hex");
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
