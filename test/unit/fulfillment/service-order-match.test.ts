import { describe, expect, it } from "vitest";
import { linesOfAnotherPart } from "~/fulfillment/core/service-order-match";

const sent = [
  { identifier: "TAZA-AZ", quantity: 2 },
  { identifier: "CAFE-500", quantity: 1 },
];
const line = (sku: string, quantity: number, picked: boolean | number | string | null = false) => ({
  sku,
  quantity,
  picked,
});

describe("whether a service order can be the part a record sent", () => {
  it("accepts exactly the units sent, in any order and however the service splits its lines", () => {
    expect(linesOfAnotherPart(sent, [line("CAFE-500", 1), line("TAZA-AZ", 1), line("TAZA-AZ", 1)])).toBeNull();
  });

  it("refuses another part's lines, naming both", () => {
    expect(linesOfAnotherPart(sent, [line("CAFE-500", 1)])).toEqual({
      sent: "TAZA-AZ × 2, CAFE-500 × 1",
      found: "CAFE-500 × 1",
    });
    expect(linesOfAnotherPart(sent, [line("TAZA-AZ", 2), line("CAFE-500", 1), line("PLATO-GR", 1)])).not.toBeNull();
    expect(linesOfAnotherPart(sent, [])).toEqual({ sent: "TAZA-AZ × 2, CAFE-500 × 1", found: "—" });
  });

  it("once picked, accepts fewer units (a short shipment) but never other SKUs or more units", () => {
    expect(linesOfAnotherPart(sent, [line("TAZA-AZ", 1, true)])).toBeNull();
    expect(linesOfAnotherPart(sent, [line("TAZA-AZ", 1, 1)])).toBeNull();
    expect(linesOfAnotherPart(sent, [line("TAZA-AZ", 3, true)])).not.toBeNull();
    expect(linesOfAnotherPart(sent, [line("PLATO-GR", 1, "true")])).not.toBeNull();
  });
});
