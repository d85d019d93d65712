// Migration 202611280525_flowlife_trigger_use creates FlowTriggerUse and marks every trigger of
// every shop installed before it as in use, since an unknown time (ADR 037): their workflows may
// have been enabled before Flow's lifecycle callback had anywhere to go, so they keep getting
// triggers until Flow says otherwise. A shop installed later starts with no row. The migration's
// own SQL is applied split at semicolons, as Prisma's driver adapter applies it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrationSql } from "../../helpers/migration-sql";
import prisma from "../../helpers/prisma";
import { FLOW_TRIGGERS } from "~/flow/triggers";

const MIGRATION = "prisma/migrations/202611280525_flowlife_trigger_use/migration.sql";
const OLD = ["old-a.myshopify.com", "old-b.myshopify.com"];

beforeAll(async () => {
  // The schema before the migration, with the shops then installed.
  await prisma.$executeRawUnsafe(`DROP TABLE "FlowTriggerUse"`);
  for (const domain of OLD) await prisma.shop.create({ data: { domain } });
  await applyMigrationSql(prisma, MIGRATION);
});

afterAll(async () => {
  await prisma.$disconnect();
});

describe("migration 202611280525_flowlife_trigger_use", () => {
  it("marks each of the app's triggers in use, since an unknown time, for every shop already installed", async () => {
    const rows = await prisma.flowTriggerUse.findMany({ orderBy: [{ shop: "asc" }, { trigger: "asc" }] });
    const handles = Object.values(FLOW_TRIGGERS).sort();
    expect(rows.map(({ shop, trigger, recognized, enabled, at }) => ({ shop, trigger, recognized, enabled, at }))).toEqual(
      OLD.flatMap((shop) => handles.map((trigger) => ({ shop, trigger, recognized: true, enabled: true, at: null }))),
    );
  });

  it("leaves a shop installed afterwards with no row (not in use until Flow calls back)", async () => {
    await prisma.shop.create({ data: { domain: "new.myshopify.com" } });
    expect(await prisma.flowTriggerUse.count({ where: { shop: "new.myshopify.com" } })).toBe(0);
  });

  it("goes with its shop", async () => {
    await prisma.shop.delete({ where: { domain: OLD[0]! } });
    expect(await prisma.flowTriggerUse.count({ where: { shop: OLD[0]! } })).toBe(0);
  });
});
