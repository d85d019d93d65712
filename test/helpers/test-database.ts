// Creates and drops databases copied from the migrated template (see database-server.ts).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject("databaseAdminUrl") });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new, migrated, empty database; returns its URL and a function that drops it. */
export async function createTestDatabase(prefix = "t"): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await admin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${inject("templateDatabase")}"`));
  const url = new URL(inject("databaseAdminUrl"));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/** Runs `sql` on the database at `url` over a connection of its own; returns the rows. */
export async function queryRows<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  values?: unknown[],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** Runs SQL as the server's superuser (for tests that break a database on purpose). */
export function adminQuery(sql: string): Promise<pg.QueryResult> {
  return admin((c) => c.query(sql));
}

/** Empties every app table of the current test database (DATABASE_URL), keeping the migrations. */
export async function resetDatabase(): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'",
    );
    if (rows.length)
      await client.query(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`);
  } finally {
    await client.end();
  }
}

/**
 * Every app table of the current test database (DATABASE_URL) with its row count and a checksum of
 * its rows: two snapshots are equal only when no row was added, changed or deleted in between.
 */
export async function tableChecksums(): Promise<Record<string, { rows: number; checksum: string }>> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1",
    );
    const snapshot: Record<string, { rows: number; checksum: string }> = {};
    for (const { tablename } of tables) {
      const { rows } = await client.query<{ rows: number; checksum: string }>(
        `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS checksum
         FROM "${tablename}" t`,
      );
      snapshot[tablename] = rows[0]!;
    }
    return snapshot;
  } finally {
    await client.end();
  }
}
