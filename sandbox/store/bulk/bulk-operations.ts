/**
 * Bulk query operations as Shopify runs them: `bulkOperationRunQuery` validates the query and
 * answers at once with a CREATED operation; the store then pages through the query's top-level
 * connection in the background (RUNNING, `objectCount` growing), writes one JSON object per line
 * to a file (nested connections flattened into their own lines carrying `__parentId`), and ends
 * COMPLETED with `url`, or FAILED with `errorCode` and `partialDataUrl`, or CANCELED. From API
 * 2026-01 up to five bulk queries run at once per shop, before it one (OPERATION_IN_PROGRESS
 * beyond that). The operation does not draw on
 * the shop's throttle: only the mutation that starts it is priced. When it ends, a shop that
 * subscribed to `bulk_operations/finish` gets the signed webhook.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync, type WriteStream } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  execute,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FieldNode,
  type GraphQLError,
  type OperationDefinitionNode,
  type SelectionNode,
} from "graphql";
import { gid, parseGid } from "../ids";
import type { StoreContext } from "../graphql/context";
import { adminSchema } from "../graphql/schema";
import { withUnboundedNestedPages } from "../graphql/connection";
import { queryRoot } from "../graphql/query-root";
import type { ShopState } from "../state/shop-state";
import type {
  BulkFault,
  BulkFinishSubscription,
  BulkOperationRecord,
  BulkRuntime,
  BulkUserError as UserError,
} from "./bulk-view";

export type { BulkFault, BulkFinishSubscription, BulkRuntime } from "./bulk-view";

export interface BulkRuntimeDeps {
  now: () => number;
  /** Where a shop's result files are served from, e.g. `http://127.0.0.1:4020/shops/<shop>`. */
  baseUrl(domain: string): string;
  sendFinishWebhook(args: { domain: string; subscription: BulkFinishSubscription; payload: unknown }): Promise<void>;
  /** The Admin API version: 2026-01 and later allow five bulk queries at once per shop, older ones one. */
  apiVersion: string;
  /** Objects per page read from the top-level connection, and so between two yields. */
  pageSize?: number;
}

const BULK_BASE = 4_412_345_678;
const PAGE_SIZE = 250;

/** How an operation ends: its final status and error code. */
type BulkEnd = Pick<BulkOperationRecord, "status" | "errorCode">;

