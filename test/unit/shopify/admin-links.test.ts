import { describe, expect, it } from "vitest";
import { adminOrderUrl, adminVariantUrl, legacyId } from "~/shopify/admin-links";

describe("links into Shopify's admin", () => {
  it("opens an order by its legacy id", () => {
    expect(adminOrderUrl("gid://shopify/Order/5002")).toBe("shopify://admin/orders/5002");
  });

  it("opens a variant under its product, or the product alone", () => {
    expect(adminVariantUrl("gid://shopify/Product/33", "gid://shopify/ProductVariant/44")).toBe(
      "shopify://admin/products/33/variants/44",
    );
    expect(adminVariantUrl("gid://shopify/Product/33", null)).toBe("shopify://admin/products/33");
  });

  it("gives no link for anything that is not that resource's gid", () => {
    expect(adminOrderUrl("gid://shopify/FulfillmentOrder/1")).toBeNull();
    expect(adminOrderUrl("g1")).toBeNull();
    expect(adminOrderUrl(null)).toBeNull();
    expect(adminVariantUrl("p1", "v1")).toBeNull();
    expect(adminVariantUrl("gid://shopify/Product/33", "gid://shopify/Product/44")).toBe("shopify://admin/products/33");
    expect(legacyId("gid://shopify/Order/12?x=1")).toBe("12");
    expect(legacyId("gid://shopify/Order/abc")).toBeNull();
  });
});
