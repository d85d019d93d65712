/**
 * Products by the names the merchant knows them on Pedidos' reasons and timeline: the engine records
 * units as SKUs ("ALE-P × 2", its record for support), and the page shows "Cerveza pale ale (ALE-P) × 2".
 * Names come from the order's own lines, then the synced catalogue; a SKU neither knows stays a SKU.
 */
import type { PrismaClient } from "@prisma/client";
import type { ReasonMessage } from "../core/reason-codes";

/** Parameters that list units as "SKU × n, SKU × n". */
const UNIT_LISTS = ["products", "missing", "sent", "now", "found"] as const;
/** Parameters that name one product by its SKU. */
const ONE_PRODUCT = ["product"] as const;

const UNIT = /^(.+) × (\d+)$/;

/** The SKUs a message names. */
export function skusOf(message: ReasonMessage | null): string[] {
  if (!message) return [];
  const skus: string[] = [];
  for (const key of UNIT_LISTS) {
    for (const part of message.params[key]?.split(", ") ?? []) {
      const unit = UNIT.exec(part);
      if (unit) skus.push(unit[1]!);
    }
  }
  for (const key of ONE_PRODUCT) if (message.params[key]) skus.push(message.params[key]);
  return skus;
}

/** The message with its SKUs named ("Title (SKU)") where `names` knows them. */
export function withProductNames(message: ReasonMessage, names: ReadonlyMap<string, string>): ReasonMessage;
export function withProductNames(
  message: ReasonMessage | null,
  names: ReadonlyMap<string, string>,
): ReasonMessage | null;
export function withProductNames(
  message: ReasonMessage | null,
  names: ReadonlyMap<string, string>,
): ReasonMessage | null {
  if (!message) return null;
  const named = (sku: string) => {
    const name = names.get(sku);
    return name && name !== sku ? `${name} (${sku})` : sku;
  };
  const params = { ...message.params };
  for (const key of UNIT_LISTS) {
    if (!params[key]) continue;
    params[key] = params[key]
      .split(", ")
      .map((part) => {
        const unit = UNIT.exec(part);
        return unit ? `${named(unit[1]!)} × ${unit[2]}` : part;
      })
      .join(", ");
  }
  for (const key of ONE_PRODUCT) if (params[key]) params[key] = named(params[key]);
  return { ...message, params };
}

/**
 * Names for `skus`: the orders' own lines first (what the buyer bought, as Shopify named it), then
 * the shop's synced catalogue for the rest.
 */
export async function productNames(
  db: PrismaClient,
  shop: string,
  skus: Iterable<string>,
  lines: Iterable<{ sku: string | null; name: string }>,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const line of lines) if (line.sku && line.name && !names.has(line.sku)) names.set(line.sku, line.name);
  const missing = [...new Set(skus)].filter((sku) => !names.has(sku));
  if (missing.length > 0) {
    const variants = await db.catalogVariant.findMany({
      where: { shop, sku: { in: missing } },
      select: { sku: true, title: true },
    });
    for (const v of variants) if (v.sku && !names.has(v.sku)) names.set(v.sku, v.title);
  }
  return names;
}
