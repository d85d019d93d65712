import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { MAX_SUBMIT_ATTEMPTS } from "~/fulfillment/core/schedule";
import { connectShop } from "~/orchestration/connect-shop.server";
import { forgetSvcKey } from "../../helpers/svc-connection";
import {
  API_KEY,
  MINUTE,
  SHOP,
  clearFulfilments,
  recordOf,
  startHarness,
  type Harness,
  type OrderFault,
} from "./support/harness";
import type { OrderPaidPayload, PaidOrderInput } from "../../../sandbox/store";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => clearFulfilments(h));

const puebla = {
  address1: "Av. Reforma 100",
  address2: "Col. Centro",
  city: "Puebla",
  province: "Puebla",
  provinceCode: "PUE",
  zip: "72000",
};
const newYork = {
  address1: "350 5th Ave",
  address2: null,
  city: "New York",
  province: "New York",
  provinceCode: "NY",
  zip: "10118",
  country: "United States",
  countryCode: "US",
};

/** Pays an order, delivers it, runs the worker; answers the record. */
async function submit(
  input: Partial<PaidOrderInput>,
  opts: { faults?: OrderFault[]; edit?: (payload: OrderPaidPayload) => void } = {},
) {
  const payload = h.paidOrder(input);
  if (opts.faults) h.faults.set(payload.name, [...opts.faults]);
  opts.edit?.(payload);
  expect((await h.deliver(payload)).status).toBe(200);
  await h.worker().runOnce();
  return { payload, record: await recordOf(payload) };
}

const tagsOf = (gid: string) => h.store.inspect(SHOP).tags[gid];

// A destination no carrier serves (SHP-003) is held for its address instead: address-holds.test.ts.
describe("definite refusals ask a person, with the service's message", () => {
  it.each([
    [
      "a product without dimensions",
      { lineItems: [{ sku: "SIN-DIM", quantity: 1 }] },
      [],
      /SIN-DIM has no dimensions.*register them/,
    ],
    ["EXPRESS outside the covered cities", { shippingAddress: puebla }, [], /not available for postal code 72000/],
    ["a 400 from the service", {}, ["bogus" as const], /validation-error|x-sandbox-scenario/],
  ])("%s → needs_attention", async (_name, input, faults, reason) => {
    const { payload, record } = await submit(input, { faults });
    expect(record).toMatchObject({
      status: "needs_attention",
      svcOrderId: null,
      reason: expect.stringMatching(reason),
    });
    expect(await h.sandboxOrders()).toHaveLength(0);
    expect(tagsOf(payload.admin_graphql_api_id)).toEqual(["svc:needs-attention"]);
  });

  it("not enough stock at the warehouse → awaiting_stock naming the product, nothing at the service", async () => {
    await h.control("POST", "/__sandbox/stock", { sku: "PLATO-GR", units: 1 });
    const { record } = await submit({ lineItems: [{ sku: "PLATO-GR", quantity: 3 }] });
    expect(record).toMatchObject({
      status: "awaiting_stock",
      reasonCode: "awaitingStock",
      reason: expect.stringMatching(/the warehouse lacks PLATO-GR × \d.*requested 3, available 1/),
    });
    expect(await h.sandboxOrders()).toHaveLength(0);
  });

  it("a line without SKU → needs_attention naming the line, before anything is sent", async () => {
    const jarra = h.store.products.list(SHOP).find((p) => p.title === "Jarra artesanal")!;
    const { record } = await submit({
      lineItems: [
        { sku: "TAZA-AZ", quantity: 1 },
        { variantId: jarra.variants[0]!.id, quantity: 1 },
      ],
    });
    expect(record).toMatchObject({
      status: "needs_attention",
      submitAttempts: 0,
      reason: expect.stringMatching(/"Jarra artesanal" has no SKU/),
    });
  });
});

