/**
 * The full catalogue sync, one resumable step at a time. Its state is the CatalogSync row:
 * - reading: one page of variants per step (cursor and progress stored with the page's rows, in
 *   one transaction), until the last page; then variants not seen are marked deleted and the
 *   store-wide duplicate SKUs are skipped;
 * - sending: one batch of pending variants per step, until none is left.
 * A crash between steps loses nothing: the next run starts from the stored cursor, or from the
 * variants still pending (whose `sent` intent says whether to look them up first).
 */
import type { CatalogSync, PrismaClient } from "@prisma/client";
import { isJobActive, withJobs } from "../jobs/queue.server";
import type { CatalogEnv } from "./catalog-env.server";
import { recordSnapshots } from "./record-snapshots.server";
import { processPendingVariants } from "./register-products.server";
import { countPending, loadPending, markDeleted, reconcileDuplicateSkus } from "./variant-records.server";

export const FULL_SYNC_QUEUE = "catalog.sync";

export type StartFullSyncResult =
  | { started: true; syncId: string; message: string }
  | { started: false; reason: "running" | "not_connected"; message: string };

/** Starts a full sync unless one is already running for the shop (checked under a per-shop lock). */
export async function startFullSync({ db, shop }: { db: PrismaClient; shop: string }): Promise<StartFullSyncResult> {
  const row = await db.shop.findUnique({
    where: { domain: shop },
    select: { svcApiKeyCiphertext: true, uninstalledAt: true },
  });
  if (!row?.svcApiKeyCiphertext || row.uninstalledAt) {
    return {
      started: false,
      reason: "not_connected",
      message: "Conecta primero tu cuenta del servicio: sin ella no se puede registrar el catálogo.",
    };
  }
  return withJobs(db, async (tx, jobs) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`catalog-sync:${shop}`}))`;
    const running = await tx.catalogSync.findFirst({
      where: { shop, state: "running" },
      orderBy: { startedAt: "desc" },
    });
    if (running) {
      if (await isJobActive(tx, FULL_SYNC_QUEUE, shop)) {
        return { started: false as const, reason: "running" as const, message: runningMessage(running) };
      }
      // Its job is gone or gave up: the sync can never finish, so it no longer blocks a new one.
      await tx.catalogSync.update({
        where: { id: running.id },
        data: { state: "failed", error: running.error ?? "Se interrumpió sin terminar.", finishedAt: new Date() },
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
      maxAttempts: 20,
    });
    return {
      started: true as const,
      syncId: created!.id,
      message:
        "Sincronización iniciada: primero se leen las variantes de Shopify y después se registran en el servicio.",
    };
  });
}

export function runningMessage(sync: Pick<CatalogSync, "phase" | "done" | "total">): string {
  const phase = sync.phase === "sending" ? "registrando en el servicio" : "leyendo las variantes de Shopify";
  return `Ya hay una sincronización del catálogo en curso (${phase}: ${sync.done} de ${sync.total}). Espera a que termine para iniciar otra.`;
}

export type FullSyncPhase = "reading" | "sending" | "completed";

/** Runs one page (reading) or one batch (sending) of the sync; answers where the sync now is. */
export async function fullSyncStep(env: CatalogEnv, syncId: string): Promise<FullSyncPhase> {
  const { db, shop } = env;
  const sync = await db.catalogSync.findUnique({ where: { id: syncId } });
  if (!sync || sync.state !== "running") return "completed";

  if (sync.phase === "reading") {
    let total = sync.total;
    if (sync.cursor === null && sync.done === 0 && total === 0) total = (await env.reader.countVariants()) ?? 0;
    const page = await env.reader.readVariantsPage(sync.cursor, env.pageSize);
    await db.$transaction(async (tx) => {
      await recordSnapshots(tx, shop, page.snapshots, env.settings);
      const done = sync.done + page.snapshots.length;
      await tx.catalogSync.update({
        where: { id: sync.id },
        data: { cursor: page.endCursor ?? sync.cursor, done, total: Math.max(total, done), error: null },
      });
    });
    if (page.hasNextPage) return "reading";
    await finishReading(env, sync);
    return "sending";
  }

  const rows = await loadPending(db, shop, { limit: env.batchSize });
  if (rows.length === 0) {
    await db.catalogSync.update({
      where: { id: sync.id },
      data: { state: "completed", finishedAt: env.now(), error: null, done: sync.total },
    });
    env.logger.info({ syncId }, "catalogue sync completed");
    return "completed";
  }
  await processPendingVariants({ db, client: env.client, now: env.now, logger: env.logger }, rows);
  await db.catalogSync.update({
    where: { id: sync.id },
    data: { done: { increment: rows.length }, total: Math.max(sync.total, sync.done + rows.length), error: null },
  });
  return "sending";
}

async function finishReading(env: CatalogEnv, sync: CatalogSync): Promise<void> {
  const { db, shop } = env;
  // A variant this sync did not see is gone from Shopify (its delete webhook may have been lost).
  const deleted = await markDeleted(db, shop, { notSeenSince: sync.startedAt }, env.now());
  await reconcileDuplicateSkus(db, shop);
  const pending = await countPending(db, shop);
  await db.catalogSync.update({
    where: { id: sync.id },
    data: { phase: "sending", cursor: null, done: 0, total: pending },
  });
  env.logger.info(
    { syncId: sync.id, read: sync.done, deleted, pending },
    "catalogue read; registering pending variants",
  );
}
