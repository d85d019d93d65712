/**
 * Works through pending variants against the service. product/new is all-or-nothing and has no
 * idempotency key, so:
 * - what is about to be sent is written first (`sent`, `sentHash`): after a crash or an unknown
 *   outcome the variant is looked up before it is sent again, and is never created twice;
 * - a constraint-violation at index i is looked up (exists_at_service, or drifted if its measures
 *   differ), a permission-error at i marks that variant failed, and the rest is sent again;
 * - registered variants that changed in Shopify are compared with the service's lookup.
 * Every row handed in leaves `pending`, or the call throws and the job tries again later.
 */
import type { Logger } from "pino";
import {
  SvcConstraintViolationError,
  SvcError,
  SvcInvalidRequestError,
  SvcPermissionError,
  createCatalogueProducts,
  findCatalogueProducts,
  refusedProductIndex,
  type CatalogueProduct,
  type CreatedCatalogueProduct,
  type SvcClient,
} from "../svc";
import { serviceErrorOf } from "../svc/error-codes";
import type { MappedProduct } from "./map-variant";
import { productHash } from "./mapping-hash.server";
import { mapLimit } from "./map-limit";
import { catalogReason, serviceErrorReason, type CatalogReason } from "./reason-codes";
import {
  isWhatWasSent,
  verdictForExisting,
  verdictForRegistered,
  type ServiceProduct,
  type ServiceVerdict,
} from "./service-outcomes";
import {
  isRegisteredByApp,
  recordIntent,
  recordOutcomes,
  recordRegistrations,
  type Db,
  type StoredVariant,
  type VariantOutcome,
} from "./variant-records.server";

export interface RegisterDeps {
  db: Db;
  client: SvcClient;
  now: () => Date;
  logger: Pick<Logger, "info" | "warn">;
  /** Product lookups in flight at once (conflicts, unknown outcomes, drift checks). */
  lookupConcurrency?: number;
}

/** Sends of one batch whose outcome stayed unknown before the job gives up for now. */
const MAX_UNKNOWN_OUTCOMES = 3;

interface Item {
  row: StoredVariant;
  product: MappedProduct;
  /** Sent before without a known outcome: a match at the service is the app's own. */
  maybeSent: boolean;
}

export interface ProcessSummary {
  created: number;
  resolved: number;
  failed: number;
}

export async function processPendingVariants(deps: RegisterDeps, rows: StoredVariant[]): Promise<ProcessSummary> {
  const summary: ProcessSummary = { created: 0, resolved: 0, failed: 0 };
  const concurrency = deps.lookupConcurrency ?? 8;
  const outcomes: VariantOutcome[] = [];
  const toLookUp: Item[] = [];
  const fresh: Item[] = [];
  for (const row of rows) {
    const mapping = row.current;
    if (!mapping || mapping.kind !== "ready") {
      outcomes.push({
        id: row.id,
        status: "skipped",
        reason: mapping?.kind === "skipped" ? mapping.reason : catalogReason("noShopifyData"),
      });
      continue;
    }
    const item = { row, product: mapping.product, maybeSent: row.svcProductId === null && row.sentHash !== null };
    if (row.svcProductId !== null || item.maybeSent) toLookUp.push(item);
    else fresh.push(item);
  }

  // Registered variants that changed, and sends whose outcome was never known: ask the service.
  const found = await mapLimit(toLookUp, concurrency, (item) => findBySku(deps.client, item.product.sku));
  const registered: { sku: string; svcProductId: string }[] = [];
  for (const [i, item] of toLookUp.entries()) {
    const record = found[i];
    if (!record) {
      fresh.push(item); // not there after all: (re)send it
      continue;
    }
    const ours = await isOurs(deps, item, record);
    if (ours && item.row.svcProductId === null) registered.push({ sku: record.sku, svcProductId: record.id });
    outcomes.push(outcomeFrom(item, record, verdictForRegistered(record, item.product, ours), deps.now(), !ours));
    summary.resolved++;
  }
  await recordOutcomes(deps.db, outcomes);
  if (registered.length > 0) await recordRegistrations(deps.db, rows[0]!.shop, registered);

  if (fresh.length > 0) {
    await recordIntent(
      deps.db,
      fresh.map((item) => ({ id: item.row.id, sent: item.product, sentHash: productHash(item.product) })),
    );
    await sendBatch(deps, fresh, summary, concurrency);
  }
  return summary;
}

