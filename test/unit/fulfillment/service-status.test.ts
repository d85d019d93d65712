import { describe, expect, it } from "vitest";
import { readServiceOrder, sameTracking, shippedProducts, trackingNumbers } from "~/fulfillment/core/service-status";
import { canTransition, furthest } from "~/fulfillment/core/status";

const tracking = {
  tracking: { number: "1234567890", carrier: "DHL", url: "https://rastreo.example/dhl/1234567890" },
};

describe("readServiceOrder", () => {
  it.each(["WAITING", "PICK", "PACK", "READY_TO_GO"])("reads %s as in progress at the warehouse", (status) => {
    expect(readServiceOrder({ status })).toEqual({ svcStatus: status, status: "in_progress", tracking: null });
  });

  it("reads IN_TRANSIT with its tracking as shipped", () => {
    expect(readServiceOrder({ status: "IN_TRANSIT", ...tracking })).toEqual({
      svcStatus: "IN_TRANSIT",
      status: "shipped",
      tracking: { number: "1234567890", company: "DHL", url: "https://rastreo.example/dhl/1234567890" },
    });
  });

  it("reads any status with a tracking number as shipped", () => {
    expect(readServiceOrder({ status: "EN_RUTA_LOCAL", ...tracking }).status).toBe("shipped");
  });

  it("reads DELIVERED as delivered", () => {
    expect(readServiceOrder({ status: "DELIVERED", ...tracking }).status).toBe("delivered");
  });

  it("keeps an unknown status without changing the state", () => {
    expect(readServiceOrder({ status: "INCIDENCIA" })).toEqual({
      svcStatus: "INCIDENCIA",
      status: null,
      tracking: null,
    });
    expect(readServiceOrder({ status: null })).toEqual({ svcStatus: null, status: null, tracking: null });
  });

  it("ignores a blank tracking number", () => {
    expect(readServiceOrder({ status: "READY_TO_GO", tracking: { number: "  " } }).tracking).toBeNull();
  });
});

describe("sameTracking", () => {
  it("compares number, carrier and link", () => {
    const a = { number: "1", company: "DHL", url: null };
    expect(sameTracking(a, { ...a })).toBe(true);
    expect(sameTracking(a, { ...a, number: "2" })).toBe(false);
    expect(sameTracking(null, null)).toBe(true);
    expect(sameTracking(a, null)).toBe(false);
  });
});

describe("the state machine", () => {
  it("follows the main line and never moves back", () => {
    expect(canTransition("pending", "submitting")).toBe(true);
    expect(canTransition("submitting", "submitted")).toBe(true);
    expect(canTransition("shipped", "in_progress")).toBe(false);
    expect(canTransition("delivered", "shipped")).toBe(false);
    expect(furthest("shipped", "in_progress")).toBe("shipped");
    expect(furthest("submitted", "delivered")).toBe("delivered");
  });

  it("never submits again from an unknown outcome or a submission in flight without a person", () => {
    expect(canTransition("unknown_outcome", "submitting")).toBe(false);
  });
});

describe("what the service reports shipped", () => {
  it("sums the order's lines per SKU, leaving out lines it marks as not picked", () => {
    const shipped = shippedProducts([
      { quantity: 2, sku: "TAZA-AZ", picked: true },
      { quantity: 1, sku: "TAZA-AZ", picked: true },
      { quantity: 1, sku: "CAFE-500", picked: false },
      { quantity: 0, sku: "PLATO-GR", picked: true },
    ]);
    expect([...shipped]).toEqual([["TAZA-AZ", 3]]);
  });

  it("is nothing, never everything, when the lookup lists no lines (issue 23)", () => {
    expect(shippedProducts(null).size).toBe(0);
    expect(shippedProducts(undefined).size).toBe(0);
    expect(shippedProducts([]).size).toBe(0);
  });

  it("reads several packages' tracking numbers from one field", () => {
    expect(trackingNumbers({ number: "123456, 789012;345", company: "DHL", url: null })).toEqual([
      "123456",
      "789012",
      "345",
    ]);
    expect(trackingNumbers({ number: "1234567890", company: null, url: null })).toEqual(["1234567890"]);
  });
});
