import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { coveredByStock, missingUnits } from "~/fulfillment/core/awaiting-stock";

const SKUS = ["PLATO-GR", "TAZA-AZ", "CAFE-500"];

describe("what an order waiting for stock lacks", () => {
  it("is each SKU's units beyond what the stock read shows (a SKU it does not list has none)", () => {
    const available = new Map([
      ["PLATO-GR", 1],
      ["TAZA-AZ", 5],
    ]);
    const lines = [
      { sku: "PLATO-GR", quantity: 2 },
      { sku: " PLATO-GR", quantity: 1 },
      { sku: "TAZA-AZ", quantity: 2 },
      { sku: "CAFE-500", quantity: 1 },
    ];
    expect(missingUnits(lines, available)).toEqual([
      { sku: "PLATO-GR", quantity: 2 },
      { sku: "CAFE-500", quantity: 1 },
    ]);
  });

  it("is what the service named when the read (older than the refusal) still shows enough", () => {
    const available = new Map([
      ["PLATO-GR", 9],
      ["TAZA-AZ", 9],
    ]);
    const lines = [
      { sku: "PLATO-GR", quantity: 2 },
      { sku: "TAZA-AZ", quantity: 1 },
    ];
    expect(missingUnits(lines, available, "TAZA-AZ")).toEqual([{ sku: "TAZA-AZ", quantity: 1 }]);
    expect(missingUnits(lines, available)).toEqual(lines);
  });
});

describe("the waiting orders a stock read covers", () => {
  const order = fc.record({
    id: fc.uuid(),
    units: fc.array(fc.record({ sku: fc.constantFrom(...SKUS), quantity: fc.integer({ min: 1, max: 5 }) }), {
      minLength: 1,
      maxLength: 3,
    }),
  });
  const stock = fc
    .tuple(...SKUS.map(() => fc.integer({ min: 0, max: 12 })))
    .map((units) => new Map(SKUS.map((sku, i) => [sku, units[i]!])));

  it("never hand out more units than the read shows, and leave no waiting order the rest would still cover", () => {
    fc.assert(
      fc.property(fc.array(order, { maxLength: 8 }), stock, (waiting, available) => {
        const covered = coveredByStock(waiting, available);
        const left = new Map(available);
        for (const o of covered) for (const line of o.units) left.set(line.sku, left.get(line.sku)! - line.quantity);
        for (const units of left.values()) expect(units).toBeGreaterThanOrEqual(0);
        // Oldest first: an order left waiting did not fit in what remained when its turn came,
        // so it does not fit in what remains after all the later ones either.
        for (const o of waiting.filter((w) => !covered.includes(w))) {
          const need = new Map<string, number>();
          for (const line of o.units) need.set(line.sku, (need.get(line.sku) ?? 0) + line.quantity);
          expect([...need].some(([sku, units]) => left.get(sku)! < units)).toBe(true);
        }
      }),
    );
  });

  it("serves the oldest first when the units cover only one", () => {
    const older = { id: "a", units: [{ sku: "PLATO-GR", quantity: 3 }] };
    const newer = { id: "b", units: [{ sku: "PLATO-GR", quantity: 1 }] };
    expect(coveredByStock([older, newer], new Map([["PLATO-GR", 3]]))).toEqual([older]);
    expect(coveredByStock([older, newer], new Map([["PLATO-GR", 4]]))).toEqual([older, newer]);
  });
});
