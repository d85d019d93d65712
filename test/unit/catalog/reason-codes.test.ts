// The catalogue sync's Spanish reasons become codes the page translates; every code reads in both
// catalogues with the same placeholders. (The sync's real output is checked end to end in
// test/integration/catalog/sku-lookup.test.ts: every skipped demo variant gets a code.)
import { describe, expect, it } from "vitest";
import { duplicateSkuReason } from "~/catalog/duplicate-skus";
import { CATALOG_REASON_CODES, catalogReasonMessage } from "~/catalog/reason-codes";
import { PENDING_CHECK, PENDING_NEW } from "~/catalog/status";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";

describe("catalogReasonMessage", () => {
  it("reads the sync's sentences with their parameters", () => {
    expect(
      catalogReasonMessage(duplicateSkuReason("JAB-LAV", [{ name: "Jabón - Lavanda", registered: false }] as never)),
    ).toEqual({
      code: "duplicateSku",
      params: { sku: "JAB-LAV", others: "«Jabón - Lavanda»" },
    });
    expect(catalogReasonMessage(PENDING_NEW)?.code).toBe("pendingNew");
    expect(catalogReasonMessage(PENDING_CHECK)?.code).toBe("pendingCheck");
    expect(
      catalogReasonMessage(
        "No tiene medidas: agrega los metafields custom.length, custom.width y custom.height (en cm) a la variante o al producto, o define un paquete predeterminado en la configuración.",
      ),
    ).toEqual({
      code: "noDimensions",
      params: { length: "custom.length", width: "custom.width", height: "custom.height" },
    });
    // Rows stored before the sentence stopped pointing to a default-package setting (there is none) read the same.
    expect(
      catalogReasonMessage(
        "No tiene medidas: agrega los metafields custom.length, custom.width y custom.height (en cm) a la variante o al producto.",
      )?.code,
    ).toBe("noDimensions");
    expect(catalogReasonMessage("permission-error: insert failed")).toBeNull();
  });

  it("has every code in Spanish and English with the same placeholders", () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(es.catalog.reasons).sort()).toEqual([...CATALOG_REASON_CODES].sort());
    for (const code of CATALOG_REASON_CODES) {
      expect(es.catalog.reasons[code], code).toMatch(/\S/);
      expect(placeholders(en.catalog.reasons[code]), code).toEqual(placeholders(es.catalog.reasons[code]));
    }
  });
});