describe("failures before the order reached the service are retried with backoff", () => {
  it.each([["refused" as const], ["rate-limited" as const], ["unavailable" as const]])(
    "%s once → back to pending, then submitted once",
    async (fault) => {
      const { payload, record } = await submit({}, { faults: [fault] });
      expect(record).toMatchObject({
        status: "pending",
        submitAttempts: 1,
        reason: expect.stringMatching(/did not reach the service.*next attempt/),
      });
      const job = await prisma.job.findFirstOrThrow({ where: { queue: "fulfillment.submit" } });
      expect(job).toMatchObject({ state: "queued", runAt: new Date(h.clock.now().getTime() + 30_000) });
      // Not before its time
      await h.worker().runOnce();
      expect((await recordOf(payload)).status).toBe("pending");
      await h.clock.advance(31_000);
      await h.worker().runOnce();
      expect(await recordOf(payload)).toMatchObject({ status: "submitted", submitAttempts: 2, reason: null });
      expect(await h.sandboxOrders()).toHaveLength(1);
    },
  );

  it(`gives up after ${MAX_SUBMIT_ATTEMPTS} attempts and asks a person`, async () => {
    const { payload } = await submit({}, { faults: Array(MAX_SUBMIT_ATTEMPTS).fill("unavailable") });
    for (let i = 1; i < MAX_SUBMIT_ATTEMPTS; i++) {
      await h.clock.advance(31 * MINUTE);
      await h.worker().runOnce();
    }
    expect(await recordOf(payload)).toMatchObject({
      status: "needs_attention",
      submitAttempts: MAX_SUBMIT_ATTEMPTS,
      reason: expect.stringMatching(new RegExp(`after ${MAX_SUBMIT_ATTEMPTS} attempts.*503`)),
    });
    expect(await h.sandboxOrders()).toHaveLength(0);
  });
});

describe("failures after the order may have reached the service are never resubmitted", () => {
  it.each([["timeout" as const], ["server-error" as const]])("%s → unknown_outcome", async (fault) => {
    const { payload, record } = await submit({}, { faults: [fault] });
    expect(record).toMatchObject({
      status: "unknown_outcome",
      submitAttempts: 1,
      reason: expect.stringMatching(/may exist at the service/),
    });
    await h.clock.advance(60 * MINUTE);
    await h.worker().runOnce();
    expect((await recordOf(payload)).status).toBe("unknown_outcome");
    expect(tagsOf(payload.admin_graphql_api_id)).toEqual(["svc:unknown-outcome"]);
  });
});

describe("orders that are not the warehouse's are skipped with the reason", () => {
  it.each([
    // Cancelled in Shopify before the job ran: the job reads that, whatever the payload said.
    ["a cancelled order", {}, (p: OrderPaidPayload) => void h.store.orders.cancel(SHOP, p.id), /cancelled/],
    ["a test order", { test: true }, undefined, /test order/],
    ["an order shipping abroad", { shippingAddress: newYork }, undefined, /outside Mexico/],
  ])("%s", async (_name, input, edit, reason) => {
    const { payload, record } = await submit(input, { edit });
    expect(record).toMatchObject({ status: "skipped", reason: expect.stringMatching(reason) });
    expect(tagsOf(payload.admin_graphql_api_id)).toEqual(["svc:skipped"]);
    expect(await h.sandboxOrders()).toHaveLength(0);
  });

  it("an order with nothing to ship has no fulfilment order, so nothing is recorded or sent", async () => {
    const payload = h.paidOrder({ lineItems: [{ sku: "GIFT-500", quantity: 1 }] });
    expect((await h.deliver(payload)).status).toBe(200);
    await h.worker().runOnce();
    expect(await prisma.shopifyOrder.findFirst({ where: { shopifyOrderId: String(payload.id) } })).toMatchObject({
      plannedAt: expect.any(Date),
    });
    expect(await prisma.fulfillment.count()).toBe(0);
    expect(await h.sandboxOrders()).toHaveLength(0);
  });

  it("an order of a shop that disconnected its account", async () => {
    await forgetSvcKey(prisma, SHOP);
    try {
      const { record } = await submit({});
      expect(record).toMatchObject({ status: "skipped", reason: expect.stringMatching(/not connected/) });
    } finally {
      await connectShop({ db: prisma, config: h.svcConfig, shop: SHOP, apiKey: API_KEY, environment: "qa" });
    }
  });
});
