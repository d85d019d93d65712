import { describe, expect, it } from "vitest";
import { createSimulatedStore } from "../../../sandbox/store";
import { createCatalogReader } from "~/catalog/shopify-catalog.server";
import { createAdminPacing } from "~/shopify/admin-pacing.server";
import type { AdminGraphql } from "~/shopify/admin.server";
import { SETTINGS } from "./support";

const DOMAIN = "tienda-demo.myshopify.com";

/** The demo catalogue in a simulated store, read through the shop's pacer. */
function demo() {
  const nowMs = Date.parse("2026-11-20T16:00:00Z");
  const store = createSimulatedStore({ now: () => nowMs });
  store.addShop({ domain: DOMAIN });
  store.seedDemoCatalogue(DOMAIN);
  const pacer = createAdminPacing({ nowMs: () => nowMs, sleep: async () => undefined }).forShop(DOMAIN);
  const admin: AdminGraphql = (query, variables) => store.graphql(DOMAIN, query, variables) as never;
  return { store, reader: createCatalogReader({ admin, pacer, settings: SETTINGS }) };
}

describe("the catalogue reader against the simulated store", () => {
  it("reads one product's variants and finds the product behind an inventory item", async () => {
    const { reader, store } = demo();
    const taza = store.products.list(DOMAIN).find((p) => p.handle === "taza-de-barro")!;
    const variants = await reader.readProductVariants(taza.admin_graphql_api_id);
    expect(variants!.map((v) => v.sku)).toEqual(["TAZA-AZ", "TAZA-VE", "TAZA-NA", "TAZA-RO"]);
    const itemId = `gid://shopify/InventoryItem/${taza.variants[0]!.inventory_item_id}`;
    expect(await reader.productOfInventoryItem(itemId)).toBe(taza.admin_graphql_api_id);
    expect(await reader.readProductVariants("gid://shopify/Product/1")).toBeNull();
  });
});
