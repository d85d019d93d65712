// Thin routes (issue 20): a route authenticates, parses, calls a feature and answers. No file under
// app/routes is longer than 200 lines, and none reaches the database itself — no `@prisma/client`
// import, no `db.<table>`/`prisma.<table>` call: the queries are named functions of the feature
// that owns the table (fulfillment/, catalog/, shop/...).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROUTES = path.resolve(__dirname, "../../../app/routes");
const MAX_LINES = 200;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** The code without its comments (a comment may name a table without querying it). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/** Each way `source` reaches the database directly, as "line N: text". */
export function databaseAccess(source: string): string[] {
  const found: string[] = [];
  withoutComments(source)
    .split("\n")
    .forEach((line, index) => {
      if (/from\s+["']@prisma\/client["']|import\(\s*["']@prisma\/client["']\s*\)/.test(line))
        found.push(`line ${index + 1}: imports @prisma/client`);
      else if (/(^|[^\w$])(db|prisma)\s*\.\s*[A-Za-z_$]/.test(line))
        found.push(`line ${index + 1}: ${line.trim()}`);
    });
  return found;
}

const files = sourceFiles(ROUTES);
const relative = (file: string) => path.relative(ROUTES, file);

describe("app/routes", () => {
  it("finds the route files, folder routes included", () => {
    expect(files.map(relative)).toEqual(
      expect.arrayContaining([path.join("app.orders", "route.tsx"), path.join("app.catalog", "route.tsx"), "app.tsx"]),
    );
  });

  it(`has no file longer than ${MAX_LINES} lines`, () => {
    const long = files
      .map((file) => ({ file: relative(file), lines: readFileSync(file, "utf8").replace(/\n$/, "").split("\n").length }))
      .filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it("never queries the database itself: no @prisma/client import, no db./prisma. call", () => {
    const offending = files
      .map((file) => ({ file: relative(file), access: databaseAccess(readFileSync(file, "utf8")) }))
      .filter((f) => f.access.length > 0);
    expect(offending).toEqual([]);
  });

  it("the check sees each way a route could reach the database, and not a comment or a property named db", () => {
    expect(databaseAccess(`import type { PrismaClient } from "@prisma/client";`)).toHaveLength(1);
    expect(databaseAccess(`const rows = await appContext().db.fulfillment.findMany({});`)).toHaveLength(1);
    expect(databaseAccess(`await db.job.create({ data });`)).toHaveLength(1);
    expect(databaseAccess(`await prisma.$transaction(fn);`)).toHaveLength(1);
    expect(databaseAccess(`// db.job is read by listJobProblems\nconst { db } = appContext();`)).toEqual([]);
    expect(databaseAccess(`await loadRateTester(appContext().db, shop);`)).toEqual([]);
  });
});
