import { parseGid } from "../../ids";
import type { StoreContext } from "../context";
import { requireGid } from "../views/node";
import { orderView } from "../views/order-views";
import { productView } from "../views/product-views";

/** Tags as Shopify stores them: comma-split, trimmed, unique ignoring case, sorted. */
function normalizeTags(tags: string[]): string[] {
  const seen = new Map<string, string>();
  for (const tag of tags.flatMap((one) => one.split(","))) {
    const trimmed = tag.trim();
    if (trimmed && !seen.has(trimmed.toLowerCase())) seen.set(trimmed.toLowerCase(), trimmed);
  }
  return [...seen.values()].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
}

export function tagMutations(ctx: StoreContext) {
  const { shop } = ctx;
  function taggable(id: string) {
    requireGid(id);
    const type = parseGid(id)!.type;
    if (type === "Order") {
      const order = shop.orders.get(id);
      return order && { record: order, view: () => orderView(ctx, order) };
    }
    if (type === "Product") {
      const product = shop.products.get(id);
      return product && { record: product, view: () => productView(ctx, product) };
    }
    return undefined;
  }
  function change(id: string, apply: (current: string[]) => string[]) {
    const target = taggable(id);
    if (!target) return { node: null, userErrors: [{ field: ["id"], message: "Resource does not exist" }] };
    target.record.tags = normalizeTags(apply(target.record.tags));
    target.record.updatedAt = ctx.now();
    return { node: target.view(), userErrors: [] };
  }
  return {
    tagsAdd: ({ id, tags }: { id: string; tags: string[] }) => change(id, (current) => [...current, ...tags]),
    tagsRemove: ({ id, tags }: { id: string; tags: string[] }) => {
      const removed = new Set(normalizeTags(tags).map((tag) => tag.toLowerCase()));
      return change(id, (current) => current.filter((tag) => !removed.has(tag.toLowerCase())));
    },
  };
}
