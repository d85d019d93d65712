/**
 * Issue 29, defect 8: confirming that the service has the order of a part whose submission's
 * outcome is unknown. Every part (fulfilment order) of a Shopify order is sent with the order's
 * name, so a service order of another part carries the same `tienda_orden_ref`; the app tells the
 * parts apart by which record already follows the service order and by its lines.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { confirmServiceOrderExists } from "~/fulfillment/actions/merchant-actions.server";
import { updateShopSettings } from "~/shop/shop-settings.server";
import { MINUTE, SHOP, clearFulfilments, recordsOf, startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await clearFulfilments(h);
  await updateShopSettings({
    db: prisma,
    shop: SHOP,
    patch: { fulfillment: { holdBackMinutes: 30, locationIds: [] }, stock: { locationId: null } },
  });
});

const merchant = () => ({ db: prisma, now: h.clock.now, svcClientFor: h.svcClientFor, adminFor: h.adminFor });
const confirm = (fulfillmentId: string, svcOrderId: string) =>
  confirmServiceOrderExists(merchant(), { shop: SHOP, fulfillmentId, svcOrderId });

async function work(): Promise<void> {
  const worker = h.worker();
  for (let i = 0; i < 3; i++) await worker.runOnce();
}

/**
 * An order split into two parts before submission (`moved` goes to the second), both then sent;
 * `faults` befall the service requests in turn.
 */
async function twoPartsSent(
  lineItems: { sku: string; quantity: number }[],
  moved: Record<string, number>,
  faults: Parameters<Harness["faults"]["set"]>[1],
) {
  const payload = h.paidOrder({ lineItems });
  h.faults.set(payload.name, faults);
  await h.deliver(payload);
  await work();
  const [fo] = h.fulfillmentOrdersOf(payload);
  await h.send("fulfillment_orders/split", h.store.orders.split(SHOP, fo!.id, moved));
  await work();
  await h.clock.advance(31 * MINUTE);
  await work();
  return payload;
}

/** The service order whose lines are the record's sent lines (the test's own bookkeeping). */
async function serviceOrderOf(record: { request: unknown }) {
  const body = (record.request as { body: { productos: { identificador: string; cantidad: number }[] } }).body;
  const key = (lines: { identificador: string; cantidad: number }[]) =>
    lines.map((l) => `${l.identificador}:${l.cantidad}`).sort().join(",");
  const order = (await h.sandboxOrders()).find((o) => key(o.request.productos) === key(body.productos));
  return order!.id;
}

describe("confirming the service order of one part of an order", () => {
  it("refuses the service order of the other part, whose lines differ, and accepts each part's own", async () => {
    // GIVEN both parts reached the service, and neither answer arrived
    const order = await twoPartsSent(
      [
        { sku: "TAZA-AZ", quantity: 2 },
        { sku: "CAFE-500", quantity: 1 },
      ],
      { "CAFE-500": 1 },
      ["commit-then-timeout", "commit-then-timeout"],
    );
    const [a, b] = await recordsOf(order);
    expect([a!.status, b!.status]).toEqual(["unknown_outcome", "unknown_outcome"]);
    const orderOfA = await serviceOrderOf(a!);
    const orderOfB = await serviceOrderOf(b!);
    expect(orderOfA).not.toBe(orderOfB);
    // WHEN the merchant names B's service order for A (same tienda_orden_ref, other lines)
    // THEN it is refused, naming what each holds
    expect(await confirm(a!.id, orderOfB)).toMatchObject({ ok: false, code: "serviceOrderOtherLines" });
    // AND A's own is accepted; then A's can no longer be taken for B
    expect(await confirm(a!.id, orderOfA)).toMatchObject({ ok: true, code: "confirmedExists" });
    expect(await confirm(b!.id, orderOfA)).toMatchObject({ ok: false, code: "serviceOrderOfAnotherPart" });
    expect(await confirm(b!.id, orderOfB)).toMatchObject({ ok: true, code: "confirmedExists" });
    expect((await recordsOf(order)).map((r) => [r.status, r.svcOrderId])).toEqual([
      ["submitted", orderOfA],
      ["submitted", orderOfB],
    ]);
  });

  it("refuses a service order another part already follows, even with the same lines", async () => {
    // GIVEN two parts of one mug each; the first request times out before reaching the service
    const order = await twoPartsSent([{ sku: "TAZA-AZ", quantity: 2 }], { "TAZA-AZ": 1 }, ["timeout"]);
    const records = await recordsOf(order);
    const unknown = records.find((r) => r.status === "unknown_outcome")!;
    const sent = records.find((r) => r.status === "submitted")!;
    expect(await h.sandboxOrders()).toHaveLength(1);
    // WHEN the merchant names the other part's service order (same name, same lines)
    // THEN it is refused: that order is the other part's
    expect(await confirm(unknown.id, sent.svcOrderId!)).toMatchObject({
      ok: false,
      code: "serviceOrderOfAnotherPart",
    });
    expect((await recordsOf(order)).find((r) => r.id === unknown.id)).toMatchObject({
      status: "unknown_outcome",
      svcOrderId: null,
    });
  });
});
