/** A bulk operation as the store keeps it, and as Admin GraphQL shows it. */
export type BulkStatus = "CREATED" | "RUNNING" | "COMPLETED" | "FAILED" | "CANCELING" | "CANCELED";
export type BulkErrorCode = "ACCESS_DENIED" | "INTERNAL_SERVER_ERROR" | "TIMEOUT";

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
