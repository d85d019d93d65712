import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generate } from "@graphql-codegen/cli";
import {
  buildSchema,
  NoDeprecatedCustomRule,
  parse,
  print,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLError,
} from "graphql";
import { afterAll, describe, expect, it } from "vitest";
import { catalogBulkQuery } from "~/shopify/admin/products.server";
import { adminSdl } from "../../../sandbox/store";
import { publishedAdminSchema, publishedSchemaFile } from "../../../sandbox/store/graphql/published-schema";
import { ADMIN_TYPES_DIR, adminCodegenProject, writeAdminSchemaFile } from "../../../scripts/admin-codegen";
import { ADMIN_DIR, ROOT, assembleOperations, pluckDefinitions, sourceFiles } from "./admin-documents";

// Shopify's published Admin API 2026-10 schema, from @shopify/dev-mcp: what real Shopify accepts.
const schema = publishedAdminSchema();
const simulated = buildSchema(adminSdl);
const RULES = [...specifiedRules, NoDeprecatedCustomRule];
const check = (document: DocumentNode): string[] =>
  validate(schema, document, RULES).map((error: GraphQLError) => error.message);

const operations = assembleOperations(sourceFiles(ADMIN_DIR));
const KEYS = { namespace: "custom", lengthKey: "length", widthKey: "width", heightKey: "height" };

describe("every Admin operation of the app against Shopify's published 2026-10 schema", () => {
  it("reads the schema from the installed @shopify/dev-mcp, not the network", () => {
    expect(publishedSchemaFile()).toMatch(/node_modules\/@shopify\/dev-mcp\/dist\/data\/admin_2026-10\.json\.gz$/);
    expect(schema.getQueryType()?.name).toBe("QueryRoot");
  });

  it("finds the app's operations in app/shopify/admin", () => {
    // GIVEN the edge's files WHEN their #graphql documents are read THEN the known operations are there
    const names = operations.map((operation) => operation.name);
    expect(names).toEqual(expect.arrayContaining(["CatalogProductVariants", "StockAtWarehouse", "CarrierServiceCreate"]));
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(30);
  });

  it.each(operations.map((operation) => [operation.name, operation] as const))(
    "%s validates and reads no deprecated field",
    (_name, operation) => {
      expect(check(operation.document)).toEqual([]);
    },
  );

  it.each(operations.map((operation) => [operation.name, operation] as const))(
    "%s is also one the simulated store can answer (its own schema)",
    (_name, operation) => {
      expect(validate(simulated, operation.document).map((error) => error.message)).toEqual([]);
    },
  );

  it("validates the catalogue's bulk query as a query document, with no deprecated field", () => {
    expect(check(parse(catalogBulkQuery(KEYS)))).toEqual([]);
  });

  it("keeps no Admin operation anywhere else in app/", () => {
    const elsewhere = sourceFiles("app")
      .filter((file) => !file.startsWith(`${ADMIN_DIR}/`))
      .map((file) => ({ file, code: readFileSync(join(ROOT, file), "utf8") }));
    // Only a file that names GraphQL can hold a #graphql or /* GraphQL */ document.
    const plucked = elsewhere
      .filter(({ code }) => /graphql/i.test(code))
      .flatMap(({ file }) => pluckDefinitions(file).map(() => file));
    // An operation in a plain string escapes the pluck; its keyword and name give it away.
    const written = elsewhere
      .filter(({ code }) => /[`"']\s*(?:#graphql\s*)?(?:query|mutation)\s+[A-Z]\w*\s*[({]/.test(code))
      .map(({ file }) => file);
    expect([...plucked, ...written]).toEqual([]);
  });
});

describe("the validation would catch a wrong operation", () => {
  const variantsPage = operations.find((operation) => operation.name === "CatalogProductVariants")!;

  it("fails a field Shopify does not have", () => {
    // GIVEN the catalogue's product-variants query with one field misspelt
    const wrong = parse(print(variantsPage.document).replace(/\bbarcode\b/, "barcodes"));
    // THEN validation names it
    expect(check(wrong)).toEqual([expect.stringContaining('Cannot query field "barcodes" on type "ProductVariant"')]);
  });

  it("fails a deprecated field (the variant's image, replaced by media in 2026-10)", () => {
    const deprecated = parse(`query Old($id: ID!) { productVariant(id: $id) { image { url } } }`);
    expect(check(deprecated)).toEqual([expect.stringContaining("ProductVariant.image is deprecated")]);
  });

  it("fails a bulk query reading a field Shopify does not have", () => {
    expect(check(parse(catalogBulkQuery(KEYS).replace("barcode", "weight")))).not.toEqual([]);
  });
});

describe("the generated Admin types", () => {
  const dir = mkdtempSync(join(tmpdir(), "admin-codegen-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("are what Shopify's codegen preset generates from the documents now, offline", async () => {
    // GIVEN the published schema written where the preset reads it, so it never fetches one
    writeAdminSchemaFile(dir);
    const project = adminCodegenProject(dir);
    const { generates, pluckConfig } = project.extensions!.codegen as {
      generates: Record<string, unknown>;
      pluckConfig: unknown;
    };
    expect(project.schema).toBe(`${dir}/admin-2026-10.schema.json`);
    expect(Object.keys(generates).sort()).toEqual([`${dir}/admin.generated.d.ts`, `${dir}/admin.types.d.ts`]);
    // WHEN the codegen runs into a temporary directory
    const outputs: { filename: string; content: string }[] = await generate(
      {
        schema: project.schema,
        documents: project.documents,
        pluckConfig,
        generates,
        cwd: ROOT,
        silent: true,
      } as never,
      false,
    );
    // THEN each output is the committed file, byte for byte
    expect(outputs.map((o) => o.filename).sort()).toEqual(Object.keys(generates).sort());
    for (const output of outputs) {
      const committed = readFileSync(join(ROOT, ADMIN_TYPES_DIR, output.filename.slice(dir.length + 1)), "utf8");
      expect(output.content === committed, `${output.filename} differs: run npm run graphql-codegen`).toBe(true);
    }
  }, 180_000);
});
