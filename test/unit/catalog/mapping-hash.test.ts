// The mapping hash fingerprints product/new's body, so a hash the catalogue computed before it
// used domain names (issue 20) is the hash of the same product now: after the deploy, no variant
// looks changed in Shopify and nothing is compared or sent again.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { mapVariant, type MappedProduct } from "~/catalog/map-variant";
import { productHash } from "~/catalog/mapping-hash.server";
import { SETTINGS, snapshot } from "./support";

/** What the earlier version hashed for the default snapshot: its product body, keys sorted. */
const EARLIER_BODY_JSON =
  '{"dimension":{"data":{"altura":"10","ancho":"9","largo":"12","peso":"450","volumen":"1080"}},' +
  '"imagen_url":"https://cdn.shopify.com/taza.jpg","nombre":"Taza de barro - Azul","sku":"TAZA-AZ","upc":""}';

function mapped(): MappedProduct {
  const mapping = mapVariant(snapshot(), SETTINGS);
  if (mapping.kind !== "ready") throw new Error(mapping.reason.code);
  return mapping.product;
}

describe("productHash", () => {
  it("is the hash the earlier version computed for the same product", () => {
    expect(productHash(mapped())).toBe(createHash("sha256").update(EARLIER_BODY_JSON).digest("hex"));
  });

  it("ignores key order and absent fields, and changes with any measure", () => {
    const product = mapped();
    const { dimensions, ...rest } = product;
    expect(productHash({ dimensions, ...rest })).toBe(productHash(product));
    const { imageUrl: _, ...withoutImage } = product;
    expect(productHash({ ...product, imageUrl: undefined })).toBe(productHash(withoutImage));
    expect(productHash(withoutImage)).not.toBe(productHash(product));
    expect(productHash({ ...product, dimensions: { ...dimensions!, volume: "1081" } })).not.toBe(productHash(product));
  });
});
