/**
 * `bulk_operations/finish`: Shopify says a bulk operation ended (completed, failed or cancelled).
 * The payload names the operation; if a running full sync waits on it, its job is woken now
 * instead of at its next poll. Waking is idempotent (a redelivery wakes a job that is already
 * due), so deliveries need no de-duplication, and nothing else is trusted from the payload: the
 * job asks Shopify for the operation's state.
 */
import type { PrismaClient } from "@prisma/client";
import { z } from "zod";
import { enqueueJob } from "../jobs/queue.server";
import { FULL_SYNC_QUEUE, FULL_SYNC_MAX_ATTEMPTS } from "./full-sync.server";
import { verifyWebhook, type VerifiedWebhook } from "./webhook-intake.server";

const finishPayload = z.looseObject({
  admin_graphql_api_id: z.string().regex(/^gid:\/\/shopify\/BulkOperation\/\d+$/),
  status: z.string().min(1),
});

export async function acceptBulkFinishWebhook(
  db: PrismaClient,
  verify: () => Promise<VerifiedWebhook>,
): Promise<Response> {
  const webhook = await verifyWebhook("bulk_operations/finish", verify);
  if (webhook instanceof Response) return webhook;
  const parsed = finishPayload.safeParse(webhook.payload);
  if (!parsed.success) {
    return Response.json(
      {
        error: "malformed bulk_operations/finish payload",
        issues: parsed.error.issues.map((i) => i.path.join(".") || "$"),
      },
      { status: 400 },
    );
  }
  const sync = await db.catalogSync.findFirst({
    where: { shop: webhook.shop, state: "running", bulkOperationId: parsed.data.admin_graphql_api_id },
    select: { id: true },
  });
  if (sync) {
    await enqueueJob(db, {
      queue: FULL_SYNC_QUEUE,
      key: webhook.shop,
      shop: webhook.shop,
      payload: { syncId: sync.id },
      maxAttempts: FULL_SYNC_MAX_ATTEMPTS,
    });
  }
  return new Response(null, { status: 200 });
}
