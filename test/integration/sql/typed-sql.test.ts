// The order path's prepared statements (app/sql.server.ts, ADR 035) on a real PostgreSQL: named
// and planned once per connection on the pool the composition root's client uses (unnamed when
// DATABASE_PREPARED_STATEMENTS=0, for PgBouncer without prepared statements), the same rows
// through a client made elsewhere, UTC instants whatever the process's time zone, and a row of the
// wrong shape refused naming the statement and the column.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { afterAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/db.server";
import { column, sqlOf, statement } from "~/sql.server";

const url = process.env.DATABASE_URL!;
const named = createPrismaClient(url, "serving", { JOB_CONCURRENCY: 1 });
const unnamed = createPrismaClient(url, "serving", { JOB_CONCURRENCY: 1, DATABASE_PREPARED_STATEMENTS: false });
const elsewhere = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
afterAll(async () => {
  for (const db of [named, unnamed, elsewhere]) await db.$disconnect();
});

// Lists, on the connection it runs on, the statements prepared there (itself among them when named).
const PREPARED_HERE = statement<[], { names: string[] }>(
  "typed_sql_test_prepared_here",
  `SELECT coalesce(array_agg(name ORDER BY name), '{}')::text[] AS names FROM pg_prepared_statements`,
  (raw) => ({ names: raw.names as string[] }),
);
const ECHO = statement<[at: Date, n: number, doc: string], { at: Date; n: number; doc: unknown; text: string }>(
  "typed_sql_test_echo",
  `SELECT $1::timestamp AS at, $2::int AS n, $3::jsonb AS doc, to_char($1::timestamp, 'YYYY-MM-DD HH24:MI:SS') AS text`,
  (raw) => ({
    at: column.date(raw, "at", "typed_sql_test_echo"),
    n: column.number(raw, "n", "typed_sql_test_echo"),
    doc: column.json(raw, "doc", "typed_sql_test_echo"),
    text: column.string(raw, "text", "typed_sql_test_echo"),
  }),
);
const WRONG = statement<[], { n: number }>("typed_sql_test_wrong", `SELECT 'seven'::text AS n`, (raw) => ({
  n: column.number(raw, "n", "typed_sql_test_wrong"),
}));

describe("typed SQL on the order path", () => {
  it("prepares each statement under its name on the composition root's pool, and sends it unnamed when told", async () => {
    const [prepared] = await sqlOf(named).rows(PREPARED_HERE);
    expect(prepared!.names).toContain("typed_sql_test_prepared_here");
    const [unprepared] = await sqlOf(unnamed).rows(PREPARED_HERE);
    expect(unprepared!.names).not.toContain("typed_sql_test_prepared_here");
  });

  it("answers the same rows through a client made elsewhere (Prisma's raw queries)", async () => {
    const at = new Date("2026-11-28T02:30:15.123Z");
    const doc = { sku: "AB-1", quantity: 2 };
    const direct = await sqlOf(named).rows(ECHO, at, 7, JSON.stringify(doc));
    const viaPrisma = await sqlOf(elsewhere).rows(ECHO, at, 7, JSON.stringify(doc));
    expect(direct).toEqual([{ at, n: 7, doc, text: "2026-11-28 02:30:15" }]);
    expect(viaPrisma).toEqual(direct);
  });

  it("writes and reads `timestamp` as the UTC instant whatever the process's time zone", async () => {
    const zone = process.env.TZ;
    process.env.TZ = "America/Mexico_City";
    try {
      const at = new Date("2026-11-28T23:59:59.000Z");
      const [row] = await sqlOf(named).rows(ECHO, at, 1, "{}");
      expect(row!.text).toBe("2026-11-28 23:59:59");
      expect(row!.at.toISOString()).toBe(at.toISOString());
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("refuses a row of the wrong shape, naming the statement and the column", async () => {
    const refused = sqlOf(named).rows(WRONG);
    await expect(refused).rejects.toMatchObject({ name: "SqlRowError" });
    await expect(sqlOf(named).rows(WRONG)).rejects.toThrow(/typed_sql_test_wrong.*column "n" is not a number/);
  });

  it("refuses two statements under one name", () => {
    expect(() => statement("typed_sql_test_echo", "SELECT 1")).toThrow(/declared twice/);
  });

  it("prepares a composed statement once per text and runs it again by name", async () => {
    const text = { text: "SELECT $1::int + 1 AS n", values: [41] };
    const first = await sqlOf(named).composed(text, (raw) => column.number(raw, "n", "composed"));
    const again = await sqlOf(named).composed({ ...text, values: [1] }, (raw) => column.number(raw, "n", "composed"));
    expect([first, again]).toEqual([[42], [2]]);
    const [prepared] = await sqlOf(named).rows(PREPARED_HERE);
    expect(prepared!.names.some((name) => name.startsWith("c_"))).toBe(true);
  });
});
