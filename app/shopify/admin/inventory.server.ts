/**
 * Inventory levels: read the available quantity of items at a location, set it compare-and-swap,
 * and stock an item at a location. Both writes carry `@idempotent(key:)`, which their schema
 * descriptions require since Admin API 2026-04: a resent request is applied once.
 */
import type { AdminGraphql } from "./client";
import { dataOf, ShopifyAdminError, throwOnUserErrors } from "./errors";
import type { StockAtWarehouseMutation, StockLevelsQuery, SetStockLevelsMutation } from "./types/admin.generated";
import type { InventorySetQuantitiesInput } from "./types/admin.types";

const READ_LEVELS = `#graphql
  query StockLevels($ids: [ID!]!, $locationId: ID!) {
    nodes(ids: $ids) {
      ... on InventoryItem {
        id
        inventoryLevel(locationId: $locationId) {
          quantities(names: ["available", "committed"]) { name quantity }
        }
      }
    }
  }
`;

const SET_LEVELS = `#graphql
  mutation SetStockLevels($input: InventorySetQuantitiesInput!, $idempotencyKey: String!) {
    inventorySetQuantities(input: $input) @idempotent(key: $idempotencyKey) {
      userErrors { code field message }
    }
  }
`;

const ACTIVATE = `#graphql
  mutation StockAtWarehouse($inventoryItemId: ID!, $locationId: ID!, $available: Int, $idempotencyKey: String!) {
    inventoryActivate(inventoryItemId: $inventoryItemId, locationId: $locationId, available: $available)
      @idempotent(key: $idempotencyKey) {
      inventoryLevel { id }
      userErrors { field message }
    }
  }
`;

/**
 * The available quantity of each inventory item at the location: null for an item not stocked
 * there; items Shopify does not know are left out.
 */
/** An inventory level's quantities the stock sync decides from. */
export interface StockLevel {
  available: number;
  /** Units of unfulfilled orders at the location: Shopify took them off `available` when they sold. */
  committed: number;
}

/** Each item's level at the location (`null`: the item is not stocked there). */
export async function readStockLevels(
  admin: AdminGraphql,
  args: { inventoryItemIds: string[]; locationId: string },
): Promise<Map<string, StockLevel | null>> {
  const { nodes } = dataOf(
    await admin<StockLevelsQuery>(READ_LEVELS, { ids: args.inventoryItemIds, locationId: args.locationId }),
    "stock levels",
  );
  const levels = new Map<string, StockLevel | null>();
  for (const node of nodes) {
    if (!node || !("id" in node) || !node.id) continue;
    const level = "inventoryLevel" in node ? node.inventoryLevel : null;
    const quantity = (name: string) => level?.quantities.find((q) => q.name === name)?.quantity;
    const available = quantity("available");
    levels.set(node.id, available === undefined ? null : { available, committed: quantity("committed") ?? 0 });
  }
  return levels;
}

/** Each item's available units at the location (`null`: not stocked there). */
export async function readAvailableLevels(
  admin: AdminGraphql,
  args: { inventoryItemIds: string[]; locationId: string },
): Promise<Map<string, number | null>> {
  const levels = await readStockLevels(admin, args);
  return new Map([...levels].map(([id, level]) => [id, level ? level.available : null]));
}

/**
 * Sets available quantities (each compare-and-swap on `changeFromQuantity`) under one idempotency
 * key. Answers "stale" when Shopify refused only because a level changed since it was read;
 * throws a ShopifyAdminError for any other refusal.
 */
export async function setAvailableLevels(
  admin: AdminGraphql,
  args: { input: InventorySetQuantitiesInput; idempotencyKey: string },
): Promise<"set" | "stale"> {
  const payload = dataOf(
    await admin<SetStockLevelsMutation>(SET_LEVELS, { input: args.input, idempotencyKey: args.idempotencyKey }),
    "inventorySetQuantities",
  ).inventorySetQuantities;
  const userErrors = payload?.userErrors ?? [];
  if (userErrors.length > 0 && userErrors.every((e) => e.code === "CHANGE_FROM_QUANTITY_STALE")) return "stale";
  throwOnUserErrors("inventorySetQuantities", userErrors);
  return "set";
}

/** Stocks an item at a location with `available` units (an item already stocked there is left as it is). */
export async function activateInventory(
  admin: AdminGraphql,
  args: { inventoryItemId: string; locationId: string; available: number; idempotencyKey: string },
): Promise<string> {
  const payload = dataOf(await admin<StockAtWarehouseMutation>(ACTIVATE, args), "inventoryActivate").inventoryActivate;
  throwOnUserErrors("inventoryActivate", payload?.userErrors);
  if (!payload?.inventoryLevel) {
    throw new ShopifyAdminError({ operation: "inventoryActivate", kind: "no_data", message: "no inventory level" });
  }
  return payload.inventoryLevel.id;
}
