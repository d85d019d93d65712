import { SandboxHttpError } from "../http/sandbox-error";
import type { SandboxStore } from "../state/store";
import type { ClientState, ProductRecord } from "../state/types";
import type { ProductInput } from "./product-schema";

/** SKUs with this prefix fail the insert permission check, a reproducible `permission-error`. */
const FORBIDDEN_SKU_PREFIX = "FORBIDDEN-";

export interface InsertDeps {
  store: SandboxStore;
  newId: () => string;
  now: number;
  initialStock: number;
}

export interface InsertResult {
  insert_producto: {
    returning: Array<{ id: string; dimension?: { id_dimension: string } }>;
    affected_rows: number;
  };
  inserted: ProductRecord[];
}

// The live service is Hasura-backed; its errors point into the GraphQL insert it runs.
const objectPath = (index: number) => `$.selectionSet.insert_producto.args.objects[${index}]`;

/** Empty UPCs are common (products without barcode) and are not subject to uniqueness. */
const upcOf = (input: ProductInput) => (input.upc && input.upc.trim() !== "" ? input.upc : null);

function rejectFirstBadElement(client: ClientState, productos: readonly ProductInput[]): void {
  const batchSkus = new Set<string>();
  const batchUpcs = new Set<string>();
  productos.forEach((input, index) => {
    if (input.sku.startsWith(FORBIDDEN_SKU_PREFIX)) {
      throw new SandboxHttpError(
        400,
        "permission-error",
        "check constraint of an insert permission has failed",
        objectPath(index),
      );
    }
    if (client.bySku.has(input.sku) || batchSkus.has(input.sku)) {
      throw new SandboxHttpError(
        400,
        "constraint-violation",
        'Uniqueness violation. duplicate key value violates unique constraint "producto_sku_id_cliente_key"',
        objectPath(index),
      );
    }
    const upc = upcOf(input);
    if (upc !== null && (client.byUpc.has(upc) || batchUpcs.has(upc))) {
      throw new SandboxHttpError(
        400,
        "constraint-violation",
        'Uniqueness violation. duplicate key value violates unique constraint "producto_upc_id_cliente_key"',
        objectPath(index),
      );
    }
    batchSkus.add(input.sku);
    if (upc !== null) batchUpcs.add(upc);
  });
}

/**
 * All-or-nothing insert: every element is checked before any is stored. `affected_rows` counts
 * products plus dimension records, as the live service's does.
 */
export function insertProducts(
  deps: InsertDeps,
  client: ClientState,
  productos: readonly ProductInput[],
): InsertResult {
  rejectFirstBadElement(client, productos);
  const returning: InsertResult["insert_producto"]["returning"] = [];
  const inserted: ProductRecord[] = [];
  let dimensionRows = 0;
  for (const input of productos) {
    const data = input.dimension?.data;
    const product: ProductRecord = {
      id: deps.newId(),
      sku: input.sku,
      upc: upcOf(input) ?? input.upc ?? null,
      nombre: input.nombre,
      imagen_url: input.imagen_url ?? null,
      dimension: data
        ? {
            id_dimension: deps.newId(),
            peso: data.peso,
            ancho: data.ancho,
            largo: data.largo,
            altura: data.altura,
            volumen: data.volumen,
          }
        : null,
      available: deps.initialStock,
      createdAt: deps.now,
    };
    deps.store.addProduct(client, product);
    inserted.push(product);
    if (product.dimension) {
      dimensionRows++;
      returning.push({ id: product.id, dimension: { id_dimension: product.dimension.id_dimension } });
    } else {
      returning.push({ id: product.id });
    }
  }
  return { insert_producto: { returning, affected_rows: inserted.length + dimensionRows }, inserted };
}
