/**
 * The full catalogue sync, one resumable step at a time. Its state is the CatalogSync row:
 * - reading: the whole catalogue through one Shopify bulk query operation. A step starts it, or
 *   learns it still runs (the job then waits for the bulk_operations/finish webhook, or polls),
 *   or streams its JSONL result, recording each batch of lines with the count of lines done in
 *   one transaction. At the end, variants not seen are marked deleted and the store-wide
 *   duplicate SKUs are skipped. A failed or cancelled operation is started again: its partial
 *   data is never used, since every variant it lacks would look deleted;
 *   When Shopify refuses the app bulk operations (not enabled for it, or lapsed after 31 days), the
 *   sync reads the same variants and fields page by page instead (`readBy` "pages"), each page
 *   recorded with its end cursor in one transaction, so a crash resumes at the next page; the
 *   operator is told (metric, log line), the merchant is not: nothing is theirs to do;
 * - sending: one batch of pending variants per step, until none is left.
 * A crash between steps loses nothing: the next run skips the JSONL lines already recorded, or
 * starts from the variants still pending (whose `sent` intent says whether to look them up first).
 */
import type { CatalogSync, PrismaClient } from "@prisma/client";
import { z } from "zod";
import { isJobActive, withJobs } from "../jobs/queue.server";
import { defineQueue } from "../jobs/registry";
import { metrics } from "../metrics.server";
import { isRunning, streamVariantLines } from "./bulk-catalog.server";
import type { CatalogEnv } from "./catalog-env.server";
import { recordSnapshots } from "./record-snapshots.server";
import { catalogSyncProblem, retrying, storedSyncProblem, syncErrorColumns, type BulkReadFailure } from "./sync-errors";
import { CatalogSyncError } from "./sync-errors.server";
import { processPendingVariants } from "./register-products.server";
import { countPending, loadPending, markDeleted, reconcileDuplicateSkus } from "./variant-records.server";
import { jobsOwedOnSyncEnd } from "./events";

const fullSyncPayload = z.object({ syncId: z.string().min(1) });
declare module "../jobs/registry" {
  interface JobPayloads {
    "catalog.sync": z.infer<typeof fullSyncPayload>;
  }
}
/** One full sync per shop, naming its CatalogSync row; a long one may fail and resume many times. */
export const FULL_SYNC_QUEUE = defineQueue("catalog.sync", { payload: fullSyncPayload, retryLimit: 20 });

/** Whether a sync was started, as codes: the page words them from `catalog` in the merchant's language. */
export type StartFullSyncResult =
  { started: true; syncId: string } | { started: false; reason: "running" | "not_connected" };

/** Starts a full sync unless one is already running for the shop (checked under a per-shop lock). */
export async function startFullSync({ db, shop }: { db: PrismaClient; shop: string }): Promise<StartFullSyncResult> {
  const row = await db.shop.findUnique({
    where: { domain: shop },
    select: { svcApiKeyCiphertext: true, uninstalledAt: true },
  });
  if (!row?.svcApiKeyCiphertext || row.uninstalledAt) {
    return { started: false, reason: "not_connected" };
  }
  return withJobs(db, async (tx, jobs) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`catalog-sync:${shop}`}))`;
    const running = await tx.catalogSync.findFirst({
      where: { shop, state: "running" },
      orderBy: { startedAt: "desc" },
    });
    if (running) {
      if (await isJobActive(tx, FULL_SYNC_QUEUE, shop)) {
        return { started: false as const, reason: "running" as const };
      }
      // Its job is gone or gave up: the sync can never finish, so it no longer blocks a new one.
      // What it last recorded stays, no longer retrying; without anything, it was interrupted.
      const last = storedSyncProblem(running.errorCode, running.errorParams);
      await tx.catalogSync.update({
        where: { id: running.id },
        data: {
          state: "failed",
          ...(last
            ? syncErrorColumns(retrying(last, false), running.errorDetail)
            : syncErrorColumns(catalogSyncProblem("interrupted"))),
          finishedAt: new Date(),
        },
      });
    }
    const [created] = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "CatalogSync" (id, shop, state, phase, "startedAt")
      VALUES (gen_random_uuid(), ${shop}, 'running', 'reading', (now() AT TIME ZONE 'UTC'))
      RETURNING id::text`;
    await jobs.enqueue({
      queue: FULL_SYNC_QUEUE,
      key: shop,
      shop,
      payload: { syncId: created!.id },
    });
    return { started: true as const, syncId: created!.id };
  });
}

