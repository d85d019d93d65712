import { describe, expect, it } from "vitest";
import { harnessPerFile, recordsOf } from "./support/harness";

// Split carts / ship and pickup in one order (Shopify, 2026-05): each fulfilment order is sent
// with the service of its own lines' shipping line (FulfillmentOrderLineItem.shippingLine, read
// from the simulated store over its published-schema-validated Admin API).
const harness = harnessPerFile();

describe("a split cart", () => {
  it("is sent as two service orders, the express part as EXPRESS and the standard part as NACIONAL, and its pickup part never", async () => {
    const h = harness();
    // GIVEN a buyer paid mugs on our EXPRESS rate, coffee on our NACIONAL rate and picks a plate up in the shop
    const payload = h.paidOrder({
      shippingLine: undefined,
      shippingLines: [
        { title: "Nacional (3-5 días hábiles)", code: "NACIONAL", price: "99.00", source: "Envíos svc" },
        { title: "Express (1-2 días hábiles)", code: "EXPRESS", price: "189.00", source: "Envíos svc" },
        { title: "Recoger en tienda", code: "pickup", price: "0.00", source: "shopify" },
      ],
      lineItems: [
        { sku: "TAZA-AZ", quantity: 2, shippingLine: 1 },
        { sku: "CAFE-500", quantity: 1, shippingLine: 0 },
        { sku: "PLATO-GR", quantity: 1, shippingLine: 2, deliveryMethod: "PICK_UP" },
      ],
    });
    expect(h.fulfillmentOrdersOf(payload)).toHaveLength(3);
    // WHEN Shopify delivers orders/paid and the worker runs
    expect((await h.deliver(payload)).status).toBe(200);
    await h.worker().runOnce();
    // THEN the warehouse got two orders, each with its part's own service
    const sent = (await h.sandboxOrders()).filter((order) => order.request.tienda_orden_ref === payload.name);
    const byService = Object.fromEntries(
      sent.map((order) => [order.request.servicio_svc, order.request.productos.map((p) => [p.identificador, p.cantidad])]),
    );
    expect(sent).toHaveLength(2);
    expect(byService).toEqual({ EXPRESS: [["TAZA-AZ", 2]], NACIONAL: [["CAFE-500", 1]] });
    // AND the app's records say so, the pickup part skipped
    const records = await recordsOf(payload);
    expect(
      records.map((record) => [record.status, record.serviceCode, record.serviceCodeSource]).sort(),
    ).toEqual([
      ["skipped", null, null],
      ["submitted", "EXPRESS", "shipping_line"],
      ["submitted", "NACIONAL", "shipping_line"],
    ]);
  });
});
