// Prisma CLI configuration: runs migrations offline through the WebAssembly schema engine and
// @prisma/adapter-pg (see docs/decisions/001-postgresql-everywhere.md and ../shared/docs/database.md).
import { defineConfig } from "prisma/config";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";

// The CLI skips .env when a config file exists, and without a resolvable DATABASE_URL it tries to
// download a native engine. `prisma generate` needs no server, so a placeholder is enough there.
process.env.DATABASE_URL ??= "postgresql://postgres:postgres@127.0.0.1:5432/app";
const url = new URL(process.env.DATABASE_URL);
const pgConfig = {
  host: url.hostname,
  port: Number(url.port || 5432),
  user: decodeURIComponent(url.username),
  password: decodeURIComponent(url.password),
  database: url.pathname.slice(1),
  // Without this the CLI waits for pg's 10 s idle timeout before it exits.
  allowExitOnIdle: true,
  idleTimeoutMillis: 200,
};

// The wasm schema engine reads pg_catalog columns typed "char" (oid 18) and name (oid 19), which
// adapter-pg 6.19.3 cannot deserialize: report them as text (oid 25).
class CatalogFriendlyPool extends pg.Pool {
  // pg.Pool.query has many overloads; this wrapper forwards all of them.
  async query(config: unknown, values?: unknown) {
    const res = await super.query(config as string, values as unknown[]);
    for (const field of res?.fields ?? []) {
      if (field.dataTypeID === 18 || field.dataTypeID === 19) field.dataTypeID = 25;
    }
    return res;
  }
}

async function admin(sql: string) {
  const client = new pg.Client(pgConfig);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// The stock connectToShadowDb() would replay migrations on the real database when the connection
// string names one, and drops the shadow database before closing its pool: manage it ourselves.
class PrismaPgForMigrate extends PrismaPg {
  async connectToShadowDb() {
    const name = `prisma_shadow_${process.pid}_${Date.now()}`;
    await admin(`CREATE DATABASE "${name}"`);
    const adapter = await new PrismaPg(new CatalogFriendlyPool({ ...pgConfig, database: name }), {
      disposeExternalPool: true,
    }).connect();
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await admin(`DROP DATABASE IF EXISTS "${name}"`);
    };
    return adapter;
  }
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  async adapter() {
    return new PrismaPgForMigrate(new CatalogFriendlyPool(pgConfig), { disposeExternalPool: true });
  },
});
