/** Bulk query operations (Admin API 2026-01): run one query over a whole connection, read JSONL. */
export const bulkOperationsSdl = /* GraphQL */ `
  enum BulkOperationStatus {
    CANCELED
    CANCELING
    COMPLETED
    CREATED
    EXPIRED
    FAILED
    RUNNING
  }

  enum BulkOperationType {
    MUTATION
    QUERY
  }

  enum BulkOperationErrorCode {
    ACCESS_DENIED
    INTERNAL_SERVER_ERROR
    TIMEOUT
  }

  enum BulkOperationUserErrorCode {
    INVALID
    LIMIT_REACHED
    OPERATION_IN_PROGRESS
  }

  type BulkOperation implements Node {
    id: ID!
    status: BulkOperationStatus!
    type: BulkOperationType!
    errorCode: BulkOperationErrorCode
    createdAt: DateTime!
    completedAt: DateTime
    objectCount: UnsignedInt64!
    rootObjectCount: UnsignedInt64!
    fileSize: UnsignedInt64
    url: URL
    partialDataUrl: URL
    query: String!
  }

  type BulkOperationUserError implements DisplayableError {
    field: [String!]
    message: String!
    code: BulkOperationUserErrorCode
  }

  type BulkOperationRunQueryPayload {
    bulkOperation: BulkOperation
    userErrors: [BulkOperationUserError!]!
  }

  type BulkOperationCancelPayload {
    bulkOperation: BulkOperation
    userErrors: [UserError!]!
  }

  enum BulkOperationsSortKeys {
    CREATED_AT
    COMPLETED_AT
    ID
    RELEVANCE
    STATUS
  }

  type BulkOperationEdge {
    cursor: String!
    node: BulkOperation!
  }

  type BulkOperationConnection {
    edges: [BulkOperationEdge!]!
    nodes: [BulkOperation!]!
    pageInfo: PageInfo!
  }

  extend type Query {
    currentBulkOperation(type: BulkOperationType = QUERY): BulkOperation
      @deprecated(reason: "Use \`bulkOperations\` with status filter instead.")
    bulkOperations(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      sortKey: BulkOperationsSortKeys = ID
      query: String
    ): BulkOperationConnection!
    bulkOperation(id: ID!): BulkOperation
  }

  extend type Mutation {
    bulkOperationRunQuery(query: String!, groupObjects: Boolean! = false): BulkOperationRunQueryPayload
    bulkOperationCancel(id: ID!): BulkOperationCancelPayload
  }
`;