/** "waiting": Shopify's bulk operation still runs (or another one holds the shop's slot). */
export type FullSyncPhase = "reading" | "waiting" | "sending" | "completed";

export interface FullSyncStepOptions {
  /** Asked after each recorded batch of lines: true stops streaming (the next step resumes). */
  shouldYield?(): boolean;
  /** Lines of the bulk result recorded per transaction (500). */
  readBatchSize?: number;
}

/** Lines of the bulk result recorded per transaction. */
const READ_BATCH = 500;

/**
 * Runs one step: starts or checks the bulk read, streams (part of) its result, or sends one batch;
 * answers where the sync now is.
 */
export async function fullSyncStep(
  env: CatalogEnv,
  syncId: string,
  options: FullSyncStepOptions = {},
): Promise<FullSyncPhase> {
  const { db, shop } = env;
  const sync = await db.catalogSync.findUnique({ where: { id: syncId } });
  if (!sync || sync.state !== "running") return "completed";

  if (sync.phase === "reading") return readStep(env, sync, options);

  const rows = await loadPending(db, shop, { limit: env.batchSize });
  if (rows.length === 0) {
    // The end is announced in the same transaction: its subscribers' jobs (the readiness check,
    // app/catalog/events.ts) exist together with it.
    await withJobs(db, async (tx, jobs) => {
      const finishedAt = env.now();
      await tx.catalogSync.update({
        where: { id: sync.id },
        data: { state: "completed", finishedAt, ...syncErrorColumns(null), done: sync.total },
      });
      for (const job of jobsOwedOnSyncEnd({ shop, syncId: sync.id, now: finishedAt })) await jobs.enqueue(job);
    });
    env.logger.info({ syncId }, "catalogue sync completed");
    return "completed";
  }
  await processPendingVariants({ db, client: env.client, now: env.now, logger: env.logger }, rows);
  await db.catalogSync.update({
    where: { id: sync.id },
    data: {
      done: { increment: rows.length },
      total: Math.max(sync.total, sync.done + rows.length),
      ...syncErrorColumns(null),
    },
  });
  return "sending";
}

async function readStep(env: CatalogEnv, sync: CatalogSync, options: FullSyncStepOptions): Promise<FullSyncPhase> {
  const { db, shop } = env;
  if (sync.readBy === "pages") return pagedReadStep(env, sync, options);
  if (sync.bulkOperationId === null) {
    const total = sync.total > 0 ? sync.total : ((await env.reader.countVariants()) ?? 0);
    const started = await env.bulk.start();
    if (started.kind === "refused") {
      // The operator's to fix (docs/operations.md, "Bulk operations access"); the catalogue still syncs.
      metrics.shopifyAccessRefused("bulk_access", "bulkOperationRunQuery");
      env.logger.error(
        { shop, operation: "bulkOperationRunQuery", reason: "bulk_access", syncId: sync.id, shopify: started.message },
        "Shopify refused the app bulk queries (not enabled in the Partner Dashboard, or lapsed after 31 days without one): the catalogue is read page by page",
      );
      const paged = await db.catalogSync.update({
        where: { id: sync.id },
        data: { readBy: "pages", cursor: null, done: 0, total, ...syncErrorColumns(null) },
      });
      return pagedReadStep(env, paged, options);
    }
    if (started.kind === "busy") {
      await db.catalogSync.update({
        where: { id: sync.id },
        data: { total, ...syncErrorColumns(retrying(catalogSyncProblem("shopifyBusy"), true), started.message) },
      });
      return "waiting";
    }
    await db.catalogSync.update({
      where: { id: sync.id },
      data: { bulkOperationId: started.id, total, done: 0, ...syncErrorColumns(null) },
    });
    env.logger.info({ syncId: sync.id, bulkOperationId: started.id }, "catalogue bulk read started");
    return "waiting";
  }

  const operation = await env.bulk.status(sync.bulkOperationId);
  if (operation && isRunning(operation.status)) return "waiting";
  if (!operation || operation.status !== "COMPLETED") {
    // Started again by the retry: a partial file would make every variant it lacks look deleted.
    const said = operation
      ? `${operation.status.toLowerCase()}${operation.errorCode ? ` (${operation.errorCode})` : ""}`
      : "no longer known to Shopify";
    return restartRead(
      env,
      sync,
      `the catalogue's bulk read ended without a result: ${said}`,
      bulkReadFailure(operation),
    );
  }

  // A completed read whose file is missing or shorter than what Shopify counted would make every
  // variant it lacks look deleted: read again instead (as after a failed read above).
  if (!operation.url && operation.objectCount > 0) {
    return restartRead(
      env,
      sync,
      `the catalogue's bulk read completed with ${operation.objectCount} objects but no file`,
    );
  }
  let stopped = false;
  if (operation.url) {
    const result = await streamVariantLines({
      url: operation.url,
      fetch: env.fetchFile,
      skip: sync.done,
      batchSize: options.readBatchSize ?? READ_BATCH,
      onBatch: async (snapshots, lines) => {
        await db.$transaction(async (tx) => {
          await recordSnapshots(tx, shop, snapshots, env.settings);
          await tx.catalogSync.update({
            where: { id: sync.id },
            data: { done: lines, total: Math.max(sync.total, lines, operation.objectCount), ...syncErrorColumns(null) },
          });
        });
        return !options.shouldYield?.();
      },
    });
    stopped = !result.finished;
    if (result.finished && result.lines < operation.objectCount) {
      return restartRead(
        env,
        sync,
        `the catalogue's bulk read file ended after ${result.lines} of ${operation.objectCount} objects`,
      );
    }
  }
  if (stopped) return "reading";
  await finishReading(env, (await db.catalogSync.findUnique({ where: { id: sync.id } }))!);
  return "sending";
}

