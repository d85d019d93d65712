import fs from "node:fs";
import { describe, expect, it } from "vitest";

// Every webhook subscription must name the route file that handles it, and that file must exist
// and serve the subscription's URI.
const toml = fs.readFileSync("shopify.app.toml", "utf8");
const blocks = [...toml.matchAll(/# Handled by: (\S+)\s*\n\s*\[\[webhooks\.subscriptions\]\]\s*\n\s*(compliance_topics|topics) = \[ "([^"]+)" \]\s*\n\s*uri = "([^"]+)"/g)].map(
  (m) => ({ file: m[1]!, kind: m[2]!, topic: m[3]!, uri: m[4]! }),
);

describe("shopify.app.toml", () => {
  it("declares every topic the product handles, each with its route file", () => {
    expect(blocks.map((b) => b.topic).sort()).toEqual(
      [
        "app/scopes_update",
        "app/uninstalled",
        "bulk_operations/finish",
        "customers/data_request",
        "customers/redact",
        "inventory_items/update",
        "orders/paid",
        "orders/cancelled",
        "orders/edited",
        "orders/updated",
        "fulfillment_orders/placed_on_hold",
        "fulfillment_orders/hold_released",
        "fulfillment_orders/split",
        "fulfillment_orders/merged",
        "fulfillment_orders/moved",
        "fulfillment_orders/order_routing_complete",
        "products/create",
        "products/delete",
        "products/update",
        "shop/redact",
      ].sort(),
    );
    expect(toml.match(/\[\[webhooks\.subscriptions\]\]/g)).toHaveLength(blocks.length);
  });

  it.each(blocks)("routes $topic to an existing file that serves $uri", ({ file, uri }) => {
    expect(fs.existsSync(file)).toBe(true);
    const routeName = file.replace(/^app\/routes\//, "").replace(/\.tsx?$/, "");
    expect(`/${routeName.replaceAll(".", "/")}`).toBe(uri);
  });

  it("asks for the scopes the product needs and the ones the app's SCOPES variable lists", () => {
    const scopes = toml.match(/scopes = "([^"]+)"/)![1]!.split(",");
    for (const needed of ["read_products", "write_shipping", "read_orders", "write_merchant_managed_fulfillment_orders", "write_inventory",
      "read_merchant_managed_fulfillment_orders", "write_assigned_fulfillment_orders", "write_fulfillments"]) {
      expect(scopes).toContain(needed);
    }
    expect(scopes.sort()).toEqual(process.env.SCOPES!.split(",").sort());
  });
});
