// The catalogue sync records codes with parameters; the page words them from either catalogue.
// Every code reads in both languages with the same placeholders, and the parts a reason is made of
// (where, each unreadable side, the other variants, the service's error) read in the page's
// language too. (The sync's real output is checked end to end in
// test/integration/catalog/sku-lookup.test.ts: every skipped demo variant gets words.)
import { describe, expect, it } from "vitest";
import { duplicateSkuReason } from "~/catalog/duplicate-skus";
import { mapVariant } from "~/catalog/map-variant";
import {
  CATALOG_REASON_CODES,
  DIMENSION_PROBLEMS,
  catalogReason,
  catalogReasonColumns,
  serviceErrorReason,
  stillRegistered,
  storedCatalogReason,
} from "~/catalog/reason-codes";
import { catalogReasonWords } from "~/catalog/reason-words";
import type { VariantSnapshot } from "~/catalog/variant-snapshot";
import { translator } from "~/i18n/locale";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";
import { SERVICE_ERROR_CODES } from "~/svc/error-codes";

const ES = translator("es");
const EN = translator("en");
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("catalogue reason codes", () => {
  it("keeps only parameters with a value, and reads stored columns back (unknown codes as none)", () => {
    expect(catalogReason("alreadyThere", { sku: "A", id: null, other: undefined })).toEqual({
      code: "alreadyThere",
      params: { sku: "A" },
    });
    expect(catalogReasonColumns(catalogReason("pendingNew"))).toEqual({ reasonCode: "pendingNew", reasonParams: {} });
    expect(catalogReasonColumns(null)).toEqual({ reasonCode: null, reasonParams: {} });
    expect(storedCatalogReason("alreadyThere", { sku: "A", n: 3, id: "p-1" })).toEqual({
      code: "alreadyThere",
      params: { sku: "A", id: "p-1" },
    });
    expect(storedCatalogReason("somethingElse", {})).toBeNull();
    expect(storedCatalogReason(null, {})).toBeNull();
  });

  it("has every code, part and dimension problem in Spanish and English with the same placeholders", () => {
    expect(Object.keys(es.catalog.reasons).sort()).toEqual([...CATALOG_REASON_CODES].sort());
    expect(Object.keys(es.catalog.dimensionProblems).sort()).toEqual([...DIMENSION_PROBLEMS].sort());
    for (const code of CATALOG_REASON_CODES) {
      expect(es.catalog.reasons[code], code).toMatch(/\S/);
      expect(placeholders(en.catalog.reasons[code]), code).toEqual(placeholders(es.catalog.reasons[code]));
    }
    for (const problem of DIMENSION_PROBLEMS) {
      expect(placeholders(en.catalog.dimensionProblems[problem])).toEqual(
        placeholders(es.catalog.dimensionProblems[problem]),
      );
    }
    for (const part of Object.keys(es.catalog.reasonParts) as (keyof typeof es.catalog.reasonParts)[]) {
      expect(placeholders(en.catalog.reasonParts[part])).toEqual(placeholders(es.catalog.reasonParts[part]));
    }
  });

  it("never points the merchant to a setting Configuración does not have", () => {
    // Dimensions and weight are fixed in Shopify; Configuración has no default package.
    for (const words of [es.catalog.reasons.noDimensions, es.catalog.reasons.noWeight]) {
      expect(words).toMatch(/Shopify/);
      expect(words).not.toMatch(/paquete predeterminado|configuración/i);
    }
    for (const words of [en.catalog.reasons.noDimensions, en.catalog.reasons.noWeight]) {
      expect(words).toMatch(/Shopify/);
      expect(words).not.toMatch(/default package|settings/i);
    }
  });
});

