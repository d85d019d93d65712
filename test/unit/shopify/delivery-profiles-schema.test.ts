import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { buildClientSchema, buildSchema, parse, validate, type GraphQLSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { DELIVERY_PROFILE_DOCUMENTS } from "~/shopify/admin/delivery-profiles.server";
import { adminSdl } from "../../../sandbox/store";

/** Shopify's published Admin API 2026-10 schema, as @shopify/dev-mcp ships it (introspection JSON). */
function publishedSchema(): GraphQLSchema {
  // The package's exports do not list its data files: read it from node_modules.
  const path = fileURLToPath(
    new URL("../../../node_modules/@shopify/dev-mcp/dist/data/admin_2026-10.json.gz", import.meta.url),
  );
  const json = JSON.parse(gunzipSync(readFileSync(path)).toString("utf8"));
  return buildClientSchema(json.data ?? json);
}

const published = publishedSchema();
const simulated = buildSchema(adminSdl);

describe("delivery profile operations", () => {
  for (const [name, document] of Object.entries(DELIVERY_PROFILE_DOCUMENTS)) {
    it(`${name} validates against Shopify's published 2026-10 schema and the simulated store's`, () => {
      const ast = parse(document);
      expect(validate(published, ast).map((e) => e.message)).toEqual([]);
      expect(validate(simulated, ast).map((e) => e.message)).toEqual([]);
    });
  }

  it("fails validation for a field Shopify does not have (the check is not vacuous)", () => {
    const ast = parse(DELIVERY_PROFILE_DOCUMENTS.SHOP_SHIPPING_MODEL.replace("marketDrivenShipping", "shippingModel"));
    expect(validate(published, ast).map((e) => e.message)).toEqual([
      'Cannot query field "shippingModel" on type "ShopFeatures".',
    ]);
  });
});
