/**
 * The service's catalogue and stock in our own words (issue 20: wire names stay in app/svc).
 * The client's methods speak the wire, field by field as the contract tests check it; features
 * call these, which map to and from it and call the client's methods (so a wrapped client, as the
 * tests use, sees every call).
 */
import type { SvcClient } from "./client";
import { SvcConstraintViolationError, SvcInvalidRequestError, SvcPermissionError, type SvcError } from "./errors";
import type { Measure, ProductDimensions } from "./measures";
import type { SvcCallOptions } from "./options";
import type { SvcStockEntry } from "./wire/inventory";
import type { SvcNewProduct, SvcProductRecord } from "./wire/product";

/** A product to register at the service. */
export interface NewCatalogueProduct {
  sku: string;
  /** Barcode; "" when the variant has none. */
  upc?: string;
  name?: string;
  imageUrl?: string;
  dimensions?: ProductDimensions;
}

/** A product's measures as the lookup shows them: numbers or numeric text, each possibly missing. */
type RecordedDimensions = Record<Measure, string | number | null> & {
  /** The service's unit words, e.g. "GRAMOS" and "CENTIMETROS". */
  weightUnit: string | null;
  lengthUnit: string | null;
};

/** A product as the service's catalogue holds it. */
export interface CatalogueProduct {
  id: string;
  sku: string;
  upc: string | null;
  name: string | null;
  imageUrl: string | null;
  dimensions: RecordedDimensions | null;
  /** The id of its dimension record, null when it has none. */
  dimensionId: string | null;
}

/** One product a batch created, in the order sent. */
export interface CreatedCatalogueProduct {
  id: string;
  dimensionId: string | null;
}

/** What an all-or-nothing batch created. */
interface CreatedCatalogueProducts {
  products: CreatedCatalogueProduct[];
  /** Rows the service inserted: products and their dimension records together. */
  rowsInserted: number;
  requestId?: string;
}

/** One product's stock summed over every warehouse. */
interface StockEntry {
  sku: string;
  upc: string | null;
  name: string | null;
  imageUrl: string | null;
  /** Units that can still be ordered. */
  available: number;
  /** Units in the warehouse, including those already promised. */
  inStock: number;
}

/**
 * The body product/new receives for a product. The catalogue stores what it sends in this form
 * too (`sent`, the product of `current`) and hashes it, so rows and hashes written before the
 * domain names read and compare as they did.
 */
export function productBody(product: NewCatalogueProduct): SvcNewProduct {
  const body: SvcNewProduct = { sku: product.sku };
  if (product.upc !== undefined) body.upc = product.upc;
  if (product.name !== undefined) body.nombre = product.name;
  if (product.imageUrl !== undefined) body.imagen_url = product.imageUrl;
  const d = product.dimensions;
  if (d)
    body.dimension = { data: { peso: d.weight, ancho: d.width, largo: d.length, altura: d.height, volumen: d.volume } };
  return body;
}

/** Reads a body `productBody` wrote (as stored, so untyped); null when it is not one. */
export function productFromBody(body: unknown): NewCatalogueProduct | null {
  if (!isObject(body) || typeof body.sku !== "string") return null;
  const product: NewCatalogueProduct = { sku: body.sku };
  if (typeof body.upc === "string") product.upc = body.upc;
  if (typeof body.nombre === "string") product.name = body.nombre;
  if (typeof body.imagen_url === "string") product.imageUrl = body.imagen_url;
  const data = isObject(body.dimension) ? body.dimension.data : undefined;
  if (isObject(data)) {
    product.dimensions = {
      weight: measureText(data.peso),
      length: measureText(data.largo),
      width: measureText(data.ancho),
      height: measureText(data.altura),
      volume: measureText(data.volumen),
    };
  }
  return product;
}

/** A lookup's record in our words. */
function catalogueProductOf(record: SvcProductRecord): CatalogueProduct {
  const d = record.dimension;
  return {
    id: record.id,
    sku: record.sku,
    upc: record.upc ?? null,
    name: record.nombre ?? null,
    imageUrl: record.imagen_url ?? null,
    dimensions: d
      ? {
          weight: d.peso ?? null,
          length: d.largo ?? null,
          width: d.ancho ?? null,
          height: d.altura ?? null,
          volume: d.volumen ?? null,
          weightUnit: d.unidad_peso ?? null,
          lengthUnit: d.unidad_dimension ?? null,
        }
      : null,
    dimensionId: d?.id_dimension ?? null,
  };
}

/** A stock answer's entry in our words. */
function stockEntryOf(entry: SvcStockEntry): StockEntry {
  return {
    sku: entry.sku,
    upc: entry.upc ?? null,
    name: entry.nombre ?? null,
    imageUrl: entry.imagen_url ?? null,
    available: entry.disponibles,
    inStock: entry.en_inventario,
  };
}

/** Registers products in one all-or-nothing batch (product/new; never retried automatically). */
export async function createCatalogueProducts(
  client: SvcClient,
  products: NewCatalogueProduct[],
  options: SvcCallOptions = {},
): Promise<CreatedCatalogueProducts> {
  const result = await client.createProducts({ ...options, productos: products.map(productBody) });
  return {
    products: result.returning.map((created) => ({
      id: created.id,
      dimensionId: created.dimension?.id_dimension ?? null,
    })),
    rowsInserted: result.affected_rows,
    requestId: result.requestId,
  };
}

/** The catalogue's products with this SKU or UPC; empty when unknown. */
export async function findCatalogueProducts(
  client: SvcClient,
  identifier: string,
  options?: SvcCallOptions,
): Promise<CatalogueProduct[]> {
  return (await client.getProduct(identifier, options)).map(catalogueProductOf);
}

/** Stock per product summed over every warehouse. */
export async function stockLevels(client: SvcClient, options?: SvcCallOptions): Promise<StockEntry[]> {
  return (await client.getStock(options)).map(stockEntryOf);
}

/**
 * Which product of a batch of `count` the service (or the client's own check) refused: the index
 * the error carries, or the one its field path names (`productos[2].sku`); undefined when neither
 * says, or it is out of range.
 */
export function refusedProductIndex(error: SvcError, count: number): number | undefined {
  let index: number | undefined;
  if (error instanceof SvcConstraintViolationError || error instanceof SvcPermissionError) index = error.index;
  if (index === undefined) {
    const where = error instanceof SvcInvalidRequestError ? error.field : error.path;
    const match = where ? /productos\[(\d+)\]/.exec(where) : null;
    if (match) index = Number(match[1]);
  }
  return index !== undefined && index >= 0 && index < count ? index : undefined;
}

function measureText(value: unknown): string {
  if (typeof value === "string") return value;
  return typeof value === "number" ? String(value) : "";
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
