// The fulfilment service's wire field names (`productos`, `consumidor_destino`, `codigo_postal`…)
// belong to app/svc, which maps them to and from typed objects (issue 20, item 5). This derives the
// names from app/svc's zod wire schemas, scans the code of app/ outside app/svc (identifiers and
// string literals; comments and the i18n catalogues, which hold words rather than wire names, are
// not scanned) and fails naming file and line.
//
// VOCABULARY exempts words the address parser reads in what shoppers type, file by file.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import * as destinationWire from "~/svc/wire/destination";
import * as inventoryWire from "~/svc/wire/inventory";
import * as orderWire from "~/svc/wire/order";
import * as productWire from "~/svc/wire/product";
import * as quoteWire from "~/svc/wire/quote";

/**
 * Wire keys that are also ordinary English identifiers of our own code (the service answers some
 * fields in English). They can't tell a wire leak from a domain name, so they are not scanned.
 */
const SHARED_WITH_ENGLISH = new Set([
  "id",
  "sku",
  "upc",
  "data",
  "dimension",
  "email",
  "lat",
  "lng",
  "returning",
  "products",
  "services",
  "service",
  "days",
  "description",
  "provider",
  "identifier",
  "inStock",
  "totalPricing",
  "timestamp",
]);

/**
 * Words the address parser recognises in what shoppers type ("Calle 60", "Col. Roma Norte"): the
 * same Spanish words as two wire keys, but vocabulary read from addresses, not field names. Only
 * these words, only in this file; an entry whose word is no longer there fails.
 */
const VOCABULARY: Record<string, readonly string[]> = {
  "app/address/vocabulary.ts": ["calle", "colonia"],
};

interface ZodDef {
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  [child: string]: unknown;
}

/** Every object key reachable from a zod schema (objects, arrays, unions, optional/nullable…). */
function keysOf(schema: unknown, into = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  if (typeof schema !== "object" || schema === null || seen.has(schema)) return into;
  seen.add(schema);
  const def = (schema as { _zod?: { def?: ZodDef } })._zod?.def;
  if (!def) return into;
  for (const [key, child] of Object.entries(def.shape ?? {})) {
    into.add(key);
    keysOf(child, into, seen);
  }
  for (const child of ["innerType", "element", "in", "out", "left", "right", "valueType"])
    keysOf(def[child], into, seen);
  for (const option of def.options ?? []) keysOf(option, into, seen);
  return into;
}

function wireNames(): string[] {
  const names = new Set<string>();
  for (const module of [destinationWire, inventoryWire, orderWire, productWire, quoteWire]) {
    for (const value of Object.values(module)) keysOf(value, names);
  }
  // The quotation answer's schema is built per service name; its root key is not a fixed name.
  keysOf(quoteWire.quoteResponseSchema("svcServiceAvailability"), names);
  return [...names].filter((name) => !SHARED_WITH_ENGLISH.has(name)).sort();
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

/** `file:line: name` for each identifier, or key-like string literal, in the code that is or holds a wire name. */
function wireNameUses(file: string, source: string, names: string[]): string[] {
  const exact = new Set(names);
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, kind);
  const uses: string[] = [];
  const report = (node: ts.Node, name: string) => {
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
    uses.push(`${file}:${line}: ${name}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
      const name = node.text.replace(/^#/, "");
      if (exact.has(name)) report(node, name);
    } else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      // A key or a path such as "consumidor_destino.codigo_postal"; text with spaces is words
      // (a sentence saying "el servicio" names no field).
      const name = /^[\w.[\]-]+$/.test(node.text)
        ? node.text.split(/[^\w]+/).find((part) => exact.has(part))
        : undefined;
      if (name) report(node, name);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return uses;
}

describe("wire names stay in app/svc", () => {
  const names = wireNames();
  const files = sourceFiles("app").filter((file) => !file.startsWith("app/svc/") && !file.startsWith("app/i18n/"));
  const found = files.map((file) => [file, wireNameUses(file, fs.readFileSync(file, "utf8"), names)] as const);
  const isVocabulary = (file: string, use: string) => (VOCABULARY[file] ?? []).includes(use.split(": ").at(-1) ?? "");
  const uses = new Map(found.map(([file, list]) => [file, list.filter((use) => !isVocabulary(file, use))] as const));

  it("derives the wire names from app/svc's schemas", () => {
    for (const name of ["productos", "consumidor_destino", "codigo_postal", "peso", "identificador", "cantidad"]) {
      expect(names, `app/svc's wire schemas should yield ${name}`).toContain(name);
    }
    expect(names).not.toContain("sku");
  });

  it("finds no wire name in app/ outside app/svc", () => {
    const offences = [...uses].flatMap(([, found]) => found);
    expect(offences, `wire names belong in app/svc:\n${offences.join("\n")}`).toEqual([]);
  });

  it("exempts as vocabulary only words the file still holds", () => {
    const stale = Object.entries(VOCABULARY).flatMap(([file, words]) => {
      const held = found.find(([name]) => name === file)?.[1] ?? [];
      return words.filter((word) => !held.some((use) => use.endsWith(`: ${word}`))).map((word) => `${file}: ${word}`);
    });
    expect(stale, `remove from VOCABULARY:\n${stale.join("\n")}`).toEqual([]);
  });

  it("reports identifiers and key-like strings with their line, and ignores comments, sentences and longer names", () => {
    const source = [
      "// productos in a comment",
      "/* consumidor_destino */",
      "const body = { productos: [] };",
      'const key = "consumidor_destino.codigo_postal";',
      "const productosTotal = 1;",
      "const s = `${y}.peso`;",
      'const sentence = "Registrado en el servicio con su peso";',
    ].join("\n");
    expect(wireNameUses("a.ts", source, ["productos", "consumidor_destino", "codigo_postal", "peso"])).toEqual([
      "a.ts:3: productos",
      "a.ts:4: consumidor_destino",
      "a.ts:6: peso",
    ]);
  });
});
