import { describe, expect, it } from "vitest";
import {
  resolveDimensions,
  sideToCm,
  volumeCm3,
  type DimensionMetafields,
  type MetafieldValue,
} from "~/catalog/dimensions";
import { formatExact } from "~/catalog/exact-decimal";

const NAMES = { length: "custom.length", width: "custom.width", height: "custom.height" };
const NONE: DimensionMetafields = { length: null, width: null, height: null };
const decimal = (value: string): MetafieldValue => ({ type: "number_decimal", value });
const dimension = (value: number | string, unit: string): MetafieldValue => ({
  type: "dimension",
  value: JSON.stringify({ value, unit }),
});
const sides = (l: MetafieldValue | null, w: MetafieldValue | null, h: MetafieldValue | null): DimensionMetafields => ({
  length: l,
  width: w,
  height: h,
});

function cm(metafield: MetafieldValue): string {
  const read = sideToCm(metafield);
  if (!read.ok) throw new Error(read.problem);
  return formatExact(read.cm);
}

describe("sideToCm", () => {
  it.each([
    [decimal("12.0"), "12"],
    [decimal("3.5"), "3.5"],
    [{ type: "number_integer", value: "30" }, "30"],
    [dimension(14, "in"), "35.56"],
    [dimension(4.5, "in"), "11.43"],
    [dimension(210, "mm"), "21"],
    [dimension(0.3, "m"), "30"],
    [dimension(1, "ft"), "30.48"],
    [dimension(1, "yd"), "91.44"],
    [dimension("12.5", "cm"), "12.5"],
    [dimension(0.3333, "in"), "0.85"], // 0.846582 rounds half up to two decimals
  ])("reads %j as %s cm", (metafield, expected) => {
    expect(cm(metafield)).toBe(expected);
  });

  it.each([
    [decimal("abc"), { problem: "notNumber", detail: '"abc"' }],
    [decimal("0"), { problem: "notPositive" }],
    [decimal("-4"), { problem: "notPositive" }],
    [dimension(3, "furlong"), { problem: "unknownUnit", detail: "furlong" }],
    [
      { type: "dimension", value: "{not json" },
      { problem: "unreadable", detail: '"{not json"' },
    ],
  ])("says why %j cannot be used, as a code", (metafield, problem) => {
    expect(sideToCm(metafield)).toEqual({ ok: false, ...problem });
  });
});

describe("resolveDimensions", () => {
  const product = sides(decimal("12.0"), decimal("9.0"), decimal("10.0"));
  const variant = sides(dimension(35, "cm"), dimension(25, "cm"), dimension(4, "cm"));

  it("prefers the variant's metafields over the product's", () => {
    const result = resolveDimensions({ variant, product, defaultPackage: null, names: NAMES });
    expect(result.kind === "found" && result.source).toBe("variant");
  });

  it("falls back to the product's, then to the shop's default package, then to none", () => {
    expect(resolveDimensions({ variant: NONE, product, defaultPackage: null, names: NAMES })).toMatchObject({
      kind: "found",
      source: "product",
    });
    const fallback = resolveDimensions({
      variant: NONE,
      product: NONE,
      defaultPackage: { length: "30", width: "20", height: "10.5" },
      names: NAMES,
    });
    expect(fallback).toMatchObject({ kind: "found", source: "default-package" });
    if (fallback.kind === "found") expect(formatExact(volumeCm3(fallback.cm))).toBe("6300");
    expect(resolveDimensions({ variant: NONE, product: NONE, defaultPackage: null, names: NAMES })).toEqual({
      kind: "none",
    });
  });

  it("reports an incomplete set instead of silently using the next level", () => {
    const result = resolveDimensions({
      variant: sides(decimal("44.0"), decimal("44.0"), null),
      product,
      defaultPackage: { length: "1", width: "1", height: "1" },
      names: NAMES,
    });
    expect(result).toEqual({
      kind: "invalid",
      source: "variant",
      problems: [{ problem: "missing", metafield: "custom.height" }],
    });
  });

  it("computes the volume exactly from the rounded sides", () => {
    const result = resolveDimensions({
      variant: sides(dimension(3, "in"), dimension(3, "in"), dimension(4.5, "in")),
      product: NONE,
      defaultPackage: null,
      names: NAMES,
    });
    if (result.kind !== "found") throw new Error("expected dimensions");
    expect(formatExact(volumeCm3(result.cm))).toBe("663.676092"); // 7.62 × 7.62 × 11.43
  });
});
