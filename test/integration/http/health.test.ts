// /readyz's database part (server/health-http.ts): reachable, and every migration this version
// ships applied.
import { afterEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { checkReadiness } from "~/http/health.server";
import { adminQuery } from "../../helpers/test-database";

const databaseName = new URL(process.env.DATABASE_URL!).pathname.slice(1);

async function applied(): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ migration_name: string }[]>`SELECT migration_name FROM _prisma_migrations`;
  return rows.map((r) => r.migration_name);
}

describe("checkReadiness", () => {
  afterEach(async () => {
    await adminQuery(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS true`);
  });

  it("is ready when every shipped migration is applied, even with newer ones from a later release", async () => {
    const migrations = await applied();
    expect(migrations.length).toBeGreaterThan(0);
    expect(await checkReadiness({ db: prisma, migrations })).toEqual({ database: "ok", migrations: "ok" });
    expect(await checkReadiness({ db: prisma, migrations: migrations.slice(1) })).toEqual({
      database: "ok",
      migrations: "ok",
    });
  });

  it("names the migrations this version ships that the database lacks", async () => {
    const migrations = [...(await applied()), "29990101000000_from_the_future"];
    expect(await checkReadiness({ db: prisma, migrations })).toEqual({
      database: "ok",
      migrations: "pending",
      pending: ["29990101000000_from_the_future"],
    });
  });

  it("reports the database unreachable, then recovers once it is back", async () => {
    // GIVEN the database refuses connections and our open ones are cut
    await adminQuery(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS false`);
    await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${databaseName}'`);
    const down = await checkReadiness({ db: prisma, migrations: [] });
    expect(down).toMatchObject({ database: "unreachable", migrations: "unknown" });
    expect(down.error).toEqual(expect.any(String));
    await adminQuery(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS true`);
    await prisma.$disconnect();
    expect(await checkReadiness({ db: prisma, migrations: [] })).toEqual({ database: "ok", migrations: "ok" });
  });
});
