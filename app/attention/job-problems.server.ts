// Background jobs that gave up, shown on the admin page they belong to with a retry: order work on
// Pedidos (next to the order's name), catalogue work on Catálogo, shop-level work on Inicio. The
// page says what the job does (its `kind`, worded by the page's messages) and what failed last, in
// words from its code (the error's own text stays in the logs).
import type { PrismaClient } from "@prisma/client";
import { FULL_SYNC_QUEUE } from "../catalog/full-sync.server";
import { PRODUCT_QUEUE } from "../catalog/product-sync.server";
import {
  NOTE_QUEUE,
  POLL_QUEUE,
  RECONCILE_QUEUE,
  REQUESTS_QUEUE,
  RESOLVE_QUEUE,
  STOCK_QUEUE,
  SUBMIT_QUEUE,
} from "../fulfillment/core/queues";
import { FLOW_TRIGGER_QUEUE } from "../flow/triggers";
import { isRecordId } from "../http/record-id";
import { storedJobErrorCode, type JobErrorCode } from "../job-errors/error-codes";
import { listJobProblems as listProblemJobs, retryJobProblem as retryProblemJob } from "../jobs/queue.server";

/** Every queue, the page its failures show on, and the message key that says what it does. */
const JOB_KINDS = {
  [SUBMIT_QUEUE]: { page: "orders", kind: "submit" },
  [POLL_QUEUE]: { page: "orders", kind: "poll" },
  [NOTE_QUEUE]: { page: "orders", kind: "note" },
  [RESOLVE_QUEUE]: { page: "orders", kind: "resolve" },
  // While it retries, the sync card already says so (and, once it gives up, shows the failed sync
  // with its button); a failed job here means the sync never reached its own error handling.
  [FULL_SYNC_QUEUE]: { page: "catalog", kind: "catalogSync", givenUpOnly: true },
  [PRODUCT_QUEUE]: { page: "catalog", kind: "product" },
  [RECONCILE_QUEUE]: { page: "home", kind: "reconcile" },
  [STOCK_QUEUE]: { page: "home", kind: "stock" },
  [REQUESTS_QUEUE]: { page: "home", kind: "requests" },
  [FLOW_TRIGGER_QUEUE]: { page: "home", kind: "flowTrigger" },
} as const;

export type JobPage = (typeof JOB_KINDS)[keyof typeof JOB_KINDS]["page"];
type JobKind = (typeof JOB_KINDS)[keyof typeof JOB_KINDS]["kind"];

export interface JobProblemRow {
  id: string;
  kind: JobKind;
  /** failed: gave up after its attempts; queued: failing but still tried again (a periodic job, or one retrying). */
  state: "failed" | "queued";
  attempts: number;
  /** What it was about, when it names something the merchant knows: an order's name, a product. */
  subject: string | null;
  /** The last error's text, for logs and support: never shown. */
  error: string | null;
  /** What failed, as a code the page words; null when the job recorded no code (an older app's). */
  errorCode: JobErrorCode | null;
  at: string;
}

const queuesOf = (page: JobPage) =>
  Object.entries(JOB_KINDS)
    .filter(([, v]) => v.page === page)
    .map(([queue]) => queue);

type Db = Pick<PrismaClient, "$queryRaw" | "$executeRaw" | "fulfillment" | "shopifyOrder" | "catalogVariant">;

export async function listJobProblems(db: Db, args: { shop: string; page: JobPage }): Promise<JobProblemRow[]> {
  const listed = await listProblemJobs(db, { shop: args.shop, queues: queuesOf(args.page) });
  const jobs = listed.filter(
    (job) => job.state === "failed" || !("givenUpOnly" in JOB_KINDS[job.queue as keyof typeof JOB_KINDS]),
  );
  return Promise.all(
    jobs.map(async (job) => ({
      id: job.id,
      kind: JOB_KINDS[job.queue as keyof typeof JOB_KINDS].kind,
      state: job.state,
      attempts: job.attempts,
      subject: await subjectOf(db, args.shop, job.queue, job.payload),
      error: job.lastError,
      errorCode: storedJobErrorCode(job.lastErrorCode),
      at: new Date(job.updatedAt).toISOString(),
    })),
  );
}

/** @internal */
export function retryJobProblem(
  db: Db,
  args: { shop: string; id: string; page: JobPage; now: Date },
): Promise<boolean> {
  return retryProblemJob(db, { shop: args.shop, id: args.id, queues: queuesOf(args.page), now: args.now });
}

// The order's name or the product's title the job is about, read from the shop's own rows; never
// an id only the app knows (a GID), which says nothing to the merchant.
async function subjectOf(db: Db, shop: string, queue: string, payload: unknown): Promise<string | null> {
  const p = (payload ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  if (text(p.shopifyOrderId)) {
    const order = await db.shopifyOrder.findUnique({
      where: { shop_shopifyOrderId: { shop, shopifyOrderId: text(p.shopifyOrderId)! } },
      select: { orderName: true },
    });
    return order?.orderName ?? `#${text(p.shopifyOrderId)}`;
  }
  if (text(p.fulfillmentId) && isRecordId(text(p.fulfillmentId)!)) {
    const record = await db.fulfillment.findFirst({
      where: { id: text(p.fulfillmentId)!, shop },
      select: { orderName: true },
    });
    return record?.orderName ?? null;
  }
  if (queue === PRODUCT_QUEUE && (text(p.productId) || text(p.inventoryItemId))) {
    const variant = await db.catalogVariant.findFirst({
      where: text(p.productId)
        ? { shop, productId: text(p.productId)! }
        : { shop, inventoryItemId: text(p.inventoryItemId)! },
      select: { title: true, sku: true },
    });
    // A product no longer in the catalogue has nothing the merchant knows it by (its GID is not that).
    return variant ? `${variant.title}${variant.sku ? ` (${variant.sku})` : ""}` : null;
  }
  if (text(p.fulfillmentOrderGid)) {
    const record = await db.fulfillment.findFirst({
      where: { shop, fulfillmentOrderGid: text(p.fulfillmentOrderGid)! },
      select: { orderName: true },
    });
    return record?.orderName ?? null;
  }
  return null;
}

/** What an attention action did, for the page to say in the merchant's language (messages.attention.outcomes). */
export type AttentionOutcome =
  "retried" | "dismissed" | "reread" | "notFound" | "invalidId" | "noOrderId" | "notFollowed";
export interface AttentionActionData {
  kind: "attention";
  ok: boolean;
  outcome: AttentionOutcome;
  /** Refused input: `field` names where (the page words the outcome; nothing here is worded). */
  params?: Record<string, string>;
}

/** The "job-retry" intent of a page's action: runs the shop's failed job of that page again. */
export async function retryFromPage(
  db: Db,
  args: { shop: string; page: JobPage; id: string; now: Date },
): Promise<{ status: number; result: AttentionActionData }> {
  if (!isRecordId(args.id)) {
    return {
      status: 400,
      result: { kind: "attention", ok: false, outcome: "invalidId", params: { field: "id" } },
    };
  }
  return (await retryJobProblem(db, args))
    ? { status: 200, result: { kind: "attention", ok: true, outcome: "retried" } }
    : {
        status: 404,
        result: { kind: "attention", ok: false, outcome: "notFound" },
      };
}
