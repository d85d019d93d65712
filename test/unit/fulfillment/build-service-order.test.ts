import { describe, expect, it } from "vitest";
import { english } from "../../helpers/reason-record";
import { buildServiceOrder } from "~/fulfillment/build-service-order";
import { parsePaidOrder, type PaidOrder } from "~/fulfillment/paid-order";
import fixture from "../../fixtures/orders-paid.mx.json";

const settings = { defaultService: "NACIONAL" as const, skipTestOrders: true };

function paid(overrides: Record<string, unknown> = {}): PaidOrder {
  const parsed = parsePaidOrder({ ...structuredClone(fixture), ...overrides });
  if (!parsed.ok) throw new Error(`${parsed.field}: ${parsed.message}`);
  return parsed.order;
}

const line = (over: Record<string, unknown>) => ({ ...fixture.line_items[0], ...over });

describe("buildServiceOrder", () => {
  it("builds the service order of Shopify's example payload with the service the buyer chose", () => {
    // GIVEN the orders/paid fixture (2 mugs, EXPRESS rate, Mexico City)
    // WHEN it is built
    const built = buildServiceOrder(paid(), settings);
    // THEN the products, destination and service are those of the order
    expect(built).toMatchObject({
      kind: "ready",
      serviceCode: "EXPRESS",
      serviceCodeSource: "shipping_line",
      request: {
        productos: [{ identificador: "TAZA-AZ", cantidad: 2 }],
        servicio: "EXPRESS",
        tienda_orden_ref: "#1001",
        consumidor_destino: {
          codigo_postal: "06500",
          pais: "Mexico",
          nombre: "Ana López",
          colonia: expect.stringMatching(/Cuauht/),
        },
      },
    });
  });

  it("sums quantities per SKU and leaves out lines that need no shipping or belong to another fulfilment service", () => {
    const order = paid({
      line_items: [
        line({ id: 1, sku: "TAZA-AZ", quantity: 2 }),
        line({ id: 2, sku: " TAZA-AZ ", quantity: 1 }),
        line({ id: 3, sku: "PLATO", quantity: 4 }),
        line({ id: 4, sku: "GIFT", quantity: 1, requires_shipping: false }),
        line({ id: 5, sku: "DROP", quantity: 1, fulfillment_service: "dropship-app" }),
      ],
    });
    const built = buildServiceOrder(order, settings);
    expect(built.kind === "ready" && built.request.productos).toEqual([
      { identificador: "TAZA-AZ", cantidad: 3 },
      { identificador: "PLATO", cantidad: 4 },
    ]);
  });

  it("uses the shop's default service for an order paid on a rate that is not ours, and says so", () => {
    const order = paid({ shipping_lines: [{ title: "Envío estándar", code: "Shipping", source: "shopify" }] });
    expect(buildServiceOrder(order, { ...settings, defaultService: "PROGRAMADO" })).toMatchObject({
      kind: "ready",
      serviceCode: "PROGRAMADO",
      serviceCodeSource: "shop_default",
      request: { servicio: "PROGRAMADO" },
    });
  });

  it("does not take a Shopify manual rate named like a service for that service", () => {
    const order = paid({ shipping_lines: [{ title: "Express", code: "Express", source: "shopify" }] });
    expect(buildServiceOrder(order, settings)).toMatchObject({
      serviceCode: "NACIONAL",
      serviceCodeSource: "shop_default",
    });
  });

  it("reads the newer PROGRAMADA spelling as PROGRAMADO", () => {
    const order = paid({ shipping_lines: [{ title: "Programada", code: "programada", source: "Envíos svc" }] });
    expect(buildServiceOrder(order, settings)).toMatchObject({
      serviceCode: "PROGRAMADO",
      serviceCodeSource: "shipping_line",
    });
  });

  it("asks for attention naming the line that has no SKU", () => {
    const order = paid({ line_items: [line({ id: 1 }), line({ id: 2, sku: "", name: "Jarra sin código" })] });
    const built = english(buildServiceOrder(order, settings));
    expect(built).toMatchObject({
      kind: "needs_attention",
      reason: expect.stringContaining('"Jarra sin código" has no SKU'),
    });
  });

  it.each([
    ["a cancelled order", { cancelled_at: "2026-11-20T11:00:00-06:00" }, /cancelled/],
    ["a test order", { test: true }, /test order/],
    [
      "an order with nothing to ship",
      { line_items: [line({ requires_shipping: false })] },
      /nothing in this part of the order is left to ship/,
    ],
    [
      "an order going abroad",
      { shipping_address: { ...fixture.shipping_address, country: "United States", country_code: "US" } },
      /outside Mexico/,
    ],
    ["an order without a shipping address", { shipping_address: null }, /no shipping address/],
  ])("skips %s with the reason", (_name, overrides, reason) => {
    expect(english(buildServiceOrder(paid(overrides), settings))).toEqual({
      kind: "skipped",
      reason: expect.stringMatching(reason),
    });
  });

  it("submits a test order when the shop does not skip them", () => {
    expect(buildServiceOrder(paid({ test: true }), { ...settings, skipTestOrders: false }).kind).toBe("ready");
  });

  it("passes the address module's warnings on", () => {
    const order = paid({ shipping_address: { ...fixture.shipping_address, phone: null } });
    const built = buildServiceOrder(order, settings);
    expect(built.kind === "ready" && built.warnings.map((w) => w.field)).toContain("telefono");
  });
});

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
