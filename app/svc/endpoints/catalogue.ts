import type { SvcCreateProductsResult } from "../results";
import type { RequestSpec } from "../transport";
import { parseWire } from "../validate";
import {
  createProductsResponseSchema,
  productLookupResponseSchema,
  type SvcNewProduct,
  type SvcProductRecord,
} from "../wire/product";

/** POST /api/rest/product/new: all-or-nothing batch insert; never repeated automatically. */
export function createProductsSpec(
  productos: SvcNewProduct[],
): RequestSpec<Omit<SvcCreateProductsResult, "requestId">> {
  return {
    endpoint: "createProducts",
    method: "POST",
    path: "/api/rest/product/new",
    body: { productos },
    sideEffects: true,
    parse: (json) => {
      const { insert_producto } = parseWire(createProductsResponseSchema, json);
      return { returning: insert_producto.returning, affected_rows: insert_producto.affected_rows };
    },
  };
}

/** GET /api/rest/product/{sku or upc}: matching catalogue entries (empty when unknown). */
export function getProductSpec(identifier: string): RequestSpec<SvcProductRecord[]> {
  return {
    endpoint: "getProduct",
    method: "GET",
    path: `/api/rest/product/${encodeURIComponent(identifier)}`,
    sideEffects: false,
    parse: (json) => parseWire(productLookupResponseSchema, json).producto,
  };
}
