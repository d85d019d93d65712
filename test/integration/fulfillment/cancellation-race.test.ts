/**
 * Issue 29, defect 6 (fulfilment-service mode): a cancellation request is answered "accepted" only
 * after the record's compare-and-set that forbids submission has won, and "rejected" when a
 * submission claimed the record first — whichever moment the submission's claim lands in.
 */
import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readAssignedRequests, registerFulfillmentService } from "~/fulfillment/shopify/fulfillment-service.server";
import { transition } from "~/fulfillment/records/records.server";
import type { AdminGraphql } from "~/shopify/admin/client";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { action as notification } from "~/routes/fulfillment-service.fulfillment_order_notification";
import { routeContext } from "../../helpers/app-services";
import prisma from "../../helpers/prisma";
import { storeOfflineSession } from "../../helpers/sessions";
import { TEST_API_SECRET, TEST_APP_URL } from "../../helpers/shopify-requests";
import { SHOP, clearFulfilments, recordOf, silentLogger, startHarness, type Harness } from "./support/harness";

const SERVICE_NAME = "Envíos svc";
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await storeOfflineSession(prisma);
  await updateShopSettings({ db: prisma, shop: SHOP, patch: { fulfillment: { mode: "fulfillment_service" } } });
  await registerFulfillmentService(
    { db: prisma, adminFor: h.adminFor },
    { shop: SHOP, appUrl: TEST_APP_URL, name: SERVICE_NAME },
  );
});
afterAll(async () => {
  await updateShopSettings({
    db: prisma,
    shop: SHOP,
    patch: { fulfillment: { mode: "merchant_managed", holdBackMinutes: 0 } },
  });
  await h.close();
});
beforeEach(async () => {
  await clearFulfilments(h);
  // The hold-back keeps the requested order's record waiting, short of submission.
  await updateShopSettings({ db: prisma, shop: SHOP, patch: { fulfillment: { holdBackMinutes: 30 } } });
});

const work = () => h.worker().runOnce();
const foOf = (payload: { admin_graphql_api_id: string }) => h.fulfillmentOrdersOf(payload)[0]!;

/**
 * A requested order whose record is pending, as when its hold-back has just ended: the order's job
 * is about to claim it (pending → submitting) — and a cancellation request has just come in.
 */
async function aboutToBeSubmittedAndCancelled() {
  const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1, location: SERVICE_NAME }] });
  await h.deliver(payload);
  await work();
  h.store.orders.requestFulfillment(SHOP, foOf(payload).id);
  const service = h.store.inspect(SHOP).fulfillmentServices[0]!;
  await h.store.sendFulfillmentServiceNotification({
    callbackUrl: service.callbackUrl,
    secret: TEST_API_SECRET,
    domain: SHOP,
    body: { kind: "FULFILLMENT_REQUEST" },
    fetch: async (url, init) => notification({ request: new Request(url, init), params: {}, context: routeContext() }),
  });
  await work(); // reads the request, wakes the order
  await work(); // the order's job: waiting out the hold-back
  const record = await recordOf(payload);
  expect(record.status).toBe("waiting");
  expect(await transition(prisma, { id: record.id, from: "waiting", to: "pending", now: h.clock.now() })).toBe(true);
  h.store.orders.requestCancellation(SHOP, foOf(payload).id);
  // The order job's claim of the record, as the submission makes it.
  const claim = () => transition(prisma, { id: record.id, from: "pending", to: "submitting", now: h.clock.now() });
  return { payload, claim };
}

const operations = () => h.store.inspect(SHOP).operations.flatMap((op) => op.rootFields);
const deps = (over: { db?: PrismaClient; adminFor?: (shop: string) => Promise<AdminGraphql> } = {}) => ({
  db: prisma,
  logger: silentLogger,
  now: h.clock.now,
  adminFor: h.adminFor,
  ...over,
});

