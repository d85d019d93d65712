/**
 * `bulk_operations/finish`: Shopify says a bulk operation ended (completed, failed or cancelled).
 * The payload names the operation; if a running full sync waits on it, its job is woken now
 * instead of at its next poll. Waking is idempotent (a redelivery wakes a job that is already
 * due), so deliveries need no de-duplication, and nothing else is trusted from the payload: the
 * job asks Shopify for the operation's state.
 */
import { z } from "zod";
import { jobWriter } from "../jobs/queue.server";
import { issuePaths, WebhookPayloadError, type WebhookTopic } from "../shopify/webhook.server";
import { FULL_SYNC_QUEUE } from "./full-sync.server";

const finishPayload = z.looseObject({
  admin_graphql_api_id: z.string().regex(/^gid:\/\/shopify\/BulkOperation\/\d+$/),
  status: z.string().min(1),
});

export const bulkFinishTopic: WebhookTopic<{ operationId: string }> = {
  parse(payload) {
    const parsed = finishPayload.safeParse(payload);
    if (!parsed.success) {
      throw new WebhookPayloadError("malformed bulk_operations/finish payload", issuePaths(parsed.error.issues));
    }
    return { operationId: parsed.data.admin_graphql_api_id };
  },
  async accept({ db }, delivery, { operationId }) {
    const sync = await db.catalogSync.findFirst({
      where: { shop: delivery.shop, state: "running", bulkOperationId: operationId },
      select: { id: true },
    });
    if (!sync) return { woken: false };
    await jobWriter(db).enqueue({
      queue: FULL_SYNC_QUEUE,
      key: delivery.shop,
      shop: delivery.shop,
      payload: { syncId: sync.id },
    });
    return { woken: true, syncId: sync.id };
  },
};
