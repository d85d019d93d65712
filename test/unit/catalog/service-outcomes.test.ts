import { describe, expect, it } from "vitest";
import type { MappedProduct } from "~/catalog/map-variant";
import { measureDifferences } from "~/catalog/measure-differences";
import { isWhatWasSent, verdictForExisting, verdictForRegistered } from "~/catalog/service-outcomes";

const product: MappedProduct = {
  sku: "TAZA-AZ",
  upc: "",
  name: "Taza de barro - Azul",
  dimensions: { weight: "450", length: "12", width: "9", height: "10", volume: "1080" },
};
// The lookup answers measures as numbers (the sandbox does; the live service may send text).
const atService = {
  id: "p-1",
  sku: "TAZA-AZ",
  upc: "",
  name: "Taza de barro - Azul",
  dimensions: { weight: 450, length: 12, width: 9, height: 10, volume: 1080 },
  dimensionId: "d-1",
};

describe("measureDifferences", () => {
  it("compares numbers and numeric text exactly", () => {
    expect(measureDifferences(atService.dimensions, product)).toEqual([]);
    expect(measureDifferences({ ...atService.dimensions, weight: "450.0" }, product)).toEqual([]);
  });

  it("lists each measure that differs, and all of them when one side has none", () => {
    expect(measureDifferences({ ...atService.dimensions, weight: 500 }, product)).toEqual([
      { field: "peso", service: "500", store: "450" },
    ]);
    expect(measureDifferences(null, product)).toHaveLength(5);
  });
});

describe("service verdicts", () => {
  it("keeps a variant the app registered in step when the service holds the same measures", () => {
    expect(verdictForRegistered(atService, product, true)).toEqual({ status: "synced", reason: null, differences: [] });
    expect(verdictForRegistered(atService, product, false)).toEqual({
      status: "exists_at_service",
      reason: { code: "alreadyThere", params: { sku: "TAZA-AZ", id: "p-1" } },
      differences: [],
    });
  });

  it("marks a variant drifted, listing the differences, when the store changed after registration", () => {
    const changed = { ...product, dimensions: { ...product.dimensions!, weight: "500" } };
    const verdict = verdictForRegistered(atService, changed, true);
    expect(verdict.status).toBe("drifted");
    expect(verdict.differences).toEqual([{ field: "peso", service: "450", store: "500" }]);
    expect(verdict.reason).toEqual({ code: "changedAfterRegistering", params: {} });
  });

  it("links a SKU the service already had, and calls it drifted when its measures differ", () => {
    expect(verdictForExisting(atService, product)).toMatchObject({
      status: "exists_at_service",
      reason: { code: "alreadyThere", params: { sku: "TAZA-AZ", id: "p-1" } },
    });
    expect(verdictForExisting({ ...atService, dimensions: null }, product)).toMatchObject({
      status: "drifted",
      reason: { code: "existedWithOtherData", params: {} },
    });
  });

  it("recognises the product the app itself sent", () => {
    expect(isWhatWasSent(atService, product)).toBe(true);
    expect(isWhatWasSent({ ...atService, name: "Otra taza" }, product)).toBe(false);
  });
});
