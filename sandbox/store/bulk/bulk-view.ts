/** A bulk operation as the store keeps it, and as Admin GraphQL shows it. */
type BulkStatus = "CREATED" | "RUNNING" | "COMPLETED" | "FAILED" | "CANCELING" | "CANCELED";
type BulkErrorCode = "ACCESS_DENIED" | "INTERNAL_SERVER_ERROR" | "TIMEOUT";

/** What a caller of the runtime passes: the store's per-request context (graphql/context.ts). */
interface BulkCallerContext {
  shop: { domain: string };
  now: () => number;
}

export interface BulkOperationRecord {
  id: string;
  shop: string;
  status: BulkStatus;
  type: "QUERY";
  query: string;
  errorCode: BulkErrorCode | null;
  createdAt: number;
  completedAt: number | null;
  objectCount: number;
  rootObjectCount: number;
  fileSize: number | null;
  /** The JSONL file on disk; served at `url` (or `partialDataUrl` when it failed). */
  file: string;
  url: string | null;
  partialDataUrl: string | null;
}

export function bulkOperationView(op: BulkOperationRecord) {
  return {
    __typename: "BulkOperation",
    id: op.id,
    status: op.status,
    type: op.type,
    errorCode: op.errorCode,
    createdAt: new Date(op.createdAt).toISOString(),
    completedAt: op.completedAt === null ? null : new Date(op.completedAt).toISOString(),
    objectCount: String(op.objectCount),
    rootObjectCount: String(op.rootObjectCount),
    fileSize: op.fileSize === null ? null : String(op.fileSize),
    url: op.url,
    partialDataUrl: op.partialDataUrl,
    query: op.query,
  };
}

export interface BulkFinishSubscription {
  url: string;
  secret: string;
  /** How to deliver (tests hand the app's route in process); global fetch otherwise. */
  fetch?: typeof fetch;
}

export interface BulkFault {
  /** The operation fails once it has written this many objects. */
  afterObjects: number;
  errorCode: BulkErrorCode;
}

export interface BulkRuntime {
  runQuery(
    ctx: BulkCallerContext,
    query: string,
  ): { operation: BulkOperationRecord | null; userErrors: BulkUserError[] };
  cancel(ctx: BulkCallerContext, id: string): { operation: BulkOperationRecord | null; userErrors: BulkUserError[] };
  find(shop: { domain: string }, id: string): BulkOperationRecord | undefined;
  current(shop: { domain: string }): BulkOperationRecord | undefined;
  /** Every bulk operation of the shop, in the order they were created. */
  list(shop: { domain: string }): BulkOperationRecord[];
  /** The JSONL file behind a result URL path (`/bulk-operations/<n>.jsonl`), for the HTTP handler. */
  fileFor(domain: string, fileName: string): string | undefined;
  subscribeFinish(domain: string, subscription: BulkFinishSubscription | null): void;
  failNext(domain: string, fault: BulkFault): void;
  /** Waits for every running operation (tests and shutdown). */
  idle(): Promise<void>;
  close(): void;
}

export interface BulkUserError {
  field: string[] | null;
  message: string;
  code?: "INVALID" | "LIMIT_REACHED" | "OPERATION_IN_PROGRESS";
}
