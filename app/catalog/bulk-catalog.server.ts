/**
 * The full sync's read of the whole catalogue through one bulk query operation
 * (docs/decisions/006-catalog-sync.md): start it (`bulkOperationRunQuery`, 10 points however large
 * the catalogue), learn that it ended from the `bulk_operations/finish` webhook or, as the
 * fallback, by polling `bulkOperation(id:)` (added in 2026-01 for exactly this), then stream the
 * JSONL result line by line. The file is never held whole: each line becomes a snapshot, and
 * snapshots are handed on in small batches, so memory stays flat however large the catalogue.
 * Each variant line carries its product inline (no nested connection), so no line waits for
 * another.
 */
import type { AdminGraphql } from "../shopify/admin.server";
import {
  readBulkOperation,
  runBulkQuery,
  runningBulkQueries,
  type BulkOperation,
} from "../shopify/admin/bulk-operations.server";
import { ShopifyAdminError } from "../shopify/admin/errors";
import { CatalogSyncError } from "./sync-errors.server";
import { catalogBulkQuery } from "../shopify/admin/products.server";
import type { MappingSettings } from "./map-variant";
import { dimensionKeys } from "./shopify-catalog.server";
import type { ShopPacer } from "../shopify/admin-pacing.server";
import { parseProductNode, parseVariantNode, variantSnapshot } from "./variant-node";
import type { VariantSnapshot } from "./variant-snapshot";

export type { BulkOperation };

/** The catalogue's bulk query for the merchant's mapping settings. */
function bulkCatalogQuery(settings: MappingSettings): string {
  return catalogBulkQuery(dimensionKeys(settings));
}

type StartedBulkRead =
  | { kind: "started"; id: string }
  | { kind: "busy"; message: string }
  /**
   * Shopify refuses the app bulk queries (since 2026-11-07 apps must enable them in the Partner
   * Dashboard, and access lapses after 31 days without a bulk query): the operator's to fix.
   */
  | { kind: "refused"; message: string };

export interface BulkCatalogReader {
  /** Starts the catalogue's bulk query; adopts ours when a crash lost its id after starting it. */
  start(): Promise<StartedBulkRead>;
  /** The operation's state; null when Shopify no longer knows it. */
  status(id: string): Promise<BulkOperation | null>;
}

export function createBulkCatalogReader(args: {
  admin: AdminGraphql;
  pacer: ShopPacer;
  settings: MappingSettings;
}): BulkCatalogReader {
  const { admin, pacer } = args;
  const query = bulkCatalogQuery(args.settings);
  return {
    async start() {
      try {
        return { kind: "started", id: await runBulkQuery(pacer.paced(admin, 10), query) };
      } catch (error) {
        if (error instanceof ShopifyAdminError && error.kind === "graphql" && error.hasCode("ACCESS_DENIED")) {
          return { kind: "refused", message: error.detail };
        }
        const busy =
          error instanceof ShopifyAdminError &&
          (error.hasCode("OPERATION_IN_PROGRESS") || error.hasCode("LIMIT_REACHED"));
        if (!busy) throw error;
        // The app's own operation, started by a step that died before storing its id, is adopted.
        const ours = (await runningBulkQueries(pacer.paced(admin, 1))).find(
          (operation) => operation.query.trim() === query.trim() && isRunning(operation.status),
        );
        if (ours) return { kind: "started", id: ours.id };
        return { kind: "busy", message: error.detail };
      }
    },
    async status(id) {
      return readBulkOperation(pacer.paced(admin, 1), id);
    },
  };
}

export function isRunning(status: BulkOperation["status"]): boolean {
  return status === "CREATED" || status === "RUNNING" || status === "CANCELING";
}

/**
 * Streams a JSONL result: skips the first `skip` lines (already recorded by an earlier step),
 * parses the rest one line at a time and hands them on in batches of `batchSize`. A variant's
 * media comes on the lines after it (`__parentId`), so a variant is handed on only once the next
 * variant begins, and the lines consumed never end between a variant and its media. `onBatch`
 * answers whether to go on; reading stops (and the connection is dropped) when it says no.
 * Answers how many lines were consumed in all, and whether the file was read to its end.
 */
export async function streamVariantLines(args: {
  url: string;
  fetch?: typeof fetch;
  skip: number;
  batchSize: number;
  onBatch(snapshots: VariantSnapshot[], linesConsumed: number): Promise<boolean>;
}): Promise<{ lines: number; finished: boolean }> {
  const response = await (args.fetch ?? fetch)(args.url);
  if (!response.ok || !response.body) {
    throw new CatalogSyncError("resultUnavailable", {}, `the bulk operation's result answered HTTP ${response.status}`);
  }
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  let rest = "";
  let lines = 0;
  /** Lines whose content is all in batches handed on or in `batch`. */
  let consumed = 0;
  let pending: BulkLine | null = null;
  let batch: VariantSnapshot[] = [];
  const take = (line: string) => {
    lines += 1;
    if (lines <= args.skip || !line.trim()) {
      if (!pending) consumed = lines;
      return;
    }
    const value = parseLine(line, lines);
    if (typeof value.__parentId === "string") {
      // A child line: the media of the variant just read (another's, after a resume, is dropped).
      if (pending?.value.id === value.__parentId) pending.media.push(value);
      if (!pending) consumed = lines;
      return;
    }
    if (pending) batch.push(snapshotOf(pending));
    consumed = lines - 1;
    pending = { value, number: lines, media: [] };
  };
  const flush = async (): Promise<boolean> => {
    const snapshots = batch;
    batch = [];
    return args.onBatch(snapshots, consumed);
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      rest += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline = rest.indexOf("\n");
      while (newline >= 0) {
        take(rest.slice(0, newline));
        rest = rest.slice(newline + 1);
        newline = rest.indexOf("\n");
        if (batch.length >= args.batchSize && !(await flush())) return { lines: consumed, finished: false };
      }
      if (done) break;
    }
    if (rest.trim()) take(rest);
    if (pending) batch.push(snapshotOf(pending));
    consumed = lines;
    if (batch.length > 0 || lines > args.skip) await flush();
    return { lines, finished: true };
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

interface BulkLine {
  value: Record<string, unknown>;
  number: number;
  media: Record<string, unknown>[];
}

function parseLine(line: string, number: number): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(line);
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new CatalogSyncError("resultUnreadable", {}, `line ${number} of the bulk operation's result is not a JSON object`);
}

function snapshotOf(line: BulkLine): VariantSnapshot {
  const variant = parseVariantNode({ ...line.value, media: { nodes: line.media } });
  return variantSnapshot(variant, parseProductNode(line.value.product));
}
