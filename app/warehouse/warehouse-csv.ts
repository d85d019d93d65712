/** «Almacén»'s rows as CSV (RFC 4180, a BOM so spreadsheets read the accents), in the merchant's words. */
import type { WarehouseRow } from "./warehouse-page.server";

interface CsvWords {
  sku: string;
  product: string;
  available: string;
  inStock: string;
  shopify: string;
  awaiting: string;
  difference: string;
  differs: string;
  inShopify: string;
  yes: string;
  no: string;
}

export function warehouseCsv(rows: readonly WarehouseRow[], words: CsvWords): string {
  const header = [
    words.sku,
    words.product,
    words.available,
    words.inStock,
    words.inShopify,
    words.shopify,
    words.awaiting,
    words.difference,
    words.differs,
  ];
  const lines = rows.map((row) => [
    row.sku,
    row.name ?? "",
    String(row.available),
    String(row.inStock),
    row.inShopify ? words.yes : words.no,
    row.shopifyAvailable === null ? "" : String(row.shopifyAvailable),
    String(row.awaiting),
    row.difference === null ? "" : String(row.difference),
    row.difference !== null && row.difference !== 0 ? words.yes : words.no,
  ]);
  return "\uFEFF" + [header, ...lines].map((cells) => cells.map(cell).join(",")).join("\r\n") + "\r\n";
}

/** One cell, quoted when it needs to be; a leading =, +, - or @ is neutralised (no formula injection). */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
