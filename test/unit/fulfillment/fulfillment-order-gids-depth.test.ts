import { describe, expect, it } from "vitest";
import { fulfillmentOrderGids } from "../../../app/fulfillment/intake/lifecycle-intake.server";

describe("fulfillmentOrderGids on hostile payloads", () => {
  it("reads a payload nested 50,000 deep without overflowing the stack, finding nothing", () => {
    const deep = JSON.parse("[".repeat(50_000) + '"gid://shopify/FulfillmentOrder/1"' + "]".repeat(50_000)) as unknown;
    expect(fulfillmentOrderGids(deep)).toEqual([]);
  });

  it("still finds the ids in Shopify's shallow payloads", () => {
    expect(fulfillmentOrderGids({ fulfillment_order: { id: "gid://shopify/FulfillmentOrder/7" }, moved: { original_fulfillment_order_id: 8 } })).toEqual([
      "gid://shopify/FulfillmentOrder/7",
      "gid://shopify/FulfillmentOrder/8",
    ]);
  });
});
