/**
 * Fulfilment-service mode over the simulated store, the sandbox and PostgreSQL: Shopify's request
 * reaches the callback, the app submits and accepts (or rejects with the reason), the shipment
 * comes back with tracking; cancellation requests are accepted before submission and rejected
 * after it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import {
  registerFulfillmentService,
  removeFulfillmentService,
  rejectionCode,
} from "~/fulfillment/shopify/fulfillment-service.server";
import { sendMissingAsNewOrder } from "~/fulfillment/actions/merchant-actions.server";
import { syncStock } from "~/fulfillment/jobs/stock-sync.server";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { action as notification } from "~/routes/fulfillment-service.fulfillment_order_notification";
import { storeOfflineSession } from "../../helpers/sessions";
import { action as uninstalled } from "~/routes/webhooks.app.uninstalled";
import { TEST_API_SECRET, TEST_APP_URL, signedWebhookRequest } from "../../helpers/shopify-requests";
import {
  HOUR,
  MINUTE,
  SHOP,
  clearFulfilments,
  recordOf,
  seedCatalogVariants,
  silentLogger,
  startHarness,
  type Harness,
} from "./support/harness";
import { routeContext } from "../../helpers/app-services";
import { shopifyMessagesEn } from "~/i18n/messages.en";

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
  await updateShopSettings({ db: prisma, shop: SHOP, patch: { fulfillment: { holdBackMinutes: 0 } } });
});

const work = () => h.worker().runOnce();
const merchant = () => ({ db: prisma, now: h.clock.now, svcClientFor: h.svcClientFor, adminFor: h.adminFor });
const foOf = (payload: { admin_graphql_api_id: string }) => h.fulfillmentOrdersOf(payload)[0]!;

/** Shopify's POST to the callback, through the app's route. */
async function notify(kind: "FULFILLMENT_REQUEST" | "CANCELLATION_REQUEST") {
  const service = h.store.inspect(SHOP).fulfillmentServices[0]!;
  return h.store.sendFulfillmentServiceNotification({
    callbackUrl: service.callbackUrl,
    secret: TEST_API_SECRET,
    domain: SHOP,
    body: { kind },
    fetch: async (url, init) => notification({ request: new Request(url, init), params: {}, context: routeContext() }),
  });
}

/** A paid order routed to the warehouse's location, delivered to the app, then requested. */
async function requested(input: Parameters<Harness["paidOrder"]>[0] = {}) {
  const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 2, location: SERVICE_NAME }], ...input });
  await h.deliver(payload);
  await work();
  h.store.orders.requestFulfillment(SHOP, foOf(payload).id);
  expect((await notify("FULFILLMENT_REQUEST")).status).toBe(200);
  await work(); // reads the assigned requests, wakes the order
  await work(); // the order's job decides, submits and answers
  return payload;
}

