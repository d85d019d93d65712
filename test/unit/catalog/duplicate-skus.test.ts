import { describe, expect, it } from "vitest";
import { duplicateSkuReason, findDuplicateSkus } from "~/catalog/duplicate-skus";

describe("findDuplicateSkus", () => {
  it("finds every variant sharing a SKU and names the others", () => {
    const holders = [
      { variantId: "1", sku: "JAB-LAV", name: "Jabón - Lavanda", registered: false },
      { variantId: "2", sku: "JAB-LAV", name: "Jabón - Cempasúchil", registered: false },
      { variantId: "3", sku: "JAB-CAF", name: "Jabón - Café", registered: false },
      { variantId: "4", sku: "JAB-LAV", name: "Jabón grande", registered: true },
    ];
    const duplicates = findDuplicateSkus(holders);
    expect([...duplicates.keys()].sort()).toEqual(["1", "2", "4"]);
    expect(duplicates.get("1")!.map((h) => h.name)).toEqual(["Jabón - Cempasúchil", "Jabón grande"]);
    const reason = duplicateSkuReason("JAB-LAV", duplicates.get("2")!);
    expect(reason).toMatchObject({ code: "duplicateSku", params: { sku: "JAB-LAV" } });
    expect(JSON.parse(reason.params.others!)).toEqual([
      { name: "Jabón - Lavanda", registered: false },
      { name: "Jabón grande", registered: true },
    ]);
  });

  it("finds nothing when every SKU is unique", () => {
    expect(findDuplicateSkus([{ variantId: "1", sku: "A", name: "A", registered: false }]).size).toBe(0);
  });
});
