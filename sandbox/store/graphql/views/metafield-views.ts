import { createHash } from "node:crypto";
import { numericId, parseGid } from "../../ids";
import { APP_NAMESPACE, findMetafield, metafieldsOf } from "../../state/metafield-store";
import type { MetafieldRecord } from "../../state/records";
import { isoUtc } from "../../timestamps";
import { paginate, type ConnectionArgs } from "../connection";
import type { StoreContext } from "../context";
import { views } from "./links";

const OWNER_TYPES: Record<string, string> = {
  Product: "PRODUCT",
  ProductVariant: "PRODUCTVARIANT",
  Order: "ORDER",
  Shop: "SHOP",
};

export function metafieldView(ctx: StoreContext, record: MetafieldRecord) {
  return {
    __typename: "Metafield",
    id: record.id,
    legacyResourceId: String(numericId(record.id)),
    namespace: record.namespace,
    key: record.key,
    type: record.type,
    value: record.value,
    jsonValue: () => jsonValue(record),
    compareDigest: () => compareDigest(record.value),
    ownerType: OWNER_TYPES[parseGid(record.ownerId)?.type ?? ""] ?? "SHOP",
    owner: () => views.nodeById(ctx, record.ownerId),
    createdAt: isoUtc(record.createdAt),
    updatedAt: isoUtc(record.updatedAt),
  };
}

/** `metafield(namespace, key)` and `metafields(...)` for any owner that has metafields. */
export function metafieldFields(ctx: StoreContext, ownerId: string) {
  return {
    metafield: (args: { namespace?: string | null; key: string }) => {
      const found = findMetafield(ctx.shop, ownerId, args.namespace ?? APP_NAMESPACE, args.key);
      return found ? metafieldView(ctx, found) : null;
    },
    metafields: (args: ConnectionArgs & { namespace?: string | null; keys?: string[] | null }) => {
      const matching = metafieldsOf(ctx.shop, ownerId).filter(
        (m) =>
          (!args.namespace || m.namespace === args.namespace) &&
          (!args.keys || args.keys.includes(`${m.namespace}.${m.key}`)),
      );
      return paginate(
        matching,
        args,
        "metafields",
        (m) => [numericId(m.id), numericId(m.id)],
        (m) => metafieldView(ctx, m),
      );
    },
  };
}

export function compareDigest(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

function jsonValue(record: MetafieldRecord): unknown {
  switch (record.type) {
    case "number_integer":
      return Number(record.value);
    case "boolean":
      return record.value === "true";
    case "dimension":
    case "weight":
    case "volume":
    case "json":
      return JSON.parse(record.value);
    default:
      return record.value;
  }
}
