/**
 * The catalogue's webhook topics of the one intake (app/shopify/webhook.server.ts): validate the
 * payload (400, nothing written), record the delivery under its event id (a duplicate answers 200
 * and changes nothing) and enqueue the work, in one transaction, then answer at once. The job
 * does the Admin GraphQL and service calls after the answer.
 */
import type { PrismaClient } from "@prisma/client";
import { z } from "zod";
import {
  deliverOnce,
  issuePaths,
  WebhookPayloadError,
  type WebhookDelivery,
  type WebhookTopic,
} from "../shopify/webhook.server";
import type { ProductJobPayload } from "./product-sync.server";
import { PRODUCT_QUEUE } from "./product-sync.server";

const resourceId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const productPayload = z.looseObject({
  id: resourceId,
  admin_graphql_api_id: z
    .string()
    .regex(/^gid:\/\/shopify\/Product\/\d+$/)
    .optional(),
  variants: z.array(z.looseObject({ id: resourceId })).optional(),
});
const productDeletePayload = z.looseObject({ id: resourceId });
const inventoryItemPayload = z.looseObject({
  id: resourceId,
  admin_graphql_api_id: z
    .string()
    .regex(/^gid:\/\/shopify\/InventoryItem\/\d+$/)
    .optional(),
});

export type CatalogTopic = "products/create" | "products/update" | "products/delete" | "inventory_items/update";

/** The payload check and the job of each topic (queue key: one job per shop and resource). */
const TOPICS: Record<
  CatalogTopic,
  { schema: z.ZodType<{ id: number }>; job(id: number): { key: string; payload: ProductJobPayload } }
> = {
  "products/create": { schema: productPayload, job: (id) => productJob(`gid://shopify/Product/${id}`, false) },
  "products/update": { schema: productPayload, job: (id) => productJob(`gid://shopify/Product/${id}`, false) },
  "products/delete": { schema: productDeletePayload, job: (id) => productJob(`gid://shopify/Product/${id}`, true) },
  "inventory_items/update": {
    schema: inventoryItemPayload,
    job: (id) => {
      const inventoryItemId = `gid://shopify/InventoryItem/${id}`;
      return { key: `inventory:${inventoryItemId}`, payload: { kind: "inventory_item", inventoryItemId } };
    },
  },
};

function productJob(productId: string, deleted: boolean): { key: string; payload: ProductJobPayload } {
  // create, update and delete of one product share a key: the latest event decides what runs.
  return { key: `product:${productId}`, payload: { kind: "product", productId, deleted } };
}

/** A catalogue topic of the one webhook intake (app/shopify/webhook.server.ts). */
export function catalogTopic(topic: CatalogTopic): WebhookTopic<{ key: string; payload: ProductJobPayload }> {
  const spec = TOPICS[topic];
  return {
    parse(payload) {
      const parsed = spec.schema.safeParse(payload);
      if (!parsed.success) throw new WebhookPayloadError(`malformed ${topic} payload`, issuePaths(parsed.error.issues));
      return spec.job(parsed.data.id);
    },
    accept: ({ db }, delivery, job) => enqueueCatalogWork(db, delivery, job),
  };
}

async function enqueueCatalogWork(
  db: PrismaClient,
  delivery: WebhookDelivery,
  job: { key: string; payload: ProductJobPayload },
) {
  let { key, payload } = job;
  if (payload.kind === "inventory_item") {
    // A known item is queued under its product's key, so the two never re-sync it side by side.
    const known = await db.catalogVariant.findFirst({
      where: { shop: delivery.shop, inventoryItemId: payload.inventoryItemId },
      select: { productId: true },
    });
    if (known) ({ key, payload } = productJob(known.productId, false));
  }
  return deliverOnce(db, delivery, async (_tx, jobs) => {
    // A job already running may have read the product before this change: the queue runs it
    // again once it ends (a wake-up of a running job, app/jobs/queue.server.ts).
    const jobKey = `${delivery.shop}:${key}`;
    await jobs.enqueue({ queue: PRODUCT_QUEUE, key: jobKey, shop: delivery.shop, payload });
    return { key: jobKey };
  });
}
