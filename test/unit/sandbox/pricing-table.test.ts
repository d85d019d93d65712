import { describe, expect, it } from "vitest";
import { billableKg } from "../../../sandbox/service/shipping/billable-weight";
import { formatCentavos, normaliseService, priceService } from "../../../sandbox/service/shipping/service-table";
import { locate } from "../../../sandbox/service/shipping/zones";

const dims = (peso: string, largo: string, ancho: string, altura: string) => ({
  id_dimension: "d",
  peso,
  largo,
  ancho,
  altura,
  volumen: "0",
});

describe("sandbox pricing table", () => {
  it("places postal codes in zones by their first two digits, with metro coverage", () => {
    expect(locate("06500")).toEqual({ zone: 1, metroCovered: true });
    expect(locate("54060")).toEqual({ zone: 1, metroCovered: false });
    expect(locate("72000")).toEqual({ zone: 2, metroCovered: false });
    expect(locate("44100")).toEqual({ zone: 3, metroCovered: true });
    expect(locate("44099")).toEqual({ zone: 3, metroCovered: false });
    expect(locate("64000")).toEqual({ zone: 4, metroCovered: true });
    expect(locate("22000")).toEqual({ zone: 5, metroCovered: false });
  });

  it("serves no invalid code and not the Islas Marías range", () => {
    for (const cp of ["00000", "00999", "17000", "19999", "6500", "065000", "ABCDE", "", "63900", "63999"]) {
      expect(locate(cp), cp).toBeUndefined();
    }
    expect(locate("63899")).toEqual({ zone: 4, metroCovered: false });
  });

  it("bills the larger of actual and volumetric weight, rounds up, never below 1 kg", () => {
    expect(billableKg([{ dimension: dims("100", "1", "1", "1"), cantidad: 1 }])).toBe(1);
    expect(billableKg([{ dimension: dims("1000", "1", "1", "1"), cantidad: 1 }])).toBe(1);
    expect(billableKg([{ dimension: dims("1000.001", "1", "1", "1"), cantidad: 1 }])).toBe(2);
    // 50 × 10 × 10 / 5000 = exactly 1 kg: no float drift may push it to 2
    expect(billableKg([{ dimension: dims("10", "50", "10", "10"), cantidad: 1 }])).toBe(1);
    expect(billableKg([{ dimension: dims("10", "0.1", "0.2", "0.3"), cantidad: 3 }])).toBe(1);
    expect(
      billableKg([
        { dimension: dims("450", "10", "10", "12"), cantidad: 3 },
        { dimension: dims("10", "40", "30", "30"), cantidad: 1 },
      ]),
    ).toBe(9);
  });

  it("formats integer centavos as two-decimal text", () => {
    expect([formatCentavos(0), formatCentavos(5), formatCentavos(9900), formatCentavos(123456)]).toEqual([
      "0.00",
      "0.05",
      "99.00",
      "1234.56",
    ]);
  });

  it("prices base plus per-kg beyond the first, with the zone's days", () => {
    expect(priceService("NACIONAL", 5, 10)).toMatchObject({ totalPricing: "504.00", days: 7 });
    expect(priceService("EXPRESS", 1, 1)).toMatchObject({ totalPricing: "189.00", days: 1, provider: "DHL" });
  });

  it("reads PROGRAMADA as PROGRAMADO and anything unknown as NACIONAL", () => {
    expect(["programada", "PROGRAMADO", " express ", "URGENTE", ""].map(normaliseService)).toEqual([
      "PROGRAMADO",
      "PROGRAMADO",
      "EXPRESS",
      "NACIONAL",
      "NACIONAL",
    ]);
  });
});