async function sendBatch(
  deps: RegisterDeps,
  items: Item[],
  summary: ProcessSummary,
  concurrency: number,
): Promise<void> {
  let remaining = [...items];
  let unknownOutcomes = 0;
  while (remaining.length > 0) {
    let created: CreatedCatalogueProduct[];
    try {
      const products = remaining.map((item) => item.product);
      created = (await createCatalogueProducts(deps.client, products)).products;
    } catch (error) {
      if (!(error instanceof SvcError)) throw error;
      const index = refusedProductIndex(error, remaining.length);
      if (index !== undefined && (error instanceof SvcConstraintViolationError || isRefusal(error))) {
        const item = remaining[index]!;
        remaining = remaining.filter((_, i) => i !== index);
        const outcome = await resolveRefusal(deps, item, error);
        await recordOutcomes(deps.db, [outcome]);
        if (outcome.status === "failed") summary.failed++;
        else summary.resolved++;
        continue;
      }
      if (error.outcomeUnknown) {
        unknownOutcomes++;
        deps.logger.warn(
          { err: error.message, products: remaining.length },
          "product batch outcome unknown; looking each product up",
        );
        for (const item of remaining) item.maybeSent = true;
        remaining = await settleByLookup(deps, remaining, summary, concurrency);
        if (remaining.length > 0 && unknownOutcomes >= MAX_UNKNOWN_OUTCOMES) throw error;
        continue;
      }
      if (isRefusal(error) || error instanceof SvcConstraintViolationError) {
        // A refusal that does not say which element: send them one by one to find it.
        if (remaining.length === 1) {
          const outcome = await resolveRefusal(deps, remaining[0]!, error);
          await recordOutcomes(deps.db, [outcome]);
          if (outcome.status === "failed") summary.failed++;
          else summary.resolved++;
          return;
        }
        for (const item of remaining) await sendBatch(deps, [item], summary, concurrency);
        return;
      }
      throw error; // nothing was created (auth, rate limit, ...): the job retries later
    }
    if (created.length !== remaining.length) {
      // The contract pairs `returning` with the request by position; without that, ask instead.
      deps.logger.warn(
        { sent: remaining.length, returned: created.length },
        "product/new returned an unexpected number of products",
      );
      for (const item of remaining) item.maybeSent = true;
      remaining = await settleByLookup(deps, remaining, summary, concurrency);
      if (remaining.length > 0)
        throw new Error(`product/new returned ${created.length} products for ${remaining.length} sent`);
      return;
    }
    const at = deps.now();
    await recordOutcomes(
      deps.db,
      remaining.map((item, i) => ({
        id: item.row.id,
        status: "synced",
        reason: null,
        svcProductId: created[i]!.id,
        svcDimensionId: created[i]!.dimensionId,
        differences: null,
        syncedAt: at,
      })),
    );
    await recordRegistrations(
      deps.db,
      remaining[0]!.row.shop,
      remaining.map((item, i) => ({ sku: item.product.sku, svcProductId: created[i]!.id })),
    );
    summary.created += remaining.length;
    return;
  }
}

