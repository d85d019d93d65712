import { describe, expect, it } from "vitest";
import { parsePaidOrder } from "~/fulfillment/core/paid-order";
import fixture from "../../fixtures/orders-paid.mx.json";

describe("parsePaidOrder", () => {
  it("names the offending field of a malformed payload", () => {
    expect(parsePaidOrder({ ...fixture, line_items: [{ ...fixture.line_items[0], quantity: "two" }] })).toMatchObject({
      ok: false,
      field: "line_items.0.quantity",
    });
    expect(parsePaidOrder({ ...fixture, admin_graphql_api_id: undefined })).toMatchObject({
      ok: false,
      field: "admin_graphql_api_id",
    });
    expect(parsePaidOrder("nope")).toMatchObject({ ok: false, field: "(body)" });
  });

  it("keeps ids as text and tolerates the nulls Shopify sends", () => {
    const parsed = parsePaidOrder({
      ...fixture,
      shipping_lines: null,
      test: null,
      line_items: [{ ...fixture.line_items[0], sku: null }],
    });
    expect(parsed).toMatchObject({
      ok: true,
      order: {
        id: "5512345678901",
        shipping_lines: [],
        test: false,
        line_items: [{ id: "13612345678901", sku: null }],
      },
    });
  });
});
