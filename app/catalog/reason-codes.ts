/**
 * The catalogue sync writes each variant's reason in Spanish (the stored text; support and the
 * API read it). The page shows it in the merchant's language: each sentence the sync writes is
 * recognised here as a code and its parameters (pure), translated from `catalog.reasons.<code>`.
 * A sentence no pattern knows (the service's own refusal, a new one) is shown as written.
 * test/unit/catalog/reason-codes.test.ts feeds the sentences the sync produces.
 */
import { matchCodedMessage, type CodedMessage } from "../i18n/coded-message";

export const CATALOG_REASON_CODES = [
  "notShippable",
  "noSku",
  "noWeight",
  "belowHalfGram",
  "unknownWeightUnit",
  "invalidWeight",
  "invalidDimensions",
  "tooLarge",
  "noDimensions",
  "duplicateSku",
  "deleted",
  "deletedRegistered",
  "pendingNew",
  "pendingCheck",
  "noShopifyData",
  "alreadyThere",
  "changedAfterRegistering",
  "existedWithOtherData",
] as const;

type CatalogReasonCode = (typeof CATALOG_REASON_CODES)[number];

export type CatalogReasonMessage = CodedMessage<CatalogReasonCode>;

const PATTERNS: ReadonlyArray<readonly [CatalogReasonCode, RegExp]> = [
  ["notShippable", /^No requiere envío \(p\. ej\. tarjeta de regalo o producto digital\)/],
  ["noSku", /^No tiene SKU\. Agrega un SKU único/],
  ["noWeight", /^No tiene peso \(o es 0\)/],
  ["belowHalfGram", /^Pesa menos de medio gramo/],
  ["unknownWeightUnit", /^El peso está en una unidad desconocida\.$/],
  ["invalidWeight", /^El peso capturado no es válido\.$/],
  ["invalidDimensions", /^Medidas incompletas o no válidas en (?<where>.+?): (?<problems>.*)\.$/s],
  ["tooLarge", /^Las medidas son demasiado grandes para el servicio/],
  ["noDimensions", /^No tiene medidas: agrega los metafields (?<length>\S+), (?<width>\S+) y (?<height>\S+) \(en cm\)/],
  ["duplicateSku", /^SKU duplicado: (?<sku>.+?) también lo usa (?<others>.+?)\. Cada variante necesita un SKU único/s],
  ["deletedRegistered", /^Eliminada en Shopify\. El servicio no permite borrar ni modificar productos/],
  ["deleted", /^Eliminada en Shopify\.$/],
  ["pendingNew", /^En cola para registrarse en el servicio\.$/],
  ["pendingCheck", /^Cambió en Shopify: en cola para compararse con lo registrado en el servicio\.$/],
  ["noShopifyData", /^Sin datos de Shopify\.$/],
  [
    "alreadyThere",
    /^El SKU (?<sku>.+?) ya estaba registrado en el servicio \(id (?<id>[^)]*)\); se vinculó sin volver a enviarlo\.$/,
  ],
  ["changedAfterRegistering", /^Cambió en Shopify después de registrarse\./],
  ["existedWithOtherData", /^El SKU ya estaba registrado en el servicio con otros datos\./],
];

/** The code and parameters of a reason the sync writes; null for one it does not know. */
export function catalogReasonMessage(text: string | null | undefined): CatalogReasonMessage | null {
  return matchCodedMessage(PATTERNS, text);
}