describe("fulfilment-service mode", () => {
  it("registers a fulfilment service whose callback is under SHOPIFY_APP_URL, with its own location", async () => {
    const [service] = h.store.inspect(SHOP).fulfillmentServices;
    expect(service).toMatchObject({ serviceName: SERVICE_NAME, callbackUrl: `${TEST_APP_URL}/fulfillment-service` });
    expect(await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } })).toMatchObject({
      fsServiceId: service!.id,
      fsLocationId: service!.locationId,
    });
  });

  it("end to end: request → accepted with a ship date → one service order → fulfilment with tracking", async () => {
    const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 2, location: SERVICE_NAME }] });
    await h.deliver(payload);
    await work();
    // Nothing goes until Shopify requests it
    expect(await h.sandboxOrders()).toHaveLength(0);
    expect(await recordOf(payload)).toMatchObject({
      status: "waiting",
      reason: "waiting for Shopify to request fulfilment from the warehouse",
    });
    h.store.orders.requestFulfillment(SHOP, foOf(payload).id);
    expect((await notify("FULFILLMENT_REQUEST")).status).toBe(200);
    await work();
    await work();
    const orders = await h.sandboxOrders();
    expect(orders.map((o) => o.request.productos)).toEqual([[{ identificador: "TAZA-AZ", cantidad: 2 }]]);
    expect(foOf(payload)).toMatchObject({ status: "IN_PROGRESS", requestStatus: "ACCEPTED" });
    const accepted = h.store
      .inspect(SHOP)
      .operations.find((op) => op.rootFields.includes("fulfillmentOrderAcceptFulfillmentRequest"));
    expect(accepted?.variables).toMatchObject({
      estimatedShippedAt: new Date(h.clock.now().getTime() + 24 * HOUR).toISOString(),
      message: shopifyMessagesEn.requestAccepted({ svcOrderId: orders[0]!.id }),
    });
    await h.clock.advance(HOUR + MINUTE);
    await work();
    const [fulfilment] = h.store.inspect(SHOP).fulfillments.filter((f) => f.orderId === payload.admin_graphql_api_id);
    expect(fulfilment!.trackingInfo[0]!.number).toMatch(/^\d+$/);
    expect(foOf(payload).status).toBe("CLOSED");
    expect(await recordOf(payload)).toMatchObject({ status: "shipped" });
  });

  it("sends the rest of a short shipment as a new service order without a new request from Shopify", async () => {
    const payload = await requested();
    const [first] = await h.sandboxOrders();
    // GIVEN the warehouse ships 1 of the 2 mugs of a request it accepted
    await h.control("POST", `/__sandbox/orders/${first!.id}/packed`, { productos: [{ sku: "TAZA-AZ", cantidad: 1 }] });
    await h.clock.advance(HOUR + MINUTE);
    await work();
    const short = await recordOf(payload);
    expect(short).toMatchObject({ status: "needs_attention", missingLines: [{ sku: "TAZA-AZ", quantity: 1 }] });
    expect(foOf(payload)).toMatchObject({ status: "IN_PROGRESS", requestStatus: "ACCEPTED" });
    // WHEN the merchant sends the rest
    expect(await sendMissingAsNewOrder(merchant(), { shop: SHOP, fulfillmentId: short.id })).toMatchObject({
      ok: true,
    });
    await work();
    // THEN it goes at once (Shopify does not request an accepted fulfilment order again)
    const orders = await h.sandboxOrders();
    expect(orders.map((o) => o.request.productos)).toEqual([
      [{ identificador: "TAZA-AZ", cantidad: 2 }],
      [{ identificador: "TAZA-AZ", cantidad: 1 }],
    ]);
    expect(await recordOf(payload)).toMatchObject({ status: "submitted", svcOrderId: orders[1]!.id });
  });

  it("rejects a request the warehouse cannot serve, with the plain reason", async () => {
    const payload = await requested({
      shippingAddress: {
        address1: "350 5th Ave",
        address2: null,
        city: "New York",
        province: "New York",
        provinceCode: "NY",
        zip: "10118",
        country: "United States",
        countryCode: "US",
      },
    });
    expect(await h.sandboxOrders()).toHaveLength(0);
    expect(foOf(payload)).toMatchObject({ status: "OPEN", requestStatus: "REJECTED" });
    const rejected = h.store
      .inspect(SHOP)
      .operations.find((op) => op.rootFields.includes("fulfillmentOrderRejectFulfillmentRequest"));
    expect(rejected?.variables).toMatchObject({ message: expect.stringMatching(/outside Mexico/) });
    // The reason stays the cause, as a code; the timeline records that the request was declined for it.
    const record = await recordOf(payload);
    expect(record).toMatchObject({
      status: "skipped",
      reasonCode: "outsideMexico",
      reasonParams: { country: "US" },
      reason: expect.stringMatching(/outside Mexico/),
    });
    const events = await prisma.fulfillmentEvent.findMany({
      where: { fulfillmentId: record.id },
      orderBy: { id: "asc" },
    });
    expect(events.at(-1)).toMatchObject({ toStatus: "skipped", detailCode: "declinedRequest" });
  });

  it("holds a requested order whose destination the service refuses (SHP-003), answers the request once corrected", async () => {
    const unserved = { zip: "63950", city: "Islas Marías", province: "Nayarit", provinceCode: "NAY" };
    const payload = await requested({ shippingAddress: unserved });
    // THEN held with the app's hold, nothing at the service, and Shopify's request left open
    expect(await h.sandboxOrders()).toHaveLength(0);
    expect(foOf(payload)).toMatchObject({ requestStatus: "SUBMITTED" });
    expect(foOf(payload).holds).toEqual([expect.objectContaining({ reason: "INCORRECT_ADDRESS" })]);
    expect(await recordOf(payload)).toMatchObject({
      status: "waiting",
      reason: expect.stringMatching(/postal code 63950/),
    });
    // WHEN the address is corrected in Shopify
    const changed = await h.store.control.changeShippingAddress(SHOP, String(payload.id), {
      address: { zip: "06500", city: "Ciudad de México", province: "Ciudad de México", provinceCode: "CMX" },
      deliver: false,
    });
    await h.send("orders/updated", changed.payload);
    await work();
    // THEN the hold is released, one service order, and the request accepted
    expect(foOf(payload).holds).toEqual([]);
    expect(await h.sandboxOrders()).toHaveLength(1);
    expect(foOf(payload)).toMatchObject({ requestStatus: "ACCEPTED" });
  });

  it("accepts a cancellation request while nothing reached the warehouse", async () => {
    await updateShopSettings({ db: prisma, shop: SHOP, patch: { fulfillment: { holdBackMinutes: 30 } } });
    const payload = await requested();
    expect(await recordOf(payload)).toMatchObject({ status: "waiting" });
    h.store.orders.requestCancellation(SHOP, foOf(payload).id);
    expect((await notify("CANCELLATION_REQUEST")).status).toBe(200);
    await work();
    expect(foOf(payload)).toMatchObject({ status: "CANCELLED", requestStatus: "CANCELLATION_ACCEPTED" });
    // What Shopify shows of the answer is the English catalogue's sentence, not one worded inline.
    const acceptedCancellation = h.store
      .inspect(SHOP)
      .operations.find((op) => op.rootFields.includes("fulfillmentOrderAcceptCancellationRequest"));
    expect(acceptedCancellation?.variables).toMatchObject({ message: shopifyMessagesEn.cancellationAccepted() });
    await h.clock.advance(31 * MINUTE);
    await work();
    expect(await h.sandboxOrders()).toHaveLength(0);
    expect((await recordOf(payload)).status).toBe("skipped");
  });

  it("rejects a cancellation request once the warehouse has the order, with the service's status", async () => {
    const payload = await requested();
    const [sent] = await h.sandboxOrders();
    expect(foOf(payload).requestStatus).toBe("ACCEPTED");
    h.store.orders.requestCancellation(SHOP, foOf(payload).id);
    await notify("CANCELLATION_REQUEST");
    await work();
    expect(foOf(payload)).toMatchObject({ status: "IN_PROGRESS", requestStatus: "CANCELLATION_REJECTED" });
    const rejected = h.store
      .inspect(SHOP)
      .operations.find((op) => op.rootFields.includes("fulfillmentOrderRejectCancellationRequest"));
    expect(rejected?.variables).toMatchObject({
      message: expect.stringContaining(`service order ${sent!.id}`),
    });
    expect(await recordOf(payload)).toMatchObject({
      status: "needs_attention",
      reason: expect.stringMatching(/asked to cancel it after it reached the warehouse — stop it with the service/),
    });
    expect(await h.sandboxOrders()).toHaveLength(1);
  });

  it("answers 400 to a notification with a wrong signature", async () => {
    const service = h.store.inspect(SHOP).fulfillmentServices[0]!;
    const response = await h.store
      .sendFulfillmentServiceNotification({
        callbackUrl: service.callbackUrl,
        secret: "not-the-secret",
        domain: SHOP,
        body: { kind: "FULFILLMENT_REQUEST" },
        fetch: async (url, init) =>
          notification({ request: new Request(url, init), params: {}, context: routeContext() }),
      })
      .catch((thrown: unknown) => (thrown instanceof Response ? thrown : Promise.reject(thrown)));
    expect(response.status).toBe(400);
  });

  it("accepts a notification signed with the previous secret during a rotation", async () => {
    const previous = process.env.SHOPIFY_API_SECRET_PREVIOUS;
    expect(previous, "the test environment sets a previous secret").toBeTruthy();
    const service = h.store.inspect(SHOP).fulfillmentServices[0]!;
    const response = await h.store.sendFulfillmentServiceNotification({
      callbackUrl: service.callbackUrl,
      secret: previous!,
      domain: SHOP,
      body: { kind: "FULFILLMENT_REQUEST" },
      fetch: async (url, init) =>
        notification({ request: new Request(url, init), params: {}, context: routeContext() }),
    });
    expect(response.status).toBe(200);
  });

  it("reads a shop header in capitals as the shop, signed with the current or the previous secret", async () => {
    for (const secret of [TEST_API_SECRET, process.env.SHOPIFY_API_SECRET_PREVIOUS!]) {
      await clearFulfilments(h);
      const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1, location: SERVICE_NAME }] });
      await h.deliver(payload);
      await work();
      h.store.orders.requestFulfillment(SHOP, foOf(payload).id);
      const service = h.store.inspect(SHOP).fulfillmentServices[0]!;
      const response = await h.store.sendFulfillmentServiceNotification({
        callbackUrl: service.callbackUrl,
        secret,
        domain: SHOP.toUpperCase(),
        body: { kind: "FULFILLMENT_REQUEST" },
        fetch: async (url, init) =>
          notification({ request: new Request(url, init), params: {}, context: routeContext() }),
      });
      expect(response.status).toBe(200);
      await work(); // reads the shop's assigned requests
      await work(); // the order's job submits and accepts
      expect(foOf(payload).requestStatus).toBe("ACCEPTED");
    }
  });

  it("answers a shop header that is not a myshopify.com domain as the webhooks do: 400 naming it", async () => {
    const service = h.store.inspect(SHOP).fulfillmentServices[0]!;
    for (const shop of ["tienda-demo.example.com", "not a shop"]) {
      const response = await h.store
        .sendFulfillmentServiceNotification({
          callbackUrl: service.callbackUrl,
          secret: TEST_API_SECRET,
          domain: shop,
          body: { kind: "FULFILLMENT_REQUEST" },
          fetch: async (url, init) =>
            notification({ request: new Request(url, init), params: {}, context: routeContext() }),
        })
        .catch((thrown: unknown) => (thrown instanceof Response ? thrown : Promise.reject(thrown)));
      const webhook = await uninstalled({
        request: await signedWebhookRequest({
          topic: "app/uninstalled",
          body: { id: 1, myshopify_domain: shop },
          shop,
        }),
        params: {},
        context: routeContext(),
      }).catch((thrown: unknown) => (thrown instanceof Response ? thrown : Promise.reject(thrown)));
      expect(response.status, shop).toBe(400);
      expect(await response.json()).toEqual(await webhook.json());
    }
    expect(await prisma.job.count({ where: { shop: { in: ["tienda-demo.example.com", "not a shop"] } } })).toBe(0);
  });

  it("maps reasons to Shopify's rejection codes", () => {
    expect(rejectionCode("destinationNotServed")).toBe("UNDELIVERABLE_DESTINATION");
    expect(rejectionCode("outsideMexico")).toBe("UNDELIVERABLE_DESTINATION");
    expect(rejectionCode("insufficientStock")).toBe("INVENTORY_OUT_OF_STOCK");
    expect(rejectionCode("noSku")).toBe("INELIGIBLE_PRODUCT");
    expect(rejectionCode("addressHeldNoNumber")).toBe("INCORRECT_ADDRESS");
    expect(rejectionCode("contested")).toBe("OTHER");
  });
});

