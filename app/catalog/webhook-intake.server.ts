/**
 * The catalogue's webhook routes share one path: verify (authenticate.webhook answers 401 on a
 * bad HMAC), validate the payload (400, nothing written), record the delivery under its event
 * id (a duplicate answers 200 and changes nothing) and enqueue the work, all in one transaction,
 * then answer at once. The job does the Admin GraphQL and service calls after the answer.
 */
import type { PrismaClient } from "@prisma/client";
import { z } from "zod";
import { withJobs } from "../jobs/queue.server";
import { recordWebhookDelivery } from "../models/webhook-delivery.server";
import type { ProductJobPayload } from "./jobs.server";
import { followUpKey, PRODUCT_QUEUE } from "./product-sync.server";

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

export interface VerifiedWebhook {
  shop: string;
  topic: string;
  payload: unknown;
  eventId?: string;
  webhookId?: string;
  triggeredAt?: string;
}

/**
 * Verifies (with `verify`, i.e. authenticate.webhook), validates, de-duplicates and enqueues one
 * catalogue webhook; answers Shopify.
 */
export async function acceptCatalogWebhook(
  db: PrismaClient,
  topic: CatalogTopic,
  verify: () => Promise<VerifiedWebhook>,
): Promise<Response> {
  let webhook: VerifiedWebhook;
  try {
    webhook = await verify();
  } catch (error) {
    // authenticate.webhook checks the HMAC first, then parses: a correctly signed body that is not JSON.
    if (error instanceof SyntaxError)
      return Response.json({ error: `malformed ${topic} payload: not JSON` }, { status: 400 });
    throw error;
  }
  const spec = TOPICS[topic];
  const parsed = spec.schema.safeParse(webhook.payload);
  if (!parsed.success) {
    return Response.json(
      { error: `malformed ${topic} payload`, issues: parsed.error.issues.map((i) => i.path.join(".") || "$") },
      { status: 400 },
    );
  }
  const eventId = webhook.eventId || webhook.webhookId;
  if (!eventId) return Response.json({ error: "missing X-Shopify-Event-Id" }, { status: 400 });
  let { key, payload } = spec.job(parsed.data.id);
  if (payload.kind === "inventory_item") {
    // A known item is queued under its product's key, so the two never re-sync it side by side.
    const known = await db.catalogVariant.findFirst({
      where: { shop: webhook.shop, inventoryItemId: payload.inventoryItemId },
      select: { productId: true },
    });
    if (known) ({ key, payload } = productJob(known.productId, false));
  }
  await withJobs(db, async (tx, jobs) => {
    const first = await recordWebhookDelivery(tx, {
      shop: webhook.shop,
      topic,
      eventId,
      webhookId: webhook.webhookId ?? null,
      triggeredAt: webhook.triggeredAt ?? null,
    });
    if (!first) return;
    // A running job may have read the product before this change: queue a follow-up instead of
    // leaving the change to a job that is already past it (an enqueue leaves running rows alone).
    const primary = `${webhook.shop}:${key}`;
    const state = await jobs.state(PRODUCT_QUEUE, primary, { lock: true });
    const jobKey = state === "running" ? followUpKey(primary) : primary;
    await jobs.enqueue({ queue: PRODUCT_QUEUE, key: jobKey, shop: webhook.shop, payload });
  });
  return new Response(null, { status: 200 });
}