/**
 * Reads the catalogue page by page from the cursor recorded last, recording each page and its end
 * cursor in one transaction, until the last page (then on to sending) or `shouldYield`.
 */
async function pagedReadStep(env: CatalogEnv, sync: CatalogSync, options: FullSyncStepOptions): Promise<FullSyncPhase> {
  const { db, shop } = env;
  let cursor = sync.cursor;
  let done = sync.done;
  for (;;) {
    const page = await env.reader.readCatalogPage(cursor);
    done += page.snapshots.length;
    const recorded = done;
    await db.$transaction(async (tx) => {
      await recordSnapshots(tx, shop, page.snapshots, env.settings);
      await tx.catalogSync.update({
        where: { id: sync.id },
        data: { cursor: page.endCursor, done: recorded, total: Math.max(sync.total, recorded), ...syncErrorColumns(null) },
      });
    });
    cursor = page.endCursor;
    if (!page.hasNextPage) break;
    if (options.shouldYield?.()) return "reading";
  }
  await finishReading(env, (await db.catalogSync.findUnique({ where: { id: sync.id } }))!);
  return "sending";
}

/** Forgets the bulk read and fails the step: the retry starts a new read from the first line. */
async function restartRead(
  env: CatalogEnv,
  sync: CatalogSync,
  detail: string,
  why: BulkReadFailure = "shopifyError",
): Promise<never> {
  await env.db.catalogSync.update({ where: { id: sync.id }, data: { bulkOperationId: null, done: 0 } });
  throw new CatalogSyncError("bulkReadFailed", { why }, detail);
}

async function finishReading(env: CatalogEnv, sync: CatalogSync): Promise<void> {
  const { db, shop } = env;
  // A variant this sync did not see is gone from Shopify (its delete webhook may have been lost).
  const deleted = await markDeleted(db, shop, { notSeenSince: sync.startedAt }, env.now());
  await reconcileDuplicateSkus(db, shop);
  const pending = await countPending(db, shop);
  await db.catalogSync.update({
    where: { id: sync.id },
    data: { phase: "sending", cursor: null, bulkOperationId: null, done: 0, total: pending },
  });
  env.logger.info(
    { syncId: sync.id, read: sync.done, deleted, pending },
    "catalogue read; registering pending variants",
  );
}

/**
 * Why a bulk read ended without a result, from its status and Shopify's error code (none: gone).
 * @internal
 */
export function bulkReadFailure(operation: { status: string; errorCode?: string | null } | null): BulkReadFailure {
  if (!operation) return "gone";
  if (operation.errorCode === "ACCESS_DENIED") return "accessDenied";
  if (operation.errorCode === "TIMEOUT") return "timeout";
  if (operation.status === "CANCELED" || operation.status === "CANCELING") return "canceled";
  if (operation.status === "EXPIRED") return "expired";
  return "shopifyError";
}
