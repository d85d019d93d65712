import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { toDestination, type ShopifyAddress } from "~/address";

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), "utf8"));

describe("toDestination on Shopify's own payload shapes", () => {
  it("gives the same destination for a rate request and the order paid for it", () => {
    // GIVEN the rate callback's destination and the paid order's shipping address for one shopper
    const rateDestination: ShopifyAddress = fixture("carrier-rate-request.mx.json").rate.destination;
    const shippingAddress: ShopifyAddress = fixture("orders-paid.mx.json").shipping_address;
    // WHEN both are converted
    const fromRate = toDestination(rateDestination);
    const fromOrder = toDestination(shippingAddress);
    // THEN both give the destination the service needs, with nothing to warn about
    const expected = {
      ok: true,
      warnings: [],
      destination: {
        street: "Río Lerma",
        exteriorNumber: "232",
        interiorNumber: "4",
        neighborhood: "Cuauhtémoc",
        postalCode: "06500",
        state: "Ciudad de México",
        city: "Ciudad de México",
        recipient: "Ana López",
        phone: "5512345678",
        country: "Mexico",
      },
    };
    expect(fromRate).toEqual(expected);
    expect(fromOrder).toEqual(expected);
  });
});
