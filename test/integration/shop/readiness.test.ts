// Checkout readiness end to end: the simulated store over real HTTP with 2026-10 behaviour (a new
// carrier service is in no shipping profile), the service sandbox over HTTP, the production rate
// callback over HTTP and a real PostgreSQL. A fresh connect gets no callback at checkout; the
// readiness action adds our rates and checkout then asks us; a merchant removing them shows as a
// regression; on market-driven shops the rates go in the Mexico market; profiles are read page by page.
import type { Job } from "@prisma/client";
import { runJobByHand } from "~/jobs/worker.server";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { handleRateCallback } from "~/rates/callback.server";
import { action as readinessAction } from "~/routes/app.readiness";
import { simulatedStoreAdminGraphql, type AdminGraphql } from "~/shopify/admin.server";
import { createAdminPacing } from "~/shopify/admin-pacing.server";
import { registerCarrierService } from "~/shop/carrier-service.server";
import { readinessJobHandlers } from "~/orchestration/jobs.server";
import { claimJobs, enqueueJob } from "~/jobs/queue.server";
import { finishJob } from "../../helpers/jobs";
import {
  ensureReadinessCheck,
  readReadiness,
  READINESS_QUEUE,
  scheduleReadinessCheck,
} from "~/orchestration/readiness.server";
import { rateCallbackFastPath } from "../../../server/rate-callback-http";
import {
  createSimulatedStore,
  DEMO_CATALOGUE_FACTS,
  type ListeningStore,
  type SimulatedStore,
} from "../../../sandbox/store";
import { storeOfflineSession } from "../../helpers/sessions";
import { sessionTokenRequest, TEST_API_SECRET, TEST_SHOP } from "../../helpers/shopify-requests";
import { freshShop, product, startSandbox, upstreamLog, type Sandbox } from "../rates/support/harness";
import { configureTestServices, routeContext, testServices } from "../../helpers/app-services";

const upstream = upstreamLog();
let sandbox: Sandbox;
let appServer: http.Server;
let appUrl: string;
let store: SimulatedStore;
let storeServer: ListeningStore;

