/**
 * Shopify's published Admin API schema (introspection JSON), as Shopify ships it in the npm
 * package `@shopify/dev-mcp` (`dist/data/admin_<version>.json.gz`). Read from disk, never from
 * the network, and parsed once per process: the store validates every operation against it, the
 * app's codegen types its operations from it, and the app's tests validate its documents with it.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from "graphql";

/** The Admin API version the app speaks and the store serves. */
export const PUBLISHED_ADMIN_VERSION = "2026-10";

const PACKAGE = join("node_modules", "@shopify", "dev-mcp");

/** The gzipped introspection file of `version` in the installed @shopify/dev-mcp. */
export function publishedSchemaFile(version = PUBLISHED_ADMIN_VERSION): string {
  const file = join(PACKAGE, "dist", "data", `admin_${version}.json.gz`);
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, file))) return join(dir, file);
    if (dirname(dir) === dir) break;
  }
  throw new Error(
    `Shopify's published Admin API ${version} schema was not found (${file}): install the dev dependencies (npm install)`,
  );
}

const introspections = new Map<string, IntrospectionQuery>();
const schemas = new Map<string, GraphQLSchema>();

/** The published introspection result of `version`. */
export function publishedIntrospection(version = PUBLISHED_ADMIN_VERSION): IntrospectionQuery {
  let introspection = introspections.get(version);
  if (!introspection) {
    const json = JSON.parse(gunzipSync(readFileSync(publishedSchemaFile(version))).toString("utf8")) as {
      data?: IntrospectionQuery;
    } & Partial<IntrospectionQuery>;
    introspection = json.data ?? (json as IntrospectionQuery);
    if (!introspection.__schema) throw new Error(`${publishedSchemaFile(version)} is not an introspection result`);
    introspections.set(version, introspection);
  }
  return introspection;
}

/** The published Admin API schema of `version`, built once per process. */
export function publishedAdminSchema(version = PUBLISHED_ADMIN_VERSION): GraphQLSchema {
  let schema = schemas.get(version);
  if (!schema) {
    schema = buildClientSchema(publishedIntrospection(version), { assumeValid: true });
    schemas.set(version, schema);
  }
  return schema;
}
