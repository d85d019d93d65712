import {
  execute,
  getDirectiveValues,
  getLocation,
  getOperationAST,
  getVariableValues,
  Kind,
  parse,
  print,
  validate,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLError,
  type OperationDefinitionNode,
} from "graphql";
import type { OperationOutcome, OperationRecord } from "../state/records";
import type { ThrottleStatus } from "../throttle";
import type { StoreContext } from "./context";
import { bulkOperationRoot } from "../bulk/bulk-root";
import { carrierServiceMutations } from "./mutations/carrier-services";
import { deliveryProfileMutations } from "./mutations/delivery-profiles";
import { fulfillmentOrderChangeMutations } from "./mutations/fulfillment-order-changes";
import { fulfillmentOrderProgressMutations } from "./mutations/fulfillment-order-progress";
import { fulfillmentMutations } from "./mutations/fulfillments";
import {
  assignedFulfillmentOrders,
  fulfillmentServiceMutations,
  fulfillmentServiceView,
} from "./mutations/fulfillment-services";
import { inventorySetQuantitiesMutation } from "./mutations/inventory-set-quantities";
import { metafieldsSetMutation } from "./mutations/metafields-set";
import { tagMutations } from "./mutations/tags";
import { flowMutations } from "./mutations/flow";
import { actualQueryCost, requestedQueryCost, type CostInput } from "./query-cost";
import { queryRoot } from "./query-root";
import { idempotencyKeyRequired, missingKeyMessage } from "./idempotency";
import { PUBLISHED_ADMIN_VERSION, publishedAdminSchema } from "./published-schema";
import { adminSchema } from "./schema";
import {
  indexDocument,
  toShopifyExecutionError,
  toShopifyValidationError,
  toShopifyVariableError,
  type ShopifyError,
} from "./shopify-errors";

const MAX_QUERY_COST = 1000;
const RATE_LIMITS_DOCS = "https://shopify.dev/api/usage/rate-limits";

export interface GraphqlRequestBody {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

interface CostExtension {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: ThrottleStatus;
}

// Callers read responses of many shapes, as with Shopify's own client; `any` spares each a cast.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AdminData = Record<string, any>;

export interface GraphqlResponseBody {
  errors?: ShopifyError[];
  data?: AdminData | null;
  extensions?: { cost: CostExtension };
}

interface Outcome {
  body: GraphqlResponseBody;
  outcome: OperationOutcome;
  operation?: OperationDefinitionNode;
  requested?: number;
  actual?: number | null;
}

/** Runs one Admin API request for a shop: validate, price, throttle, execute, and log it. */
export function executeAdminOperation(
  ctx: StoreContext,
  request: GraphqlRequestBody,
  opts: { forceThrottle?: boolean } = {},
): GraphqlResponseBody {
  const result = run(ctx, request, opts);
  const operation = result.operation;
  const record: OperationRecord = {
    at: ctx.now(),
    operationName: operation?.name?.value ?? null,
    kind: operation ? (operation.operation === "mutation" ? "mutation" : "query") : "unknown",
    rootFields: operation
      ? operation.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : []))
      : [],
    variables: structuredClone(request.variables ?? {}),
    query: request.query,
    outcome: result.outcome,
    requestedQueryCost: result.requested ?? null,
    actualQueryCost: result.actual ?? null,
  };
  ctx.shop.operations.push(record);
  return result.body;
}

// Documents that parsed and passed both schemas, by their text: an app sends the same few queries
// over and over, and validating against Shopify's whole published schema is most of what a call
// costs the store. A document is never changed once parsed, so one can serve every call.
const VALID_DOCUMENTS_KEPT = 500;
const validDocuments = new Map<string, DocumentNode>();

function run(ctx: StoreContext, request: GraphqlRequestBody, opts: { forceThrottle?: boolean }): Outcome {
  const schema = adminSchema();
  const known = validDocuments.get(request.query);
  const checked = known ? { document: known } : parseAndValidate(request.query);
  if ("refusal" in checked) return checked.refusal;
  const { document } = checked;
  if (!known) {
    if (validDocuments.size >= VALID_DOCUMENTS_KEPT) validDocuments.clear();
    validDocuments.set(request.query, document);
  }
  return runValid(ctx, request, opts, schema, document);
}

function parseAndValidate(query: string): { document: DocumentNode } | { refusal: Outcome } {
  const schema = adminSchema();
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    const e = error as GraphQLError;
    const where = e.locations?.[0];
    return {
      refusal: {
        outcome: "invalid",
        body: {
          errors: [
            {
              message: `Parse error: ${e.message.replace(/^Syntax Error: /, "")}${where ? ` at [${where.line}, ${where.column}]` : ""}`,
              ...(where ? { locations: [{ line: where.line, column: where.column }] } : {}),
            },
          ],
        },
      },
    };
  }
  // What Shopify would refuse is refused first, against Shopify's own published schema; only then
  // does the store's smaller schema say what it does not model.
  const refused = validate(publishedAdminSchema(), document);
  if (refused.length > 0) {
    const index = indexDocument(document);
    return {
      refusal: { outcome: "invalid", body: { errors: refused.map((e) => toShopifyValidationError(e, index)) } },
    };
  }
  const validationErrors = validate(schema, document);
  if (validationErrors.length > 0) {
    const index = indexDocument(document);
    return {
      refusal: {
        outcome: "invalid",
        body: { errors: validationErrors.map((e) => toShopifyValidationError(e, index)) },
      },
    };
  }
  return { document };
}

