import { describe, expect, it } from "vitest";
import { signedShopDomain } from "~/shopify/shop-domain";

describe("the shop a signed request names", () => {
  it("is its myshopify.com domain, trimmed and lower-cased", () => {
    expect(signedShopDomain(" Tienda-Demo.myshopify.com ")).toBe("tienda-demo.myshopify.com");
  });

  it("is never a custom storefront domain, another host or nothing (Shopify signs with the myshopify.com one)", () => {
    for (const header of ["tienda.example.com", "myshopify.com", "evil.myshopify.com.example", "", null, undefined])
      expect(signedShopDomain(header), String(header)).toBeNull();
  });
});
