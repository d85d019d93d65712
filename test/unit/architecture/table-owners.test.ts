// One module writes each table (docs/decisions/030-feature-modules-and-table-owners.md). Other
// modules change a table by calling its owner's functions, so a table's invariants live in one
// place. This scans app/ for Prisma writes — `db.<model>.create(…)` and the other write methods on
// any client or transaction, and raw `INSERT INTO` / `UPDATE` / `DELETE FROM "<Model>"` — and
// checks each model's writers against the owner declared below: a file, or a folder (ending "/").
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const OWNERS: Record<string, string> = {
  Shop: "app/shop/",
  Session: "app/shop/shop.server.ts",
  RedactedShop: "app/shop/shop.server.ts",
  CheckoutReadiness: "app/shop/",
  WebhookDelivery: "app/shopify/webhooks/webhook-delivery.server.ts",
  UnreadableWebhook: "app/shopify/webhooks/unreadable-webhook.server.ts",
  Job: "app/jobs/queue.server.ts",
  CatalogVariant: "app/catalog/variant-records.server.ts",
  CatalogRegistration: "app/catalog/variant-records.server.ts",
  CatalogSync: "app/catalog/",
  Fulfillment: "app/fulfillment/",
  ShopifyOrder: "app/fulfillment/",
  OrderStop: "app/fulfillment/",
  FulfillmentEvent: "app/fulfillment/",
  StockChange: "app/fulfillment/jobs/stock-sync.server.ts",
  WarehouseStock: "app/warehouse/warehouse-read.server.ts",
  WarehouseRead: "app/warehouse/warehouse-read.server.ts",
  QuoteLog: "app/rates/quote-log.server.ts",
  QuoteHourly: "app/rates/quote-log.server.ts",
  CustomerDataRequest: "app/privacy/",
  FlowTrigger: "app/flow/trigger-jobs.server.ts",
  FlowActionRun: "app/flow/actions.server.ts",
  FlowTriggerUse: "app/flow/trigger-use.server.ts",
  AdminApiBudget: "app/shopify/admin-budget.server.ts",
};

const WRITE_METHODS = [
  "create",
  "createMany",
  "createManyAndReturn",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "upsert",
  "delete",
  "deleteMany",
];

const models = [...fs.readFileSync("prisma/schema.prisma", "utf8").matchAll(/^model (\w+) \{/gm)].map((m) => m[1]!);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

/** The source without comments (a write named in a comment is not a write). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|\s)\/\/.*$/gm, "$1");
}

/** Model → the files that write it. */
function writers(files: Array<{ file: string; source: string }>): Map<string, Set<string>> {
  const byClientName = new Map(models.map((m) => [m[0]!.toLowerCase() + m.slice(1), m]));
  const clientWrite = new RegExp(
    String.raw`\b\w+\s*\.\s*(${[...byClientName.keys()].join("|")})\s*\.\s*(?:${WRITE_METHODS.join("|")})\s*\(`,
    "g",
  );
  const rawWrite = new RegExp(String.raw`\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"(${models.join("|")})"`, "g");
  const found = new Map<string, Set<string>>();
  const add = (model: string, file: string) => found.set(model, (found.get(model) ?? new Set()).add(file));
  for (const { file, source } of files) {
    const code = withoutComments(source);
    for (const m of code.matchAll(clientWrite)) add(byClientName.get(m[1]!)!, file);
    for (const m of code.matchAll(rawWrite)) add(m[1]!, file);
  }
  return found;
}

function owns(owner: string, file: string): boolean {
  return owner.endsWith("/") ? file.startsWith(owner) : file === owner;
}

describe("table owners", () => {
  const appFiles = sourceFiles("app").map((file) => ({ file, source: fs.readFileSync(file, "utf8") }));
  const written = writers(appFiles);

  it("declares an owner for every Prisma model, and only for models that exist", () => {
    expect(
      Object.keys(OWNERS).sort(),
      "OWNERS in this test must list exactly the models of prisma/schema.prisma",
    ).toEqual([...models].sort());
  });

  it("finds each model written in its owner (the scan sees the writes it checks)", () => {
    const unwritten = Object.entries(OWNERS)
      .filter(([model, owner]) => ![...(written.get(model) ?? [])].some((file) => owns(owner, file)))
      .map(([model, owner]) => `${model}: no write found in its owner ${owner}`);
    expect(unwritten, unwritten.join("\n")).toEqual([]);
  });

  it("has no module but the owner write a model", () => {
    const offences = [...written].flatMap(([model, files]) => {
      const owner = OWNERS[model] ?? "(no owner declared)";
      const others = [...files].filter((file) => !owns(owner, file)).sort();
      return others.length ? [`${model} is owned by ${owner} but also written by ${others.join(", ")}`] : [];
    });
    expect(offences, offences.join("\n")).toEqual([]);
  });

  it("recognises client and raw writes, and ignores reads and comments", () => {
    const found = writers([
      { file: "a.ts", source: "await tx.shop\n  .upsert({ where });\nawait db.job.findMany();" },
      { file: "b.ts", source: 'await db.$executeRaw`DELETE FROM "QuoteLog" WHERE at < ${t}`;' },
      {
        file: "c.ts",
        source: '// db.session.deleteMany() is not called here\n/* UPDATE "Job" */\nconst url = "https://x";',
      },
    ]);
    expect(Object.fromEntries([...found].map(([m, f]) => [m, [...f]]))).toEqual({ Shop: ["a.ts"], QuoteLog: ["b.ts"] });
  });
});