function runValid(
  ctx: StoreContext,
  request: GraphqlRequestBody,
  opts: { forceThrottle?: boolean },
  schema: ReturnType<typeof adminSchema>,
  document: DocumentNode,
): Outcome {
  const operation = getOperationAST(document, request.operationName ?? undefined);
  if (!operation) {
    const message = request.operationName
      ? `No operation named "${request.operationName}"`
      : "An operation name is required when sending a document with multiple operations.";
    return { outcome: "invalid", body: { errors: [{ message }] } };
  }
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], request.variables ?? {});
  if (coerced.errors) {
    const declared = new Map((operation.variableDefinitions ?? []).map((d) => [d.variable.name.value, print(d.type)]));
    return {
      outcome: "invalid",
      operation,
      body: { errors: coerced.errors.map((e) => toShopifyVariableError(e, declared)) },
    };
  }
  const unkeyed = missingIdempotencyKeys(ctx, operation, coerced.coerced);
  if (unkeyed.length > 0) return { outcome: "invalid", operation, body: { errors: unkeyed } };
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  const costInput: CostInput = { schema, operation, fragments, variables: coerced.coerced };
  const requested = requestedQueryCost(costInput);
  const cost = (actual: number | null): CostExtension => ({
    requestedQueryCost: requested,
    actualQueryCost: actual,
    throttleStatus: ctx.shop.throttle.status(),
  });
  if (requested > MAX_QUERY_COST) {
    return {
      outcome: "max-cost-exceeded",
      operation,
      requested,
      body: {
        errors: [
          {
            message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).\n\nSee https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n`,
            extensions: {
              code: "MAX_COST_EXCEEDED",
              cost: requested,
              maxCost: MAX_QUERY_COST,
              documentation: RATE_LIMITS_DOCS,
            },
          },
        ],
        extensions: { cost: cost(null) },
      },
    };
  }
  if (opts.forceThrottle || !ctx.shop.throttle.take(requested)) {
    return {
      outcome: "throttled",
      operation,
      requested,
      body: {
        errors: [{ message: "Throttled", extensions: { code: "THROTTLED", documentation: RATE_LIMITS_DOCS } }],
        extensions: { cost: cost(null) },
      },
    };
  }
  const result = execute({
    schema,
    document,
    operationName: request.operationName ?? undefined,
    variableValues: request.variables ?? {},
    contextValue: ctx,
    rootValue: rootValue(ctx),
  });
  if (result instanceof Promise) throw new Error("simulated store resolvers must be synchronous");
  const actual =
    operation.operation === "mutation" ? requested : Math.min(requested, actualQueryCost(costInput, result.data));
  ctx.shop.throttle.refund(requested - actual);
  const body: GraphqlResponseBody = {};
  if (result.errors?.length) body.errors = result.errors.map(toShopifyExecutionError);
  body.data = result.data ?? null;
  body.extensions = { cost: cost(actual) };
  return { outcome: "ok", operation, requested, actual, body };
}

/**
 * Shopify refuses, at run time, a mutation whose published description requires
 * `@idempotent(key:)` when the field carries no key, and any blank key (the directive's own
 * description forbids one); nothing of the operation runs.
 */
function missingIdempotencyKeys(
  ctx: StoreContext,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): ShopifyError[] {
  if (operation.operation !== "mutation") return [];
  const directive = adminSchema().getDirective("idempotent");
  const label = operation.name ? `mutation ${operation.name.value}` : "mutation";
  return operation.selectionSet.selections.flatMap((selection): ShopifyError[] => {
    if (selection.kind !== Kind.FIELD) return [];
    const field = selection.name.value;
    const values = directive ? getDirectiveValues(directive, selection, variables) : undefined;
    if (typeof values?.key === "string" && values.key.trim()) return [];
    // A blank key is refused wherever the directive is given; a missing one where it is required.
    const required = idempotencyKeyRequired(publishedAdminSchema(), field, ctx.apiVersion ?? PUBLISHED_ADMIN_VERSION);
    if (!values && !required) return [];
    return [
      {
        message: missingKeyMessage(field),
        ...(selection.loc ? { locations: [locationOf(selection.loc)] } : {}),
        path: [label, selection.alias?.value ?? field],
        extensions: { code: "BAD_REQUEST" },
      },
    ];
  });
}

function locationOf(loc: NonNullable<OperationDefinitionNode["loc"]>): { line: number; column: number } {
  const { line, column } = getLocation(loc.source, loc.start);
  return { line, column };
}

function rootValue(ctx: StoreContext): Record<string, unknown> {
  return {
    ...queryRoot(ctx),
    ...carrierServiceMutations(ctx),
    ...deliveryProfileMutations(ctx),
    ...fulfillmentMutations(ctx),
    ...fulfillmentServiceMutations(ctx),
    ...fulfillmentOrderChangeMutations(ctx),
    ...fulfillmentOrderProgressMutations(ctx),
    assignedFulfillmentOrders: assignedFulfillmentOrders(ctx),
    fulfillmentService: (args: { id: string }) => {
      const service = ctx.shop.fulfillmentServices.get(args.id);
      return service ? fulfillmentServiceView(ctx, service) : null;
    },
    ...tagMutations(ctx),
    ...metafieldsSetMutation(ctx),
    ...inventorySetQuantitiesMutation(ctx),
    ...bulkOperationRoot(ctx),
    ...flowMutations(ctx),
  };
}
