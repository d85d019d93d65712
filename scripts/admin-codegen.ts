/**
 * The Admin API codegen set-up shared by `.graphqlrc.ts` (npm run graphql-codegen) and the test
 * that checks the committed types are current: Shopify's preset, fed the published schema from
 * the installed @shopify/dev-mcp, written where the preset looks for it so it never goes online.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ApiType, shopifyApiProject } from "@shopify/api-codegen-preset";
import { PUBLISHED_ADMIN_VERSION, publishedIntrospection } from "../sandbox/store/graphql/published-schema";

/** Where the generated types are committed. */
export const ADMIN_TYPES_DIR = "app/shopify/admin/types";
/** Every file of the app that may hold an Admin operation (the test fails on one outside app/shopify/admin). */
export const ADMIN_DOCUMENTS = ["app/**/*.{ts,tsx}", "!app/**/*.d.ts"];

/** Writes the schema file the preset reads (`<dir>/admin-<version>.schema.json`, not committed). */
export function writeAdminSchemaFile(dir = ADMIN_TYPES_DIR): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `admin-${PUBLISHED_ADMIN_VERSION}.schema.json`);
  writeFileSync(file, JSON.stringify({ data: publishedIntrospection() }));
  return file;
}

/** The graphql-config project of Shopify's Admin preset, generating into `dir`. */
export function adminCodegenProject(dir = ADMIN_TYPES_DIR) {
  return shopifyApiProject({
    apiType: ApiType.Admin,
    apiVersion: PUBLISHED_ADMIN_VERSION,
    documents: ADMIN_DOCUMENTS,
    outputDir: dir,
    // String unions, not TypeScript enums: the domain passes and compares plain strings.
    enumsAsConst: true,
  });
}
