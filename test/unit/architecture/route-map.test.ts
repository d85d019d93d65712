// docs/architecture.md's "From a route to its behaviour" table is the newcomer's map: each route
// under app/routes has a row, and the row names every `.server` module of a feature that the
// route's file (or a file of its folder) imports, so the behaviour is one hop from the row. The
// map is read from the doc and the imports from the source, so neither can drift from the other.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../../..");
const APP = path.join(ROOT, "app");
const ROUTES = path.join(APP, "routes");
const DOC = path.join(ROOT, "docs/architecture.md");
const FEATURES = [
  "catalog",
  "rates",
  "fulfillment",
  "warehouse",
  "address",
  "shop",
  "orchestration",
  "flow",
  "attention",
  "privacy",
  "maintenance",
];

interface Row {
  routes: string[];
  modules: string[];
}

/** The rows of the table under `heading`: backticked route patterns, backticked module paths. */
export function routeTable(markdown: string, heading = "## From a route to its behaviour"): Row[] {
  const section = markdown.slice(markdown.indexOf(heading));
  const lines = section.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| ---"));
  const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
  return lines.slice(1).map((line) => {
    const [route = "", modules = ""] = line.slice(1).split(" | ");
    return { routes: ticked(route), modules: ticked(modules) };
  });
}

/** The route's name as the table writes it: a folder with its slash, a file without its extension. */
function routeName(entry: string): string {
  return statSync(path.join(ROUTES, entry)).isDirectory() ? `${entry}/` : entry.replace(/\.tsx?$/, "");
}

/** `app.privacy*` matches `app.privacy` and `app.privacy.$id`; a pattern without `*` matches itself. */
export function matches(pattern: string, route: string): boolean {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
  return new RegExp(`^${escaped}$`).test(route);
}

function sourceFiles(entry: string): string[] {
  const full = path.join(ROUTES, entry);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => path.join(full, name));
}

/** The `.server` feature modules `file` imports, as paths under app/ (`orchestration/readiness.server.ts`). */
export function featureServerImports(file: string, source: string): string[] {
  const found = new Set<string>();
  for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
    const target = specifier!.startsWith("~/")
      ? path.join(APP, specifier!.slice(2))
      : specifier!.startsWith(".")
        ? path.resolve(path.dirname(file), specifier!)
        : undefined;
    if (!target) continue;
    const relative = path.relative(APP, target).split(path.sep).join("/");
    if (FEATURES.includes(relative.split("/")[0]!) && relative.endsWith(".server")) found.add(`${relative}.ts`);
  }
  return [...found];
}

const rows = routeTable(readFileSync(DOC, "utf8"));
const routes = readdirSync(ROUTES).map(routeName);

describe("docs/architecture.md's map from a route to its behaviour", () => {
  it("reads the table: rows with routes, and every file it names exists", () => {
    expect(rows.length).toBeGreaterThan(10);
    const files = rows.flatMap((row) => row.modules).filter((m) => /\.tsx?$/.test(m));
    expect(files.length).toBeGreaterThan(20);
    const missing = files.filter((m) => !existsSync(path.join(APP, m)) && !existsSync(path.join(ROOT, m)));
    expect(missing, "modules the table names that app/ no longer has").toEqual([]);
  });

  it("has a row for every route file and folder under app/routes", () => {
    const unlisted = routes.filter((route) => !rows.some((row) => row.routes.some((p) => matches(p, route))));
    expect(unlisted).toEqual([]);
  });

  it("names in each route's row every feature .server module the route's files import", () => {
    const unnamed = readdirSync(ROUTES).flatMap((entry) => {
      const route = routeName(entry);
      const named = rows.filter((row) => row.routes.some((p) => matches(p, route))).flatMap((row) => row.modules);
      return sourceFiles(entry)
        .flatMap((file) => featureServerImports(file, readFileSync(file, "utf8")))
        .filter((module) => !named.includes(module))
        .map((module) => `${route} → ${module}`);
    });
    expect([...new Set(unnamed)]).toEqual([]);
  });

  it("the checks see a missing route, a route pattern and each way a route imports a module", () => {
    expect(matches("app.privacy*", "app.privacy.$id")).toBe(true);
    expect(matches("app.readiness", "app.readiness.extra")).toBe(false);
    expect(matches("auth.$", "auth.$")).toBe(true);
    const file = path.join(ROUTES, "app.orders/orders.server.ts");
    expect(
      featureServerImports(
        file,
        `import { a } from "~/orchestration/readiness.server";\nimport { b } from "../../fulfillment/status";\nimport { c } from "../../attention/orders.server";\nimport { d } from "~/i18n/react";`,
      ).sort(),
    ).toEqual(["attention/orders.server.ts", "orchestration/readiness.server.ts"]);
    expect(
      routeTable(
        "## From a route to its behaviour\n\n| Route | Module |\n| --- | --- |\n| `a.b/` | `x/y.server.ts` |\n",
      ),
    ).toEqual([{ routes: ["a.b/"], modules: ["x/y.server.ts"] }]);
  });
});
