// Never a blank destination (issue 19): when Shopify withholds the buyer's protected fields
// (the app lacks protected customer data access), the fulfilment order is not sent; it needs
// attention with the fix, and the shop records what was seen for the readiness checklist.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { retryFulfillment } from "~/fulfillment/actions/merchant-actions.server";
import { protectedCustomerDataGranted } from "~/shop/customer-data-access.server";
import { SHOP, clearFulfilments, recordOf, startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await clearFulfilments(h);
  await prisma.shop.update({ where: { domain: SHOP }, data: { customerDataAccess: null, customerDataSeenAt: null } });
});
afterEach(() => h.store.control.setCustomerDataAccess(SHOP, { level: 2 }));

const merchant = () => ({ db: prisma, now: h.clock.now, svcClientFor: h.svcClientFor, adminFor: h.adminFor });

describe("an app without protected customer data access", () => {
  it("sends nothing to the warehouse, asks for access, and sends the order once access is granted and retried", async () => {
    // GIVEN the app is approved for Level 1 only: Shopify nulls the buyer's name, address and phone
    h.store.control.setCustomerDataAccess(SHOP, { level: 1 });
    const payload = h.paidOrder();
    expect(payload.shipping_address).toMatchObject({
      address1: null,
      zip: null,
      phone: null,
      city: expect.any(String),
    });
    expect(await protectedCustomerDataGranted({ db: prisma, shop: SHOP })).toEqual({ granted: null, seenAt: null });

    // WHEN the paid order arrives and the worker runs
    expect((await h.deliver(payload)).status).toBe(200);
    await h.worker().runOnce();

    // THEN the service received nothing, and the record says why and what to do
    expect(await h.sandboxOrders()).toHaveLength(0);
    const record = await recordOf(payload);
    expect(record).toMatchObject({ status: "needs_attention", svcOrderId: null });
    expect(record).toMatchObject({ reasonCode: "customerDataWithheld", reasonParams: {} });
    expect(await protectedCustomerDataGranted({ db: prisma, shop: SHOP })).toEqual({
      granted: false,
      seenAt: h.clock.now(),
    });
    // Running again changes nothing: it waits for the merchant.
    await h.worker().runOnce();
    expect(await h.sandboxOrders()).toHaveLength(0);

    // WHEN the app is granted Level 2 access and the merchant retries
    h.store.control.setCustomerDataAccess(SHOP, { level: 2 });
    expect(await retryFulfillment(merchant(), { shop: SHOP, fulfillmentId: record.id })).toMatchObject({ ok: true });
    await h.worker().runOnce();

    // THEN the order reaches the service once, with the buyer's real address
    const sent = await h.sandboxOrders();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.request.consumidor_destino).toMatchObject({ codigo_postal: "06500" });
    expect(sent[0]!.request.consumidor_destino.nombre).toEqual(expect.stringMatching(/\S/));
    expect(await recordOf(payload)).toMatchObject({ status: "submitted", reason: null, reasonCode: null });
    expect(await protectedCustomerDataGranted({ db: prisma, shop: SHOP })).toMatchObject({ granted: true });
  });

  it("withholds the fields not approved: phone and email alone leave no recipient or street, so nothing is sent", async () => {
    // GIVEN Level 2 with phone and email only: no name and no street reach the app
    h.store.control.setCustomerDataAccess(SHOP, { level: 2, fields: ["phone", "email"] });
    const payload = h.paidOrder();
    await h.deliver(payload);
    await h.worker().runOnce();
    expect(await h.sandboxOrders()).toHaveLength(0);
    expect(await recordOf(payload)).toMatchObject({ reasonCode: "customerDataWithheld" });
  });

  it("records access as granted when an order read brings the protected fields", async () => {
    const payload = h.paidOrder();
    await h.deliver(payload);
    await h.worker().runOnce();
    expect(await h.sandboxOrders()).toHaveLength(1);
    expect(await protectedCustomerDataGranted({ db: prisma, shop: SHOP })).toEqual({
      granted: true,
      seenAt: h.clock.now(),
    });
  });
});
