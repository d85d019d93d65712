/**
 * `@idempotent(key:)` as Shopify enforces it. The schema cannot mark a directive as required, so
 * Shopify says it in each mutation's description ("As of 2026-04, the idempotency key is required
 * and must be provided using the `@idempotent` directive") and refuses the call at run time. The
 * mutations that need it here are read from those descriptions in the published schema, never
 * listed by hand, so a new version's list comes with its schema.
 */
import { getDirectiveValues, type GraphQLResolveInfo, type GraphQLSchema } from "graphql";

const REQUIRED_SINCE =
  /As of (?:version )?`?(\d{4}-\d{2})`?, the idempotency key is required and must be provided using the `@idempotent` directive/i;

const cache = new WeakMap<GraphQLSchema, Map<string, string>>();

/** Mutation field → the version since which its description requires `@idempotent`. */
export function idempotentMutations(published: GraphQLSchema): Map<string, string> {
  let required = cache.get(published);
  if (!required) {
    required = new Map();
    for (const field of Object.values(published.getMutationType()?.getFields() ?? {})) {
      const since = REQUIRED_SINCE.exec(field.description ?? "")?.[1];
      if (since) required.set(field.name, since);
    }
    cache.set(published, required);
  }
  return required;
}

/** Whether `field` must carry `@idempotent(key:)` in API `version` (`unstable` is the newest). */
export function idempotencyKeyRequired(published: GraphQLSchema, field: string, version: string): boolean {
  const since = idempotentMutations(published).get(field);
  return since !== undefined && (version === "unstable" || version >= since);
}

/** The message Shopify's published material gives no exact words for; it names the fix. */
export function missingKeyMessage(field: string): string {
  return `${field} requires an idempotency key: add @idempotent(key: "<a UUID>") to the field.`;
}

/** The trimmed key of the field's `@idempotent` directive; null when it carries none. */
export function idempotencyKeyOf(info: GraphQLResolveInfo): string | null {
  const directive = info.schema.getDirective("idempotent");
  const values = directive ? getDirectiveValues(directive, info.fieldNodes[0]!, info.variableValues) : undefined;
  return typeof values?.key === "string" && values.key.trim() ? values.key.trim() : null;
}
