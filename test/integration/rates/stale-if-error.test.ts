// Rates that survive a bad minute (issue 23, item 1): when the service fails or misses the
// deadline, checkout gets the last real rates quoted for the same cart and destination (marked
// stale in the quote log and counted on Inicio), and Shopify's backup rates when nothing recent
// exists. The service is the sandbox, its failures its own fault injection.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { shopOverview } from "~/orchestration/overview.server";
import {
  callback,
  flushQuoteLog,
  freshShop,
  QUOTE_PATH,
  rateBody,
  rateTo,
  restoreClients,
  setRules,
  startSandbox,
  TEST_SHOP,
  switchableFaults,
  upstreamLog,
  type Sandbox,
} from "./support/harness";

const upstream = upstreamLog();
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
let faults: ReturnType<typeof switchableFaults>;
beforeEach(async () => {
  restoreClients();
  await freshShop(sandbox, upstream);
  faults = switchableFaults(sandbox, upstream);
});

const prices = (body: { rates?: Record<string, unknown>[] }) =>
  (body.rates ?? []).map((r) => [r.service_code, r.total_price]);

describe("stale-if-error at checkout", () => {
  it("answers the cart's last real rates when the service fails, and records them as stale", async () => {
    // GIVEN the cart was quoted a moment ago, and its cache entry is gone (a rules save forgets it)
    const fresh = await callback({ body: rateBody() });
    expect(fresh.status).toBe(200);
    await setRules({ handlingDays: 0 });
    // WHEN the service answers 500
    faults.set("server-error");
    const answer = await callback({ body: rateBody() });
    // THEN the service was asked again (the client retries a 500) and checkout still gets the
    // real rates, not Shopify's backup ones
    expect(upstream.count(QUOTE_PATH)).toBeGreaterThan(1);
    expect(answer.status).toBe(200);
    expect(prices(answer.body)).toEqual(prices(fresh.body));
    expect(prices(answer.body)).toHaveLength(3);
    await flushQuoteLog();
    const log = await prisma.quoteLog.findMany({ orderBy: { id: "asc" } });
    expect(log.map((row) => row.outcome)).toEqual(["rates", "stale"]);
    expect((await shopOverview({ db: prisma, shop: TEST_SHOP })).quotesLastDay).toMatchObject({
      total: 2,
      answeredWithRates: 2,
      answeredStale: 1,
    });
  });

  it("answers them too when the service misses the deadline", async () => {
    await setRules({ deadlineMs: 500, cacheTtlSeconds: 0 });
    const fresh = await callback({ body: rateBody() });
    faults.set("timeout");
    const answer = await callback({ body: rateBody() });
    expect(upstream.count(QUOTE_PATH)).toBe(2);
    expect(answer.status).toBe(200);
    expect(prices(answer.body)).toEqual(prices(fresh.body));
    await flushQuoteLog();
    expect((await prisma.quoteLog.findMany({ orderBy: { id: "asc" } })).map((r) => r.outcome)).toEqual([
      "rates",
      "stale",
    ]);
  });

  it("applies today's rules to the last rates (a markup saved since then shows)", async () => {
    await callback({ body: rateBody() });
    await setRules({ markupFixedCentavos: 100 });
    faults.set("server-error");
    const answer = await callback({ body: rateBody() });
    expect(answer.status).toBe(200);
    expect(answer.body.rates?.[0]?.total_price).toBe("10000");
  });

  it("answers Shopify's backup rates (503) when nothing recent exists for that cart and destination", async () => {
    await callback({ body: rateBody() });
    await setRules({ handlingDays: 0 });
    faults.set("server-error");
    const elsewhere = await callback({ body: rateTo("06600", "DF", "Ciudad de México") });
    expect(elsewhere.status).toBe(503);
    await flushQuoteLog();
    expect((await prisma.quoteLog.findMany({ orderBy: { id: "asc" } })).map((r) => r.outcome)).toEqual([
      "rates",
      "backup",
    ]);
  });

  it("answers Shopify's backup rates when the merchant turned it off (maximum age 0)", async () => {
    await setRules({ staleMaxAgeHours: 0 });
    await callback({ body: rateBody() });
    await setRules({ staleMaxAgeHours: 0, handlingDays: 0 });
    faults.set("server-error");
    expect((await callback({ body: rateBody() })).status).toBe(503);
  });
});
