// The order-page extensions bundle as Shopify's CLI bundles them (esbuild, ESM, every import
// resolved), within Shopify's 64 KB limit for a UI extension's compiled script, and every message
// key they use exists in both languages.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const EXTENSIONS = [
  { name: "warehouse-status", entry: "src/BlockExtension.tsx" },
  { name: "warehouse-push", entry: "src/ActionExtension.tsx" },
];
const SHOPIFY_SCRIPT_LIMIT_BYTES = 64 * 1024;

function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as unknown;

describe.each(EXTENSIONS)("extension $name", ({ name, entry }) => {
  const dir = path.join(ROOT, "extensions", name);

  it("bundles with esbuild into one ESM script under Shopify's size limit", async () => {
    const result = await build({
      entryPoints: [path.join(dir, entry)],
      bundle: true,
      format: "esm",
      minify: true,
      write: false,
      target: "es2020",
      logLevel: "silent",
    });
    expect(result.errors).toEqual([]);
    const script = result.outputFiles[0]!.text;
    expect(script).toMatch(/export\s*\{[^}]*as default/);
    expect(script).not.toMatch(/\bimport\s*["'{]/);
    expect(Buffer.byteLength(script)).toBeLessThan(SHOPIFY_SCRIPT_LIMIT_BYTES);
  });

  it("declares its target and module in shopify.extension.toml", () => {
    const toml = fs.readFileSync(path.join(dir, "shopify.extension.toml"), "utf8");
    expect(toml).toContain(`module = "./${entry}"`);
    expect(toml).toMatch(/api_version = "\d{4}-\d{2}"/);
    expect(toml).toContain('type = "ui_extension"');
  });

  it("has the same message keys in Spanish and English, and uses only keys that exist", () => {
    const en = keysOf(readJson(path.join(dir, "locales/en.default.json"))).sort();
    const es = keysOf(readJson(path.join(dir, "locales/es.json"))).sort();
    expect(es).toEqual(en);
    const sources = [path.join(dir, entry), path.join(ROOT, "extensions/shared/warehouse-status.ts")]
      .map((file) => fs.readFileSync(file, "utf8"))
      .join("\n");
    const used = [...sources.matchAll(/key: [`"]([a-zA-Z]+\.[a-zA-Z_.]+)[`"]/g)].map((m) => m[1]!);
    const own = used.filter((key) => en.some((k) => k.split(".")[0] === key.split(".")[0]));
    expect(own.length).toBeGreaterThan(0);
    for (const key of own) expect(en, `missing message ${key}`).toContain(key);
  });
});