describe("a cancellation request racing the submission", () => {
  it("settles the record before Shopify hears «accepted»: a claim made meanwhile loses", async () => {
    const { payload, claim } = await aboutToBeSubmittedAndCancelled();
    // WHEN the submission tries to claim the record while Shopify is being told the answer
    let claimed: boolean | undefined;
    const adminFor = async (shop: string): Promise<AdminGraphql> => {
      const admin = await h.adminFor(shop);
      return (query, variables) => {
        const answering = /fulfillmentOrderAcceptCancellationRequest/.test(query);
        return (answering && claimed === undefined ? claim().then((won) => (claimed = won)) : Promise.resolve()).then(
          () => admin(query, variables),
        );
      };
    };
    await readAssignedRequests(deps({ adminFor }), SHOP);
    // THEN the promise to Shopify was made only once nothing could be submitted
    expect(claimed).toBe(false);
    expect(foOf(payload)).toMatchObject({ requestStatus: "CANCELLATION_ACCEPTED" });
    expect(await recordOf(payload)).toMatchObject({ status: "skipped", reasonCode: "cancelRequestedBefore" });
  });

  it("rejects the cancellation when the submission claimed the record first, between the read and the settling", async () => {
    const { payload, claim } = await aboutToBeSubmittedAndCancelled();
    // WHEN the claim lands right after the cancellation's read of the record
    let raced = false;
    const fulfillment = new Proxy(prisma.fulfillment, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop !== "findUnique" || typeof value !== "function") return value;
        return async (...args: unknown[]) => {
          const row = await value.apply(target, args);
          if (!raced) {
            raced = true;
            expect(await claim()).toBe(true);
          }
          return row;
        };
      },
    });
    const db = new Proxy(prisma, {
      get(target, prop) {
        if (prop === "fulfillment") return fulfillment;
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const before = operations().length;
    await readAssignedRequests(deps({ db }), SHOP);
    const answered = operations().slice(before);
    // THEN Shopify is told the warehouse has it, never that the cancellation was accepted
    expect(raced).toBe(true);
    expect(answered).not.toContain("fulfillmentOrderAcceptCancellationRequest");
    expect(answered).toContain("fulfillmentOrderRejectCancellationRequest");
    expect(foOf(payload)).toMatchObject({ requestStatus: "CANCELLATION_REJECTED" });
    expect((await recordOf(payload)).status).toBe("submitting");
  });

  it("keeps a record skipped for an accepted cancellation from an order job that read Shopify before it", async () => {
    // GIVEN a requested order whose hold-back has ended: its order job is about to send it
    const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1, location: SERVICE_NAME }] });
    await h.deliver(payload);
    await work();
    h.store.orders.requestFulfillment(SHOP, foOf(payload).id);
    const service = h.store.inspect(SHOP).fulfillmentServices[0]!;
    await h.store.sendFulfillmentServiceNotification({
      callbackUrl: service.callbackUrl,
      secret: TEST_API_SECRET,
      domain: SHOP,
      body: { kind: "FULFILLMENT_REQUEST" },
      fetch: async (url, init) =>
        notification({ request: new Request(url, init), params: {}, context: routeContext() }),
    });
    await work(); // reads the request, wakes the order
    await work(); // the order's job: waiting out the hold-back
    expect((await recordOf(payload)).status).toBe("waiting");
    await h.clock.advance(31 * 60_000);
    const ordersBefore = (await h.sandboxOrders()).length;

    // WHEN the order job reads the order from Shopify, and right after that read the merchant asks
    // to cancel and the app accepts (the record is skipped) before the job reads its records
    let cancelled = false;
    const adminFor = async (shop: string): Promise<AdminGraphql> => {
      const admin = await h.adminFor(shop);
      return async (query, variables) => {
        const answer = await admin(query, variables);
        if (!cancelled && /query FulfilmentOrderState\(/.test(query)) {
          cancelled = true;
          h.store.orders.requestCancellation(SHOP, foOf(payload).id);
          await readAssignedRequests(deps(), SHOP);
        }
        return answer as never;
      };
    };
    await h.worker({ adminFor }).runOnce();
    await work();

    // THEN the cancellation Shopify accepted stands: nothing reached the warehouse
    expect(cancelled).toBe(true);
    expect(foOf(payload)).toMatchObject({ requestStatus: "CANCELLATION_ACCEPTED" });
    expect(await h.sandboxOrders()).toHaveLength(ordersBefore);
    expect(await recordOf(payload)).toMatchObject({ status: "skipped", reasonCode: "cancelRequestedBefore" });
  });
});
