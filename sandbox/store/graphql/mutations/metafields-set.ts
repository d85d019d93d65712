import { parseGid } from "../../ids";
import { APP_NAMESPACE, findMetafield, upsertMetafield } from "../../state/metafield-store";
import type { StoreContext } from "../context";
import { compareDigest, metafieldView } from "../views/metafield-views";
import { METAFIELD_TYPES, metafieldValueProblem } from "./metafield-types";

interface MetafieldsSetInput {
  ownerId: string;
  namespace?: string | null;
  key: string;
  value: string;
  type?: string | null;
  compareDigest?: string | null;
}

interface SetError {
  field: string[];
  message: string;
  code: string;
  elementIndex: null;
}

const MAX_METAFIELDS = 25;

export function metafieldsSetMutation(ctx: StoreContext) {
  const { shop } = ctx;
  const ownerExists = (id: string): boolean => {
    const type = parseGid(id)?.type;
    if (type === "Product") return shop.products.has(id);
    if (type === "ProductVariant") return shop.variants.has(id);
    if (type === "Order") return shop.orders.has(id);
    if (type === "Shop") return id === shop.id;
    return false;
  };
  return {
    metafieldsSet: ({ metafields }: { metafields: MetafieldsSetInput[] }) => {
      if (metafields.length > MAX_METAFIELDS) {
        return {
          metafields: null,
          userErrors: [
            {
              field: ["metafields"],
              message: `Exceeded the maximum metafields input limit of ${MAX_METAFIELDS}.`,
              code: "LESS_THAN_OR_EQUAL_TO",
              elementIndex: null,
            },
          ],
        };
      }
      const errors: SetError[] = [];
      const resolved = metafields.map((input, index) => {
        const error = (name: string, message: string, code: string) =>
          errors.push({ field: ["metafields", String(index), name], message, code, elementIndex: null });
        const namespace = input.namespace ?? APP_NAMESPACE;
        const existing = ownerExists(input.ownerId)
          ? findMetafield(shop, input.ownerId, namespace, input.key)
          : undefined;
        const type = input.type ?? existing?.type;
        if (!ownerExists(input.ownerId)) error("ownerId", "Owner does not exist.", "INVALID_VALUE");
        if (input.key.length < 2) error("key", "Key is too short (minimum is 2 characters).", "TOO_SHORT");
        if (!type) error("type", "Type can't be blank.", "BLANK");
        else if (!METAFIELD_TYPES.includes(type)) {
          error("type", `Type must be one of the following: ${METAFIELD_TYPES.join(", ")}.`, "INCLUSION");
        } else {
          const problem = metafieldValueProblem(type, input.value);
          if (problem) error("value", problem, "INVALID_VALUE");
        }
        if (input.compareDigest != null && existing && compareDigest(existing.value) !== input.compareDigest) {
          error(
            "compareDigest",
            "The resource has been updated since it was loaded. Try again with an updated `compareDigest` value.",
            "STALE_OBJECT",
          );
        }
        return { ownerId: input.ownerId, namespace, key: input.key, type: type ?? "", value: input.value };
      });
      // metafieldsSet is atomic: one bad entry means nothing is written.
      if (errors.length > 0) return { metafields: null, userErrors: errors };
      const now = ctx.now();
      const saved = resolved.map((m) =>
        upsertMetafield(shop, m.ownerId, { namespace: m.namespace, key: m.key, type: m.type, value: m.value }, now),
      );
      return { metafields: saved.map((record) => metafieldView(ctx, record)), userErrors: [] };
    },
  };
}