export function createBulkRuntime(deps: BulkRuntimeDeps): BulkRuntime {
  const operations = new Map<string, BulkOperationRecord>();
  const currentByShop = new Map<string, string>();
  const subscriptions = new Map<string, BulkFinishSubscription>();
  const faults = new Map<string, BulkFault>();
  const running = new Set<Promise<void>>();
  let counter = 0;
  let closed = false;
  let dir: string | null = null;
  const directory = () => (dir ??= mkdtempSync(join(tmpdir(), "simulated-store-bulk-")));

  const limit = deps.apiVersion === "unstable" || deps.apiVersion >= "2026-01" ? 5 : 1;
  const isRunning = (op: BulkOperationRecord) =>
    op.status === "CREATED" || op.status === "RUNNING" || op.status === "CANCELING";

  function inProgress(shop: ShopState): BulkOperationRecord[] {
    return [...operations.values()].filter((op) => op.shop === shop.domain && isRunning(op));
  }

  function current(shop: ShopState): BulkOperationRecord | undefined {
    const id = currentByShop.get(shop.domain);
    return id ? operations.get(id) : undefined;
  }

  /**
   * Ends the operation once its file is closed: the end status, `completedAt` and the file's URL
   * become visible together, as Shopify shows them (never COMPLETED without its url, which reads
   * as "the query matched nothing").
   */
  async function finish(ctx: StoreContext, op: BulkOperationRecord, stream: WriteStream, end: BulkEnd): Promise<void> {
    await new Promise<void>((resolve) => stream.end(resolve));
    op.completedAt = ctx.now();
    op.status = end.status;
    op.errorCode = end.errorCode;
    if (closed) return;
    const size = statSync(op.file).size;
    const fileUrl = `${deps.baseUrl(op.shop)}/bulk-operations/${numberOf(op.id)}.jsonl`;
    if (op.status === "COMPLETED") {
      op.fileSize = size;
      // Shopify answers a null url when the query matched nothing.
      op.url = op.objectCount > 0 ? fileUrl : null;
    } else if (op.status === "FAILED") {
      op.partialDataUrl = op.objectCount > 0 ? fileUrl : null;
    }
    const subscription = subscriptions.get(op.shop);
    if (!subscription) return;
    await deps
      .sendFinishWebhook({
        domain: op.shop,
        subscription,
        payload: {
          admin_graphql_api_id: op.id,
          completed_at: op.completedAt === null ? null : new Date(op.completedAt).toISOString(),
          created_at: new Date(op.createdAt).toISOString(),
          error_code: op.errorCode?.toLowerCase() ?? null,
          status: op.status.toLowerCase(),
          type: op.type.toLowerCase(),
        },
      })
      .catch(() => undefined);
  }

  async function run(ctx: StoreContext, op: BulkOperationRecord, document: DocumentNode, root: FieldNode) {
    const stream = createWriteStream(op.file);
    // The store closed (its directory removed) while the file was opening or being written: the run
    // ends as cancelled instead of the stream's error escaping as an uncaught exception.
    let broken = false;
    stream.on("error", () => {
      broken = true;
    });
    const fault = faults.get(op.shop);
    faults.delete(op.shop);
    let after: string | null = null;
    // How the operation ends; shown only once the file is closed (finish).
    let end: BulkEnd | null = null;
    await yieldToIo();
    if (op.status === "CREATED") op.status = "RUNNING";
    try {
      while (!end) {
        await yieldToIo();
        if (op.status === "CANCELING" || closed || broken) {
          end = { status: "CANCELED", errorCode: null };
          break;
        }
        const page = executePage(ctx, document, root, after, deps.pageSize ?? PAGE_SIZE);
        for (const node of page.nodes) {
          for (const line of flatten(node, null)) {
            if (fault && op.objectCount >= fault.afterObjects) {
              end = { status: "FAILED", errorCode: fault.errorCode };
              break;
            }
            if (!stream.write(`${JSON.stringify(line)}\n`))
              await new Promise<void>((r) => {
                stream.once("drain", () => r());
                stream.once("error", () => r());
              });
            op.objectCount += 1;
            if (!("__parentId" in line)) op.rootObjectCount += 1;
          }
          if (end) break;
        }
        if (end) break;
        if (!page.hasNextPage) end = { status: "COMPLETED", errorCode: null };
        else after = page.endCursor;
      }
    } catch {
      end = { status: "FAILED", errorCode: "INTERNAL_SERVER_ERROR" };
    }
    await finish(ctx, op, stream, end);
  }

  return {
    runQuery(ctx: StoreContext, query: string) {
      const invalid = (message: string, code: UserError["code"] = "INVALID") => ({
        operation: null,
        userErrors: [{ field: ["query"], message, code }],
      });
      const busy = inProgress(ctx.shop);
      if (busy.length >= limit) {
        return invalid(
          limit === 1
            ? `A bulk query operation for this app and shop is already in progress: ${busy[0]!.id}.`
            : `${limit} bulk query operations for this app and shop are already in progress: ${busy.map((op) => op.id).join(", ")}.`,
          "OPERATION_IN_PROGRESS",
        );
      }
      let document: DocumentNode;
      try {
        document = parse(query);
      } catch (error) {
        return invalid(`Invalid bulk query: ${(error as GraphQLError).message}`);
      }
      const errors = validate(adminSchema(), document);
      if (errors.length > 0) return invalid(`Invalid bulk query: ${errors[0]!.message}`);
      const operation = document.definitions.find(
        (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
      );
      if (!operation || operation.operation !== "query") return invalid("Bulk queries must be a query operation.");
      if ((operation.variableDefinitions ?? []).length > 0) return invalid("Bulk queries cannot have variables.");
      const root = topConnection(operation);
      if (!root) return invalid("Bulk queries must contain at least one connection.");
      counter += 1;
      const id = gid("BulkOperation", BULK_BASE + counter);
      const op: BulkOperationRecord = {
        id,
        shop: ctx.shop.domain,
        status: "CREATED",
        type: "QUERY",
        query,
        errorCode: null,
        createdAt: ctx.now(),
        completedAt: null,
        objectCount: 0,
        rootObjectCount: 0,
        fileSize: null,
        file: join(directory(), `${ctx.shop.domain}-${BULK_BASE + counter}.jsonl`),
        url: null,
        partialDataUrl: null,
      };
      operations.set(id, op);
      currentByShop.set(ctx.shop.domain, id);
      const task = run(ctx, op, document, root).finally(() => running.delete(task));
      running.add(task);
      return { operation: op, userErrors: [] };
    },
    cancel(ctx: StoreContext, id: string) {
      const op = operations.get(id);
      if (!op || op.shop !== ctx.shop.domain) {
        return { operation: null, userErrors: [{ field: ["id"], message: "Bulk operation does not exist" }] };
      }
      if (op.status !== "CREATED" && op.status !== "RUNNING") {
        return {
          operation: op,
          userErrors: [
            { field: null, message: `A bulk operation cannot be canceled when it is ${op.status.toLowerCase()}` },
          ],
        };
      }
      op.status = "CANCELING";
      return { operation: op, userErrors: [] };
    },
    find: (shop, id) => {
      const op = operations.get(id);
      return op && op.shop === shop.domain ? op : undefined;
    },
    current,
    list: (shop) => [...operations.values()].filter((op) => op.shop === shop.domain),
    fileFor(domain, fileName) {
      const match = /^(\d+)\.jsonl$/.exec(fileName);
      if (!match) return undefined;
      const op = operations.get(gid("BulkOperation", match[1]!));
      if (!op || op.shop !== domain || (op.url === null && op.partialDataUrl === null)) return undefined;
      return op.file;
    },
    subscribeFinish(domain, subscription) {
      if (subscription) subscriptions.set(domain, subscription);
      else subscriptions.delete(domain);
    },
    failNext(domain, fault) {
      faults.set(domain, fault);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    close() {
      closed = true;
      if (dir) rmSync(dir, { recursive: true, force: true });
      dir = null;
    },
  };
}

function numberOf(id: string): number {
  return parseGid(id)!.id;
}

const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The query's top-level connection field: the only place Shopify lets a bulk query start. */
function topConnection(operation: OperationDefinitionNode): FieldNode | undefined {
  const schemaQuery = adminSchema().getQueryType()!.getFields();
  return operation.selectionSet.selections.find((s): s is FieldNode => {
    if (s.kind !== Kind.FIELD) return false;
    const type = schemaQuery[s.name.value]?.type.toString().replace(/[![\]]/g, "");
    return Boolean(type?.endsWith("Connection"));
  });
}

/** Runs the query for one page of the top-level connection: `first`/`after` set, pageInfo added. */
function executePage(
  ctx: StoreContext,
  document: DocumentNode,
  root: FieldNode,
  after: string | null,
  pageSize: number,
): { nodes: Record<string, unknown>[]; hasNextPage: boolean; endCursor: string | null } {
  const args = (root.arguments ?? []).filter((a) => !["first", "after", "last", "before"].includes(a.name.value));
  const pageRoot: FieldNode = {
    ...root,
    alias: { kind: Kind.NAME, value: "__bulkRoot" },
    arguments: [
      ...args,
      {
        kind: Kind.ARGUMENT,
        name: { kind: Kind.NAME, value: "first" },
        value: { kind: Kind.INT, value: String(pageSize) },
      },
      ...(after
        ? [
            {
              kind: Kind.ARGUMENT,
              name: { kind: Kind.NAME, value: "after" },
              value: { kind: Kind.STRING, value: after },
            } as const,
          ]
        : []),
    ],
    selectionSet: {
      kind: Kind.SELECTION_SET,
      selections: [...(root.selectionSet?.selections ?? []), ...parseSelections("pageInfo { hasNextPage endCursor }")],
    },
  };
  const pageDocument: DocumentNode = {
    ...document,
    definitions: document.definitions.map((d) =>
      d.kind === Kind.OPERATION_DEFINITION
        ? { ...d, selectionSet: { kind: Kind.SELECTION_SET, selections: [pageRoot] } }
        : d,
    ),
  };
  const result = withUnboundedNestedPages(() =>
    execute({ schema: adminSchema(), document: pageDocument, contextValue: ctx, rootValue: queryRoot(ctx) }),
  );
  if (result instanceof Promise) throw new Error("simulated store resolvers must be synchronous");
  if (result.errors?.length) throw result.errors[0]!;
  const connection = (result.data as { __bulkRoot: Connection }).__bulkRoot;
  const nodes = connection.nodes ?? connection.edges?.map((e) => e.node) ?? [];
  return { nodes, hasNextPage: connection.pageInfo.hasNextPage, endCursor: connection.pageInfo.endCursor };
}

interface Connection {
  nodes?: Record<string, unknown>[];
  edges?: Array<{ node: Record<string, unknown> }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

function parseSelections(text: string): readonly SelectionNode[] {
  const doc = parse(`{ ${text} }`);
  return (doc.definitions[0] as OperationDefinitionNode).selectionSet.selections;
}

function isConnection(value: unknown): value is Connection {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return Array.isArray(v.edges) || Array.isArray(v.nodes);
}

/** One object and, after it, its nested connections' objects, each line naming its parent. */
function flatten(node: Record<string, unknown>, parentId: string | null): Record<string, unknown>[] {
  const own: Record<string, unknown> = {};
  const children: Record<string, unknown>[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (isConnection(value)) {
      const nested = value.nodes ?? value.edges!.map((e) => e.node);
      for (const child of nested) children.push(...flatten(child, String(node.id)));
    } else {
      own[key] = value;
    }
  }
  if (parentId !== null) own.__parentId = parentId;
  return [own, ...children];
}
