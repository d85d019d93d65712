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
import { z } from "zod";
import type { AdminGraphql } from "../shopify/admin.server";
import type { MappingSettings } from "./map-variant";
import { AdminGraphqlError, type ThrottlePacer } from "./throttle-pacer.server";
import { parseProductNode, parseVariantNode, variantSnapshot } from "./variant-node";
import type { VariantSnapshot } from "./variant-snapshot";

/** A bulk query has no variables: the dimension metafields' namespace and keys are written in. */
export function bulkCatalogQuery(settings: MappingSettings): string {
  const literal = (value: string) => JSON.stringify(value);
  const dimensions = `
        length: metafield(namespace: ${literal(settings.dimensionNamespace)}, key: ${literal(settings.lengthKey)}) { type value }
        width: metafield(namespace: ${literal(settings.dimensionNamespace)}, key: ${literal(settings.widthKey)}) { type value }
        height: metafield(namespace: ${literal(settings.dimensionNamespace)}, key: ${literal(settings.heightKey)}) { type value }`;
  return `{
  productVariants {
    edges {
      node {
        id
        title
        sku
        barcode
        image { url }
        inventoryItem { id requiresShipping measurement { weight { unit value } } }${dimensions}
        product {
          id
          title
          hasOnlyDefaultVariant
          featuredMedia { preview { image { url } } }${dimensions}
        }
      }
    }
  }
}`;
}

const RUN_QUERY = /* GraphQL */ `
  mutation CatalogBulkRead($query: String!) {
    bulkOperationRunQuery(query: $query) {
      bulkOperation {
        id
        status
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

const OPERATION_FIELDS = "id status errorCode objectCount url partialDataUrl query";

const STATUS_QUERY = /* GraphQL */ `
  query CatalogBulkStatus($id: ID!) {
    bulkOperation(id: $id) { ${OPERATION_FIELDS} }
  }
`;

const CURRENT_QUERY = /* GraphQL */ `
  query CatalogBulkCurrent {
    currentBulkOperation(type: QUERY) { ${OPERATION_FIELDS} }
  }
`;

const operationSchema = z.object({
  id: z.string(),
  status: z.enum(["CREATED", "RUNNING", "COMPLETED", "FAILED", "CANCELING", "CANCELED", "EXPIRED"]),
  errorCode: z.string().nullish(),
  objectCount: z.union([z.string(), z.number()]).transform(Number),
  url: z.string().nullish(),
  partialDataUrl: z.string().nullish(),
  query: z.string().optional(),
});
export type BulkOperation = z.infer<typeof operationSchema>;

export type StartedBulkRead = { kind: "started"; id: string } | { kind: "busy"; message: string };

export interface BulkCatalogReader {
  /** Starts the catalogue's bulk query; adopts ours when a crash lost its id after starting it. */
  start(): Promise<StartedBulkRead>;
  /** The operation's state; null when Shopify no longer knows it. */
  status(id: string): Promise<BulkOperation | null>;
}

export function createBulkCatalogReader(args: {
  admin: AdminGraphql;
  pacer: ThrottlePacer;
  settings: MappingSettings;
}): BulkCatalogReader {
  const { admin, pacer } = args;
  const query = bulkCatalogQuery(args.settings);
  return {
    async start() {
      const { data } = await pacer.run<{
        bulkOperationRunQuery: {
          bulkOperation: { id: string } | null;
          userErrors: { message: string; code?: string | null }[];
        } | null;
      }>(admin, "CatalogBulkRead", RUN_QUERY, { query }, 10);
      const payload = data.bulkOperationRunQuery;
      if (payload?.bulkOperation) return { kind: "started", id: payload.bulkOperation.id };
      const errors = payload?.userErrors ?? [];
      if (errors.some((e) => e.code === "OPERATION_IN_PROGRESS" || e.code === "LIMIT_REACHED")) {
        // The app's own operation, started by a step that died before storing its id, is adopted.
        const current = await currentOperation();
        if (current && current.query?.trim() === query.trim() && isRunning(current.status))
          return { kind: "started", id: current.id };
        return { kind: "busy", message: errors.map((e) => e.message).join("; ") };
      }
      throw new AdminGraphqlError("CatalogBulkRead", errors);
    },
    async status(id) {
      const { data } = await pacer.run<{ bulkOperation: unknown }>(admin, "CatalogBulkStatus", STATUS_QUERY, { id }, 1);
      return data.bulkOperation ? operationSchema.parse(data.bulkOperation) : null;
    },
  };

  async function currentOperation(): Promise<BulkOperation | null> {
    const { data } = await pacer.run<{ currentBulkOperation: unknown }>(
      admin,
      "CatalogBulkCurrent",
      CURRENT_QUERY,
      {},
      1,
    );
    return data.currentBulkOperation ? operationSchema.parse(data.currentBulkOperation) : null;
  }
}

export function isRunning(status: BulkOperation["status"]): boolean {
  return status === "CREATED" || status === "RUNNING" || status === "CANCELING";
}

/**
 * Streams a JSONL result: skips the first `skip` lines (already recorded by an earlier step),
 * parses the rest one line at a time and hands them on in batches of `batchSize`. `onBatch`
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
    throw new Error(`the bulk operation's result answered HTTP ${response.status}`);
  }
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  let rest = "";
  let lines = 0;
  let batch: VariantSnapshot[] = [];
  const take = (line: string) => {
    lines += 1;
    if (lines <= args.skip || !line.trim()) return;
    batch.push(snapshotOfLine(line, lines));
  };
  const flush = async (): Promise<boolean> => {
    const snapshots = batch;
    batch = [];
    return args.onBatch(snapshots, lines);
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
        if (batch.length >= args.batchSize && !(await flush())) return { lines, finished: false };
      }
      if (done) break;
    }
    if (rest.trim()) take(rest);
    if (batch.length > 0 || lines > args.skip) await flush();
    return { lines, finished: true };
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function snapshotOfLine(line: string, number: number): VariantSnapshot {
  let value: { product?: unknown };
  try {
    value = JSON.parse(line) as { product?: unknown };
  } catch {
    throw new Error(`line ${number} of the bulk operation's result is not JSON`);
  }
  return variantSnapshot(parseVariantNode(value), parseProductNode(value.product));
}
