import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { listJobProblems } from "~/attention/job-problems.server";
import { fulfillmentJobHandlers } from "~/fulfillment/jobs/jobs.server";
import { checkReadiness } from "~/http/health.server";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";
import { jobFailurePolicy, PROVIDER_ACCESS_WAIT_MS } from "~/job-errors/provider-access.server";
import { createJobWorker } from "~/jobs/worker.server";
import { metricsSnapshot } from "~/metrics.server";
import { simulatedStoreAdminGraphql } from "~/shopify/admin.server";
import type { ListeningStore } from "../../../sandbox/store";
import { SHOP, recordOf, startHarness, type Harness } from "./support/harness";

// Shopify since 2026-11 ("IP allowlists are now required for public apps"): with the app's
// allowlist enforced, every Admin request from an address outside it answers 403. That is the
// operator's to fix (egress addresses, the Dev Dashboard): the operator is told (a metric, a log
// line with the shop and the operation), the merchant is not asked to re-authorise, the order
// keeps its place, and it goes to the warehouse once the address is allowed.
let h: Harness;
let server: ListeningStore;
beforeAll(async () => {
  h = await startHarness();
  server = await h.store.listen(0, "127.0.0.1");
});
afterAll(async () => {
  await server.close();
  await h.close();
});

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines };
}

async function refusals(operation: string): Promise<number> {
  const metric = (await metricsSnapshot()).find((m) => m.name === "app_shopify_access_refused_total");
  return (metric?.values ?? [])
    .filter((v) => v.labels.reason === "ip_allowlist" && v.labels.operation === operation)
    .reduce((sum, v) => sum + v.value, 0);
}

describe("a shop behind the app's IP allowlist", () => {
  it("tells the operator, never blames the merchant, keeps the order waiting and sends it once the address is allowed", async () => {
    const { logger, lines } = capturingLogger();
    // The app's Admin calls go over HTTP from 127.0.0.1, as from the instance's egress address
    const adminFor = async (shop: string) =>
      simulatedStoreAdminGraphql({
        baseUrl: server.url,
        shop,
        apiVersion: h.store.apiVersion,
        tokens: { accessToken: h.store.accessToken(shop) },
      });
    const worker = createJobWorker({
      db: prisma,
      handlers: fulfillmentJobHandlers({
        db: prisma,
        logger,
        now: h.clock.now,
        svcClientFor: h.svcClientFor,
        adminFor,
      }),
      logger,
      now: h.clock.now,
      ...jobFailurePolicy({ logger, now: h.clock.now }),
    });
    // GIVEN the allowlist is enforced and lists only a range the instance is not in
    h.store.setIpAllowlist({ enforced: true, ranges: ["203.0.113.0/24"] });
    const before = await refusals("FulfilmentOrderState");
    const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
    expect((await h.deliver(payload)).status).toBe(200);

    // WHEN the worker runs the order's job, three times over
    for (let i = 0; i < 3; i++) {
      await worker.runOnce();
      await h.clock.advance(PROVIDER_ACCESS_WAIT_MS);
    }
    // THEN nothing reached the warehouse, and the order's job waits: queued, no attempts used up
    expect((await h.sandboxOrders()).filter((o) => o.request.tienda_orden_ref === payload.name)).toHaveLength(0);
    const job = await prisma.job.findFirstOrThrow({ where: { shop: SHOP, queue: "fulfillment.submit" } });
    expect(job).toMatchObject({ state: "queued", attempts: 0, lastErrorCode: "shopifyProviderAccess" });
    // AND the operator is told: the metric counts each refusal, and a log line names the shop and operation
    expect((await refusals("FulfilmentOrderState")) - before).toBe(3);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, shop: SHOP, operation: "FulfilmentOrderState", reason: "ip_allowlist" }),
    );
    // AND the merchant reads that the app's provider is fixing it and orders keep their place, never to re-authorise
    const [problem] = await listJobProblems(prisma, { shop: SHOP, page: "orders" });
    expect(problem).toMatchObject({ state: "queued", errorCode: "shopifyProviderAccess", subject: payload.name });
    expect(en.attention.jobErrors.shopifyProviderAccess).toMatch(/provider.*fixing.*keep their place/s);
    expect(es.attention.jobErrors.shopifyProviderAccess).toMatch(/proveedor.*arreglando.*conservan su lugar/s);
    expect(en.attention.jobErrors.shopifyProviderAccess).not.toMatch(/authori[sz]e/i);
    // AND this instance stays ready: one shop's refusal is not the instance's failure
    const migrations = (
      await prisma.$queryRaw<{ migration_name: string }[]>`SELECT migration_name FROM _prisma_migrations`
    ).map((row) => row.migration_name);
    expect(await checkReadiness({ db: prisma, migrations })).toEqual({ database: "ok", migrations: "ok" });

    // WHEN the operator adds the instance's egress address to the allowlist
    h.store.setIpAllowlist({ ranges: ["203.0.113.0/24", "127.0.0.1/32"] });
    await worker.runOnce();
    // THEN the waiting order goes to the warehouse by itself, and no longer needs attention
    const sent = (await h.sandboxOrders()).filter((o) => o.request.tienda_orden_ref === payload.name);
    expect(sent).toHaveLength(1);
    expect(await recordOf(payload)).toMatchObject({ status: "submitted", svcOrderId: sent[0]!.id });
    expect(await listJobProblems(prisma, { shop: SHOP, page: "orders" })).toEqual([]);
  });
});