describe("catalogReasonWords", () => {
  const settings = {
    dimensionNamespace: "custom",
    lengthKey: "length",
    widthKey: "width",
    heightKey: "height",
    defaultPackage: null,
  };
  const snapshot: VariantSnapshot = {
    productId: "gid://shopify/Product/1",
    variantId: "gid://shopify/ProductVariant/1",
    inventoryItemId: null,
    productTitle: "Taza",
    variantTitle: "Azul",
    productHasOnlyDefaultVariant: false,
    sku: "TAZA-AZ",
    barcode: null,
    requiresShipping: true,
    weight: { unit: "GRAMS", value: 450 },
    variantImageUrl: null,
    productImageUrl: null,
    variantDimensions: {
      length: { type: "number_decimal", value: "12" },
      width: { type: "number_decimal", value: "abc" },
      height: null,
    },
    productDimensions: { length: null, width: null, height: null },
  };

  it("words what the sync records for a variant with unreadable dimensions, in both languages", () => {
    const mapping = mapVariant(snapshot, settings);
    if (mapping.kind !== "skipped") throw new Error("expected a skip");
    expect(mapping.reason).toEqual({
      code: "invalidDimensions",
      params: {
        where: "variant",
        problem1: "notNumber",
        metafield1: "custom.width",
        detail1: '"abc"',
        problem2: "missing",
        metafield2: "custom.height",
      },
    });
    expect(catalogReasonWords(ES, mapping.reason)).toBe(
      'Medidas incompletas o no válidas en la variante: custom.width no es un número ("abc"); falta custom.height.',
    );
    expect(catalogReasonWords(EN, mapping.reason)).toBe(
      'Incomplete or invalid dimensions on the variant: custom.width is not a number ("abc"); custom.height is missing.',
    );
  });

  it("names the other variants of a duplicate SKU, marking those already registered", () => {
    const reason = duplicateSkuReason("JAB-LAV", [
      { variantId: "1", sku: "JAB-LAV", name: "Jabón - Lavanda", registered: false },
      { variantId: "4", sku: "JAB-LAV", name: "Jabón grande", registered: true },
    ]);
    expect(catalogReasonWords(ES, reason)).toBe(
      "SKU duplicado: JAB-LAV también lo usa «Jabón - Lavanda», «Jabón grande» (ya registrada en el servicio). Cada variante necesita un SKU único para registrarse en el servicio.",
    );
    expect(catalogReasonWords(EN, reason)).toBe(
      "Duplicate SKU: JAB-LAV is also used by “Jabón - Lavanda”, “Jabón grande” (already registered at the service). Each variant needs a unique SKU to be registered at the service.",
    );
  });

  it("adds that a skipped variant stays registered at the service", () => {
    const reason = stillRegistered(catalogReason("noSku"));
    expect(catalogReasonWords(ES, reason)).toBe(
      `${es.catalog.reasons.noSku} Sigue registrada en el servicio con lo que se envió antes.`,
    );
    expect(catalogReasonWords(EN, reason)).toBe(
      `${en.catalog.reasons.noSku} It stays registered at the service with what was sent before.`,
    );
  });

  it("words a refusal from the service's error code, and a refusal recorded as text as the service's", () => {
    const refused = serviceErrorReason("forbidden", "permission-error: insert failed");
    expect(catalogReasonWords(ES, refused)).toBe(`El servicio rechazó el registro. ${es.serviceErrors.forbidden}`);
    expect(catalogReasonWords(EN, refused)).toBe(`The service refused to register it. ${en.serviceErrors.forbidden}`);
    expect(catalogReasonWords(EN, catalogReason("serviceError", { error: "nonsense" }))).toBe(
      `The service refused to register it. ${en.serviceErrors.unexpected}`,
    );
    expect(SERVICE_ERROR_CODES).toContain("forbidden");
    // A refusal no error code says more about is the service's own words.
    expect(serviceErrorReason("unexpected", "nombre demasiado largo")).toEqual({
      code: "serviceRefused",
      params: { said: "nombre demasiado largo" },
    });
    const said = catalogReason("serviceRefused", { said: "UPC inválido" });
    expect(catalogReasonWords(ES, said)).toBe("El servicio lo rechazó: UPC inválido");
    expect(catalogReasonWords(EN, said)).toBe("The service refused it: UPC inválido");
  });

  it("fills every parameter of a code and never shows a placeholder", () => {
    expect(catalogReasonWords(EN, catalogReason("alreadyThere", { sku: "TAZA-AZ", id: "p-1" }))).toBe(
      "SKU TAZA-AZ was already registered at the service (id p-1); linked without sending it again.",
    );
    expect(catalogReasonWords(ES, catalogReason("barcodeTaken", { upc: "750", sku: "OTRO" }))).toMatch(
      /^El código de barras 750 ya está registrado en el servicio para el SKU OTRO\./,
    );
    expect(catalogReasonWords(EN, catalogReason("alreadyThere"))).not.toMatch(/\{\w+\}/);
    expect(catalogReasonWords(EN, null)).toBeNull();
  });
});
