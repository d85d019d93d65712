import { afterEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { loader } from "~/routes/healthz";
import pkg from "../../../package.json";
import { adminQuery } from "../../helpers/test-database";

const databaseName = new URL(process.env.DATABASE_URL!).pathname.slice(1);

async function callHealthz() {
  const response = await loader({ request: new Request("http://app.test/healthz"), params: {}, context: {} });
  return { status: response.status, body: await response.json() };
}

describe("GET /healthz", () => {
  afterEach(async () => {
    await adminQuery(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS true`);
  });

  it("answers 200 with the database status and the package version", async () => {
    expect(await callHealthz()).toEqual({ status: 200, body: { status: "ok", database: "ok", version: pkg.version } });
  });

  it("answers 503 naming the database when it cannot be reached", async () => {
    // GIVEN the database refuses connections and our open ones are cut
    await adminQuery(`ALTER DATABASE "${databaseName}" ALLOW_CONNECTIONS false`);
    await adminQuery(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${databaseName}'`);
    // WHEN the health check runs
    const { status, body } = await callHealthz();
    // THEN it reports the failing part
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: "error", database: "unreachable", version: pkg.version });
    expect(body.error).toEqual(expect.any(String));
  });

  it("recovers once the database is back", async () => {
    await prisma.$disconnect();
    expect((await callHealthz()).status).toBe(200);
  });
});