/** Looks each product up; records the ones the service has and returns those it does not. */
async function settleByLookup(
  deps: RegisterDeps,
  items: Item[],
  summary: ProcessSummary,
  concurrency: number,
): Promise<Item[]> {
  const found = await mapLimit(items, concurrency, (item) => findBySku(deps.client, item.product.sku));
  const outcomes: VariantOutcome[] = [];
  const missing: Item[] = [];
  const registered: { sku: string; svcProductId: string }[] = [];
  items.forEach((item, i) => {
    const record = found[i];
    if (!record) return void missing.push(item);
    const ours = isWhatWasSent(record, item.product);
    if (ours) registered.push({ sku: item.product.sku, svcProductId: record.id });
    outcomes.push(
      outcomeFrom(
        item,
        record,
        ours ? verdictForRegistered(record, item.product, true) : verdictForExisting(record, item.product),
        deps.now(),
        !ours,
      ),
    );
    summary.resolved++;
  });
  await recordOutcomes(deps.db, outcomes);
  if (items.length > 0) await recordRegistrations(deps.db, items[0]!.row.shop, registered);
  return missing;
}

/** The service refused one element: find out why and say so. */
async function resolveRefusal(deps: RegisterDeps, item: Item, error: SvcError): Promise<VariantOutcome> {
  if (error instanceof SvcConstraintViolationError) {
    const record = await findBySku(deps.client, item.product.sku);
    if (record) {
      // The app's own: sent before without a known outcome, or registered by the app earlier
      // under this SKU (changed and changed back, or the variant re-created in Shopify).
      const ours =
        (item.maybeSent && isWhatWasSent(record, item.product)) ||
        (await isRegisteredByApp(deps.db, item.row.shop, item.product.sku, record.id));
      const verdict = ours
        ? verdictForRegistered(record, item.product, true)
        : verdictForExisting(record, item.product);
      return outcomeFrom(item, record, verdict, deps.now(), !ours);
    }
    if (item.product.upc) {
      const byUpc = (await findCatalogueProducts(deps.client, item.product.upc)).find(
        (p) => p.upc === item.product.upc,
      );
      if (byUpc) {
        return failed(item, catalogReason("barcodeTaken", { upc: item.product.upc, sku: byUpc.sku }));
      }
    }
  }
  return failed(item, serviceErrorReason(serviceErrorOf(error).code, serviceMessage(error)));
}

/**
 * Whether the product the service holds for a variant being checked is the app's own: the
 * variant's registration was the app's (it sent it: `sentHash`), the app registered that very
 * product under this SKU (CatalogRegistration: a row relabelled by an earlier version, or whose
 * send record was cleared), or — a send whose outcome was never known — it is what was sent.
 */
async function isOurs(deps: RegisterDeps, item: Item, record: ServiceProduct): Promise<boolean> {
  const sent = item.row.sent;
  if (item.row.svcProductId !== null && item.row.sentHash !== null) return true;
  if (item.row.svcProductId === null && sent !== null && isWhatWasSent(record, sent)) return true;
  return isRegisteredByApp(deps.db, item.row.shop, record.sku, record.id);
}

function outcomeFrom(
  item: Item,
  record: ServiceProduct,
  verdict: ServiceVerdict,
  at: Date,
  clearSent: boolean,
): VariantOutcome {
  return {
    id: item.row.id,
    status: verdict.status,
    reason: verdict.reason,
    svcProductId: record.id,
    svcDimensionId: record.dimensionId ?? null,
    differences: verdict.differences,
    syncedAt: at,
    clearSent,
  };
}

function failed(item: Item, reason: CatalogReason): VariantOutcome {
  return { id: item.row.id, status: "failed", reason, clearSent: true };
}

async function findBySku(client: SvcClient, sku: string): Promise<CatalogueProduct | null> {
  return (await findCatalogueProducts(client, sku)).find((record) => record.sku === sku) ?? null;
}

/** 4xx answers (and the client's own validation) that refuse an element without creating anything. */
function isRefusal(error: SvcError): boolean {
  return (
    error instanceof SvcPermissionError ||
    error instanceof SvcInvalidRequestError ||
    (!error.outcomeUnknown && error.status === 400)
  );
}

function serviceMessage(error: SvcError): string {
  const body = error.body as { error?: unknown } | undefined;
  return typeof body?.error === "string" ? body.error : error.message;
}
