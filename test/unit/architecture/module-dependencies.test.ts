// How app/'s modules may depend on each other (docs/decisions/030-feature-modules-and-table-owners.md):
// no import cycle between files nor between folders; orchestration/ (a settings change starts the
// catalogue sync, the reconciliation, the carrier registration…) sits above the features and none
// of them imports it; and what a feature reads from shop/ (its settings, its Shop row) is a leaf
// that leads back to no feature. (`npm run lint` checks the folder rules too: .dependency-cruiser.cjs.)
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.posix.join("app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  for (const ending of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const file = base + ending;
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

/** File → the app/ files it imports (type-only imports too: they are dependencies of the design). */
const graph = new Map<string, string[]>(
  sourceFiles("app").map((file) => {
    const source = fs.readFileSync(file, "utf8");
    const specifiers = [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]!);
    return [file, [...new Set(specifiers.map((s) => resolveImport(file, s)).filter((f): f is string => f !== null))]];
  }),
);

/** The folder right under app/ a file belongs to (null for app/'s top-level files). */
function moduleOf(file: string): string | null {
  const parts = file.split("/");
  return parts.length > 2 ? parts[1]! : null;
}

function reachable(start: string): Set<string> {
  const seen = new Set<string>();
  const todo = [start];
  while (todo.length) {
    const file = todo.pop()!;
    for (const next of graph.get(file) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        todo.push(next);
      }
    }
  }
  return seen;
}

/** The layers above the feature modules: they may import the orchestration. */
const ABOVE_FEATURES = new Set(["routes", "components"]);
/** The edges and shared utilities below the features (docs/architecture.md): a leaf may use them. */
const BELOW_FEATURES = new Set(["svc", "shopify", "money", "i18n", "http", "forms", "text", "jobs"]);

describe("module dependencies", () => {
  it("has no import cycle between app/ files", () => {
    const cycles = [...graph.keys()]
      .filter((file) => reachable(file).has(file))
      .map(
        (file) =>
          `${file} imports itself through ${[...reachable(file)].filter((f) => reachable(f).has(file)).join(", ")}`,
      );
    expect(cycles, cycles.join("\n")).toEqual([]);
  });

  it("has no import cycle between app/ folders", () => {
    // Folder → the folders it imports (routes sit on top by design and are left out).
    const folders = new Map<string, Set<string>>();
    for (const [file, imports] of graph) {
      const from = moduleOf(file);
      if (from === null || from === "routes") continue;
      for (const to of imports.map(moduleOf)) {
        if (to === null || to === from || to === "routes") continue;
        if (!folders.has(from)) folders.set(from, new Set());
        folders.get(from)!.add(to);
      }
    }
    const reaches = (start: string): Set<string> => {
      const seen = new Set<string>();
      const todo = [start];
      while (todo.length)
        for (const next of folders.get(todo.pop()!) ?? []) if (!seen.has(next) && seen.add(next)) todo.push(next);
      return seen;
    };
    const circles = [...folders.keys()]
      .filter((folder) => reaches(folder).has(folder))
      .map((folder) => `${folder} reaches itself through ${[...reaches(folder)].filter((f) => reaches(f).has(folder)).join(", ")}`);
    expect(circles, circles.join("\n")).toEqual([]);
  });

  it("lets no feature import orchestration/: only the routes, their components and the composition root do", () => {
    const offences = [...graph]
      .filter(([file]) => !/^app\/(routes|components|orchestration)\/|^app\/composition\.server\.ts$/.test(file))
      .flatMap(([file, imports]) => imports.filter((f) => moduleOf(f) === "orchestration").map((f) => `${file} → ${f}`));
    expect(offences, offences.join("\n")).toEqual([]);
  });

  it("lets feature modules read from shop/ only what leads back to no feature", () => {
    const offences: string[] = [];
    for (const [file, imports] of graph) {
      const from = moduleOf(file);
      if (from === null || from === "shop" || ABOVE_FEATURES.has(from)) continue;
      for (const target of imports.filter((f) => moduleOf(f) === "shop")) {
        const features = [...reachable(target)].filter((f) => {
          const m = moduleOf(f);
          return m !== null && m !== "shop" && !BELOW_FEATURES.has(m);
        });
        if (features.length)
          offences.push(`${file} imports ${target}, which leads to ${features.slice(0, 5).join(", ")}…`);
      }
    }
    expect(offences, offences.join("\n")).toEqual([]);
  });

  it("keeps fulfillment/core pure and under its layers: no `.server` module but for types, nothing of records/, jobs/, intake/, shopify/, page/, actions/ or events", () => {
    const core = [...graph.keys()].filter((file) => file.startsWith("app/fulfillment/core/"));
    const offences = core.flatMap((file) => {
      const source = fs.readFileSync(file, "utf8");
      // Runtime imports only: `import type …` and `export type …` carry no code.
      const runtime = [...source.matchAll(/\b(?:import|export)\s+(?!type\b)[^"';]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']/g)]
        .map((m) => resolveImport(file, (m[1] ?? m[2])!))
        .filter((f): f is string => f !== null);
      return [
        ...runtime.filter((f) => /\.server\.tsx?$/.test(f)).map((f) => `${file} → ${f} (I/O)`),
        ...(graph.get(file) ?? [])
          .filter((f) => f.startsWith("app/fulfillment/") && !f.startsWith("app/fulfillment/core/"))
          .map((f) => `${file} → ${f} (an outer layer)`),
      ];
    });
    expect(core.length).toBeGreaterThan(10);
    expect(offences, offences.join("\n")).toEqual([]);
  });

  it("sees the dependencies it checks", () => {
    // The orchestration of a settings change calls the features it affects.
    expect(graph.get("app/orchestration/settings.server.ts")).toEqual(
      expect.arrayContaining(["app/catalog/full-sync.server.ts", "app/fulfillment/jobs/reconcile.server.ts"]),
    );
    expect(graph.get("app/rates/quote-rates.server.ts")).toContain("app/shop/shop-settings.server.ts");
    // The order's job builds on fulfilment's pure core.
    expect(graph.get("app/fulfillment/jobs/plan.server.ts")).toContain("app/fulfillment/core/fulfillment-order.ts");
  });
});