describe("stock in fulfilment-service mode", () => {
  it("goes to the warehouse's own location, stocking each product there the first time", async () => {
    await seedCatalogVariants(h);
    await h.control("POST", "/__sandbox/stock", { sku: "TAZA-AZ", units: 12 });
    const result = await syncStock(
      { db: prisma, logger: silentLogger, now: h.clock.now, svcClientFor: h.svcClientFor, adminFor: h.adminFor },
      SHOP,
      { onDemand: true },
    );
    expect(result).toMatchObject({ kind: "synced" });
    const serviceLocation = h.store.inspect(SHOP).fulfillmentServices[0]!.locationId;
    const level = h.store
      .inspect(SHOP)
      .inventoryLevels.find((l) => l.sku === "TAZA-AZ" && l.locationId === serviceLocation);
    expect(level?.available).toBe(12);
  });

  it("writes nowhere while the service's location is not registered, not even at a location chosen before", async () => {
    await seedCatalogVariants(h);
    await h.control("POST", "/__sandbox/stock", { sku: "TAZA-AZ", units: 7 });
    const { fsLocationId } = await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    const merchantLocation = h.store
      .inspect(SHOP)
      .inventoryLevels.find((l) => l.locationId !== fsLocationId)!.locationId;
    const levelsBefore = JSON.stringify(h.store.inspect(SHOP).inventoryLevels);
    // A registration that did not finish (Shopify refused it, a reinstall), with a merchant-managed
    // location still chosen from before the mode changed.
    await updateShopSettings({ db: prisma, shop: SHOP, patch: { stock: { locationId: merchantLocation } } });
    await prisma.shop.update({ where: { domain: SHOP }, data: { fsLocationId: null } });
    try {
      const result = await syncStock(
        { db: prisma, logger: silentLogger, now: h.clock.now, svcClientFor: h.svcClientFor, adminFor: h.adminFor },
        SHOP,
        { onDemand: true },
      );
      expect(result).toEqual({
        kind: "not_ready",
        reason: "the fulfilment service's location is not registered in Shopify",
      });
      expect(JSON.stringify(h.store.inspect(SHOP).inventoryLevels)).toBe(levelsBefore);
    } finally {
      await prisma.shop.update({ where: { domain: SHOP }, data: { fsLocationId } });
      await updateShopSettings({ db: prisma, shop: SHOP, patch: { stock: { locationId: null } } });
    }
  });
});

describe("leaving fulfilment-service mode", () => {
  it("removes the fulfilment service from Shopify and forgets it", async () => {
    const before = h.store.inspect(SHOP).fulfillmentServices[0]!;
    expect(await removeFulfillmentService({ db: prisma, adminFor: h.adminFor }, { shop: SHOP })).toBe(true);
    expect(h.store.inspect(SHOP).fulfillmentServices).toHaveLength(0);
    expect(h.store.inspect(SHOP).locations.find((l) => l.id === before.locationId)?.isActive).toBe(false);
    expect(await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } })).toMatchObject({
      fsServiceId: null,
      fsLocationId: null,
    });
  });
});
