// Migration 20261125033000_carrier_service_error_code converts, once, the Shopify sentences the
// carrier-service registration and "add our rates" stored before codes: each becomes the code the
// pages word (app/shopify/admin/problem.ts), and the checklist's carrier item loses the text it
// kept in its parameters. Rows already holding a code are left alone. The migration's own SQL is
// applied split at semicolons, as Prisma's driver adapter applies it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrationSql } from "../../helpers/migration-sql";
import prisma from "../../helpers/prisma";
import { readReadiness } from "~/orchestration/readiness.server";

const MIGRATION = "prisma/migrations/20261125033000_carrier_service_error_code/migration.sql";
const PLAN = "plan.myshopify.com";
const FAILED = "failed.myshopify.com";
const CODED = "coded.myshopify.com";
const ACTIVE = "active.myshopify.com";

const applyMigration = () => applyMigrationSql(prisma, MIGRATION);

const carrierItem = (params: object) => ({
  code: "carrier_active",
  status: "problem",
  reason: "error",
  params,
  fix: { kind: "app_page", path: "/app/settings" },
});
const keyItem = { code: "key_valid", status: "ok", reason: null, params: {}, fix: null };

beforeAll(async () => {
  const shop = (domain: string, state: string | null, error: string | null) =>
    prisma.shop.create({ data: { domain, carrierServiceState: state, carrierServiceError: error } });
  await shop(PLAN, "not_allowed_by_plan", "Your plan does not allow third-party calculated rates.");
  await shop(FAILED, "error", "CarrierServiceCreate: Access denied for carrierServices field.");
  await shop(CODED, "error", "throttled");
  await shop(ACTIVE, "active", null);
  await prisma.checkoutReadiness.create({
    data: {
      shop: FAILED,
      checkedAt: new Date(),
      ready: false,
      items: [keyItem, carrierItem({ message: "Access denied for carrierServices field." })],
      addRatesError: "coversAllItems is not enabled for this shop",
    },
  });
  await prisma.checkoutReadiness.create({
    data: {
      shop: CODED,
      checkedAt: new Date(),
      ready: false,
      items: [keyItem, carrierItem({ problem: "throttled" })],
      addRatesError: "network",
    },
  });
  await applyMigration();
});

afterAll(async () => {
  await prisma.$disconnect();
});

const carrierError = async (domain: string) =>
  (await prisma.shop.findUniqueOrThrow({ where: { domain } })).carrierServiceError;

describe("migration 20261125033000_carrier_service_error_code", () => {
  it("turns the registration's stored sentence into its code, and leaves codes alone", async () => {
    expect(await carrierError(PLAN)).toBe("not_allowed_by_plan");
    expect(await carrierError(FAILED)).toBe("unknown");
    expect(await carrierError(CODED)).toBe("throttled");
    expect(await carrierError(ACTIVE)).toBeNull();
  });

  it("turns a refused addition of our rates into its code and drops the text from the checklist", async () => {
    const failed = await readReadiness(prisma, FAILED);
    expect(failed?.addRatesError).toBe("refused");
    expect(failed?.items).toEqual([keyItem, carrierItem({ problem: "unknown" })]);
    expect(JSON.stringify(failed)).not.toMatch(/Access denied|coversAllItems/);
    const coded = await readReadiness(prisma, CODED);
    expect(coded?.addRatesError).toBe("network");
    expect(coded?.items).toEqual([keyItem, carrierItem({ problem: "throttled" })]);
  });

  it("can run again without changing anything", async () => {
    const before = await prisma.checkoutReadiness.findMany({ orderBy: { shop: "asc" } });
    await applyMigration();
    expect(await prisma.checkoutReadiness.findMany({ orderBy: { shop: "asc" } })).toEqual(before);
    expect(await carrierError(FAILED)).toBe("unknown");
  });
});
