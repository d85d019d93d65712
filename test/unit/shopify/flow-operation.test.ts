// The Flow trigger mutation against Shopify's published Admin API schema (2026-10, from the npm
// package @shopify/dev-mcp): an argument Shopify renamed or a wrong type fails here.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { buildClientSchema, parse, validate, type IntrospectionQuery } from "graphql";
import { describe, expect, it } from "vitest";
import { FLOW_TRIGGER_RECEIVE } from "~/shopify/admin/flow.server";

// The package exports no subpaths: its data files are read from where npm installs it.
const PACKAGE = join(import.meta.dirname, "../../../node_modules/@shopify/dev-mcp");

function publishedSchema(version: string) {
  const json = JSON.parse(gunzipSync(readFileSync(join(PACKAGE, "dist/data", `admin_${version}.json.gz`))).toString());
  return buildClientSchema((json.data ?? json) as IntrospectionQuery);
}

describe("flowTriggerReceive against Shopify's published schema", () => {
  const schema = publishedSchema("2026-10");

  it("validates: handle and payload, userErrors with field and message", () => {
    expect(validate(schema, parse(FLOW_TRIGGER_RECEIVE)).map((e) => e.message)).toEqual([]);
  });

  it("takes handle: String and payload: JSON (body is the deprecated form)", () => {
    const field = schema.getMutationType()!.getFields().flowTriggerReceive!;
    expect(Object.fromEntries(field.args.map((a) => [a.name, String(a.type)]))).toEqual({
      body: "String",
      handle: "String",
      payload: "JSON",
    });
    expect(field.args.find((a) => a.name === "body")!.deprecationReason).toBeTruthy();
  });
});