beforeAll(async () => {
  sandbox = await startSandbox();
  const fastPath = rateCallbackFastPath({
    handle: (request, mode) => handleRateCallback(testServices(), request, mode),
    naive: false,
  });
  appServer = http.createServer((req, res) => {
    if (!fastPath(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => appServer.listen(0, "127.0.0.1", resolve));
  appUrl = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => appServer.close(resolve));
  await sandbox.close();
});
afterEach(async () => {
  await storeServer.close();
  store.close();
});

/** A shop that just installed and connected: its carrier service registered, in no profile. */
async function connectedShop(opts: { marketDrivenShipping?: boolean } = {}) {
  store = createSimulatedStore();
  store.addShop({ domain: TEST_SHOP, marketDrivenShipping: opts.marketDrivenShipping });
  store.seedDemoCatalogue(TEST_SHOP);
  store.control.setApp(TEST_SHOP, { secret: TEST_API_SECRET, webhooks: [] });
  storeServer = await store.listen(0);
  await freshShop(sandbox, upstream, [product("TAZA-AZ")]);
  const admin = simulatedStoreAdminGraphql({
    baseUrl: storeServer.url,
    shop: TEST_SHOP,
    tokens: { accessToken: store.accessToken(TEST_SHOP) },
    apiVersion: store.apiVersion,
  });
  // Paced as production paces every shop's Admin calls (app/composition.server.ts), on the store's throttle.
  const paced = createAdminPacing({ sleep: (ms) => new Promise((r) => setTimeout(r, ms)), nowMs: () => Date.now() });
  configureTestServices({ adminFor: async (shop) => paced(shop, admin) });
  await storeOfflineSession(prisma);
  const registration = await registerCarrierService({ db: prisma, admin, shop: TEST_SHOP, appUrl, name: "Envíos svc" });
  expect(registration.state).toBe("active");
  const variant = store.products
    .list(TEST_SHOP)
    .flatMap((p) => p.variants)
    .find((v) => v.sku === "TAZA-AZ")!;
  await prisma.catalogVariant.create({
    data: {
      shop: TEST_SHOP,
      productId: "8123456789012",
      variantId: String(variant.id),
      sku: "TAZA-AZ",
      title: "Taza azul",
      status: "synced",
    },
  });
}

const buyerAtCheckout = () =>
  store.control.checkout(TEST_SHOP, {
    items: [{ sku: "TAZA-AZ", quantity: 2 }],
    destination: { zip: "06700", provinceCode: "DF", city: "Ciudad de México" },
  });

/** Runs the readiness job once, as a worker would. */
async function runReadinessJob(overrides: Parameters<typeof readinessJobHandlers>[1] = {}) {
  const handlers = readinessJobHandlers({ ...testServices(), logger: silent, now: () => new Date() }, overrides);
  const job = await prisma.job.create({
    data: { queue: READINESS_QUEUE, key: TEST_SHOP, shop: TEST_SHOP, state: "running" },
  });
  const outcome = await runJobByHand(handlers, job);
  await prisma.job.delete({ where: { id: job.id } });
  return outcome;
}
const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent } as never;

const itemOf = async (code: string) => (await readReadiness(prisma, TEST_SHOP))?.items.find((i) => i.code === code);

async function postReadiness(intent: string) {
  const request = await sessionTokenRequest("/app/readiness", TEST_SHOP, {
    method: "POST",
    body: new URLSearchParams({ intent }),
  });
  const response = await readinessAction({ request, params: {}, context: routeContext() });
  return (await (response as unknown as Response).json?.()) ?? (response as { data: unknown }).data;
}

describe("checkout readiness", () => {
  beforeEach(async () => {
    await connectedShop();
  });

  it("a fresh install gets no carrier callback at checkout, and the checklist names the profile not covered", async () => {
    const atCheckout = await buyerAtCheckout();
    expect(atCheckout.rates).toEqual([]);
    expect(atCheckout.carriers[0]).toMatchObject({ called: false, skipped: "not_in_shipping_settings" });
    expect(upstream.count("/api/rest/services")).toBe(0);

    // A shop connected before readiness existed gets its check from the schedules sweep (app/orchestration/schedules.server.ts).
    await ensureReadinessCheck(prisma, { shop: TEST_SHOP, now: new Date() });
    expect(await prisma.job.count({ where: { queue: READINESS_QUEUE, shop: TEST_SHOP, state: "queued" } })).toBe(1);
    await prisma.job.deleteMany({ where: { queue: READINESS_QUEUE } });

    const outcome = await runReadinessJob();
    expect(outcome).toMatchObject({ kind: "reschedule" });
    const readiness = await readReadiness(prisma, TEST_SHOP);
    expect(readiness?.ready).toBe(false);
    expect(readiness?.marketDriven).toBe(false);
    expect(readiness?.items.map((i) => [i.code, i.status])).toEqual([
      ["key_valid", "ok"],
      ["carrier_active", "ok"],
      ["plan_allows_rates", "ok"],
      ["rates_in_mexico", "problem"],
      ["test_quote", "ok"],
      ["customer_data", "unknown"],
    ]);
    expect(await itemOf("rates_in_mexico")).toMatchObject({
      reason: "profiles_missing",
      params: { profiles: ["General profile"], variants: expect.any(Number) },
      fix: { kind: "add_rates" },
    });
  });

  it("a check asked for while one is running runs once that one ends, not at the next recheck", async () => {
    const handlers = readinessJobHandlers({ ...testServices(), logger: silent, now: () => new Date() });
    const handler = (job: Job) => runJobByHand(handlers, job);
    const jobs = () =>
      prisma.job.findMany({
        where: { queue: READINESS_QUEUE },
        orderBy: { key: "asc" },
        select: { key: true, state: true },
      });
    // GIVEN the shop's check is running (started by the schedules sweep, say, before the carrier was registered)
    await scheduleReadinessCheck(prisma, { shop: TEST_SHOP, now: new Date() });
    const claim = () =>
      claimJobs(prisma, { queues: [READINESS_QUEUE], owner: "worker", leaseMs: 60_000, limit: 2, now: new Date() });
    const [running] = await claim();
    expect(running).toMatchObject({ key: TEST_SHOP });
    // WHEN a change asks for a check meanwhile
    await scheduleReadinessCheck(prisma, { shop: TEST_SHOP, now: new Date() });
    // THEN the running check is left alone, and remembers that another was asked for
    expect(await jobs()).toEqual([{ key: TEST_SHOP, state: "running" }]);
    expect(await claim()).toHaveLength(0);
    // WHEN the running check ends and books its next run hours away
    await finishJob(prisma, running!, await handler(running!));
    // THEN the check runs again now instead
    const booked = await prisma.job.findFirstOrThrow({ where: { queue: READINESS_QUEUE, key: TEST_SHOP } });
    expect(booked).toMatchObject({ state: "queued", wakeAt: null });
    expect(booked.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    const [next] = await claim();
    expect(next).toMatchObject({ key: TEST_SHOP });
    // AND, asked for by nothing more, that one books the next recheck hours away
    await finishJob(prisma, next!, await handler(next!));
    const later = await prisma.job.findFirstOrThrow({ where: { queue: READINESS_QUEUE, key: TEST_SHOP } });
    expect(later.runAt.getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
    // AND a follow-up row an older version queued during a rolling deploy brings that check
    // forward and ends, rather than becoming a second periodic check
    await enqueueJob(prisma, { queue: READINESS_QUEUE, key: `${TEST_SHOP}:again`, shop: TEST_SHOP });
    const [legacy] = await claim();
    expect(legacy).toMatchObject({ key: `${TEST_SHOP}:again` });
    expect(await handler(legacy!)).toEqual({ kind: "done" });
    const forward = await prisma.job.findFirstOrThrow({ where: { queue: READINESS_QUEUE, key: TEST_SHOP } });
    expect(forward.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    await prisma.job.deleteMany({ where: { queue: READINESS_QUEUE } });
  });

  it("the action adds our carrier to the profile: checkout then calls the callback and shows our rates", async () => {
    const answer = await postReadiness("add_rates");
    expect(answer).toEqual({ intent: "add_rates", outcome: { ok: true, changed: 1 } });
    expect(await itemOf("rates_in_mexico")).toMatchObject({ status: "ok" });

    const atCheckout = await buyerAtCheckout();
    expect(atCheckout.carriers[0]).toMatchObject({ called: true, status: 200 });
    expect(atCheckout.rates.length).toBeGreaterThan(0);
    expect(atCheckout.rates[0]).toMatchObject({ service_code: expect.any(String), currency: "MXN" });
    expect(upstream.count("/api/rest/services")).toBeGreaterThan(0);

    // The method Shopify now holds: our carrier as participant, adapting to new services.
    const profiles = await store.graphql(
      TEST_SHOP,
      `{ deliveryProfiles(first: 5) { nodes { profileLocationGroups { locationGroupZones(first: 5) { nodes {
         methodDefinitions(first: 5, type: PARTICIPANT) { nodes { name rateProvider { ... on DeliveryParticipant {
           adaptToNewServicesFlag carrierService { callbackUrl } } } } } } } } } } }`,
    );
    const method = (
      profiles.data as never as {
        deliveryProfiles: {
          nodes: {
            profileLocationGroups: { locationGroupZones: { nodes: { methodDefinitions: { nodes: unknown[] } }[] } }[];
          }[];
        };
      }
    ).deliveryProfiles.nodes[0]!.profileLocationGroups[0]!.locationGroupZones.nodes[0]!.methodDefinitions.nodes[0];
    expect(method).toEqual({
      name: "Tarifas en vivo",
      rateProvider: {
        adaptToNewServicesFlag: true,
        carrierService: { callbackUrl: `${appUrl}/carrier-service/rates` },
      },
    });
  });

  it("a merchant removing our method shows as a regression at the next scheduled check", async () => {
    await postReadiness("add_rates");
    expect((await readReadiness(prisma, TEST_SHOP))?.regressedAt).toBeNull();
    store.control.removeCarrierRates(TEST_SHOP, {});
    expect((await buyerAtCheckout()).rates).toEqual([]);

    await runReadinessJob();
    const readiness = await readReadiness(prisma, TEST_SHOP);
    expect(readiness?.regressedAt).not.toBeNull();
    expect(await itemOf("rates_in_mexico")).toMatchObject({ status: "problem", reason: "profiles_missing" });

    // A check that cannot read the shipping settings proves nothing: the regression stays.
    const unavailable = (async () => ({ errors: [{ message: "Internal error" }] })) as unknown as AdminGraphql;
    await runReadinessJob({ adminFor: async () => unavailable });
    expect(await itemOf("rates_in_mexico")).toMatchObject({ status: "unknown", reason: "unreadable" });
    expect((await readReadiness(prisma, TEST_SHOP))?.regressedAt).toBe(readiness?.regressedAt);

    // Adding them back clears it.
    await postReadiness("add_rates");
    expect((await readReadiness(prisma, TEST_SHOP))?.regressedAt).toBeNull();
  });

  it("names every profile lacking our rates across pages, and fixes each one", async () => {
    const many = ["TAZA-VE", "TAZA-NA", "TAL-PL-CH", "TAL-PL-MD", "TAL-PL-GR", "REB-IND"];
    for (const [i, sku] of many.entries())
      store.control.createProfile(TEST_SHOP, { name: `Perfil ${i + 1}`, skus: [sku] });
    // 27 profiles in all would need two pages of 25: add more single-product profiles from the catalogue.
    // Shippable variants only: a profile holding just a gift card has nothing to ship, so nothing to cover.
    const skus = DEMO_CATALOGUE_FACTS.filter((f) => f.requiresShipping)
      .map((f) => f.sku)
      .filter((sku): sku is string => Boolean(sku) && !many.includes(sku!) && sku !== "TAZA-AZ" && sku !== "JAB-LAV")
      .slice(0, 22);
    expect(skus).toHaveLength(22);
    for (const [i, sku] of skus.entries())
      store.control.createProfile(TEST_SHOP, { name: `Extra ${i + 1}`, skus: [sku] });

    await postReadiness("recheck");
    const item = await itemOf("rates_in_mexico");
    const named = item?.params.profiles as string[];
    expect(named).toHaveLength(1 + many.length + skus.length);
    expect(named).toContain("General profile");
    expect(named).toContain(`Extra ${skus.length}`);

    const added = await postReadiness("add_rates");
    expect(added).toEqual({ intent: "add_rates", outcome: { ok: true, changed: named.length } });
    expect(await itemOf("rates_in_mexico")).toMatchObject({ status: "ok" });
    const atCheckout = await store.control.checkout(TEST_SHOP, {
      items: [
        { sku: "TAZA-AZ", quantity: 1 },
        { sku: "TAZA-VE", quantity: 1 },
      ],
    });
    expect(atCheckout.carriers[0]).toMatchObject({ called: true, uncoveredVariantIds: [] });
  });
});

describe("checkout readiness on market-driven shipping", () => {
  beforeEach(async () => {
    await connectedShop({ marketDrivenShipping: true });
  });

  it("names the Mexico market, and its fix adds our carrier there: checkout honours it, no app-owned profile", async () => {
    // GIVEN a market-driven shop whose Mexico market has none of our rates: checkout has none
    await postReadiness("recheck");
    expect(await itemOf("rates_in_mexico")).toMatchObject({
      status: "problem",
      reason: "market_driven",
      params: { market: "México" },
      fix: { kind: "add_rates" },
    });
    expect((await readReadiness(prisma, TEST_SHOP))?.marketDriven).toBe(true);
    expect((await buyerAtCheckout()).rates).toEqual([]);

    // WHEN the merchant presses «Agregar nuestras tarifas al checkout»
    const added = await postReadiness("add_rates");
    expect(added).toEqual({ intent: "add_rates", outcome: { ok: true, changed: 1 } });

    // THEN our carrier is a carrier-calculated option of the Mexico market, the item is ok, checkout has rates
    expect(await itemOf("rates_in_mexico")).toMatchObject({ status: "ok" });
    expect((await buyerAtCheckout()).carriers[0]).toMatchObject({ called: true });
    const market = await store.graphql(
      TEST_SHOP,
      `{ marketByGeography(countryCode: MX) { delivery { shipping { optionDefinitions(first: 5) { nodes {
          ... on DeliveryCarrierCalculatedOptionDefinition { rateGroups(first: 1) { nodes { carrierService { id } } } } } } } } } }`,
    );
    const carrierId = (await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } })).carrierServiceId;
    expect(market.data?.marketByGeography.delivery.shipping.optionDefinitions.nodes).toEqual([
      { rateGroups: { nodes: [{ carrierService: { id: carrierId } }] } },
    ]);
    // AND no second route to the same rates: no app-owned profile was created
    expect(store.inspect(TEST_SHOP).operations.some((op) => op.rootFields.includes("deliveryProfileCreate"))).toBe(
      false,
    );
    // AND a second press adds nothing
    expect(await postReadiness("add_rates")).toEqual({ intent: "add_rates", outcome: { ok: true, changed: 0 } });
  });

  it("recognises our carrier where the merchant added it in Markets, without the app adding anything", async () => {
    await postReadiness("recheck");
    expect(await itemOf("rates_in_mexico")).toMatchObject({ status: "problem", reason: "market_driven" });
    // The merchant adds our rates in Markets themselves
    store.control.addMarketCarrierRates(TEST_SHOP, {});
    await postReadiness("recheck");
    expect(await itemOf("rates_in_mexico")).toMatchObject({ status: "ok" });
    expect((await buyerAtCheckout()).carriers[0]).toMatchObject({ called: true });
  });
});
