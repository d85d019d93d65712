// Issue 33, item 2, over the simulated store, the service sandbox and PostgreSQL through Pedidos'
// action: an order cancelled in Shopify after it reached the warehouse needs the service, not a
// retry (refused); it keeps being read from the service, so its status and tracking show as they
// come (no fulfilment is written to Shopify); the merchant marks it handled with a required,
// bounded note kept in its timeline with who and when, and it leaves «Requieren atención» for good;
// «actualizar estado» reads the service now through the record's poll job.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { action, loader, type OrdersPageData } from "~/routes/app.orders/route";
import { HANDLED_NOTE_MAX } from "~/fulfillment/core/handled-note";
import { configureTestServices, routeContext } from "../../helpers/app-services";
import { storeOfflineSession } from "../../helpers/sessions";
import { bearerRequest, sessionTokenRequest } from "../../helpers/shopify-requests";
import { HOUR, MINUTE, SHOP, clearFulfilments, recordOf, startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await storeOfflineSession(prisma, SHOP);
  configureTestServices({ now: () => h.clock.now(), svcClientFor: h.svcClientFor, adminFor: h.adminFor });
});
afterAll(() => h.close());
beforeEach(() => clearFulfilments(h));

const work = () => h.worker().runOnce();

async function post(form: [string, string][]) {
  const request = await bearerRequest("/app/orders", SHOP, { method: "POST", body: new URLSearchParams(form) });
  const answer = await action({ request, params: {}, context: routeContext() });
  // Refusals come wrapped with their HTTP status; a 200 is the plain answer.
  return "init" in answer
    ? { status: answer.init?.status ?? 200, body: answer.data }
    : { status: 200, body: answer as unknown as typeof answer };
}

async function page() {
  const request = await sessionTokenRequest("/app/orders", SHOP);
  return (await loader({ request, params: {}, context: routeContext() })) as OrdersPageData;
}

/** An order the warehouse has, then cancelled by the buyer in Shopify. */
async function cancelledAtWarehouse() {
  const payload = h.paidOrder();
  await h.deliver(payload);
  await work();
  expect((await recordOf(payload)).status).toBe("submitted");
  await h.send("orders/cancelled", h.store.orders.cancel(SHOP, payload.id));
  await work();
  const record = await recordOf(payload);
  expect(record).toMatchObject({ status: "needs_attention", reasonCode: "cancelledAfterWarehouse" });
  return { payload, record };
}

describe("an order cancelled in Shopify after it reached the warehouse", () => {
  it("is not retried, keeps showing the service's status and tracking, and is marked handled with a note", async () => {
    const { payload, record } = await cancelledAtWarehouse();

    // A retry would clear the alert and do nothing about the cancellation: refused, untouched.
    const retried = await post([
      ["intent", "retry"],
      ["fulfillmentId", record.id],
    ]);
    expect(retried.body).toMatchObject({ ok: false, code: "cancelledNotRetryable" });
    expect((await recordOf(payload)).status).toBe("needs_attention");
    // Nor is one held in Shopify after reaching the warehouse: its reason offers no retry.
    const held = await prisma.fulfillment.create({
      data: {
        shop: SHOP,
        shopifyOrderId: "998",
        orderGid: "gid://shopify/Order/998",
        orderName: "#9998",
        status: "needs_attention",
        svcOrderId: "SVC-HELD",
        reasonCode: "heldAfterWarehouse",
        reasonParams: { order: "SVC-HELD" },
      },
    });
    expect(
      (
        await post([
          ["intent", "retry"],
          ["fulfillmentId", held.id],
        ])
      ).body,
    ).toMatchObject({ ok: false, code: "notOffered" });
    expect((await prisma.fulfillment.findUniqueOrThrow({ where: { id: held.id } })).status).toBe("needs_attention");
    await prisma.fulfillment.delete({ where: { id: held.id } });

    // WHEN the warehouse ships it anyway (+2 h at the sandbox) and its poll runs
    await h.clock.advance(2 * HOUR + 10 * MINUTE);
    await work();
    // THEN the record still needs attention, now with the service's status and tracking, and
    // nothing was fulfilled in Shopify for a cancelled order
    const atService = (await h.sandboxOrders()).find((o) => o.request.tienda_orden_ref === payload.name)!;
    const watched = await recordOf(payload);
    expect(watched).toMatchObject({
      status: "needs_attention",
      reasonCode: "cancelledAfterWarehouse",
      svcStatus: "IN_TRANSIT",
      trackingNumber: expect.stringMatching(/^\d+$/),
      shopifyFulfillmentId: null,
    });
    expect(h.store.inspect(SHOP).fulfillments.filter((f) => f.orderId === payload.admin_graphql_api_id)).toEqual([]);
    expect(atService).toBeDefined();
    const row = (await page()).rows.find((r) => r.id === record.id)!;
    expect(row.tracking?.number).toBe(watched.trackingNumber);
    expect(row.svcStatus).toBe("IN_TRANSIT");

    // A missing or too long note is refused naming it, and changes nothing
    for (const [note, code] of [
      ["   ", "noteMissing"],
      ["x".repeat(HANDLED_NOTE_MAX + 1), "noteTooLong"],
    ] as const) {
      const refused = await post([
        ["intent", "handled"],
        ["fulfillmentId", record.id],
        ["note", note],
      ]);
      expect(refused).toMatchObject({ status: 400, body: { ok: false, code } });
    }
    expect((await recordOf(payload)).status).toBe("needs_attention");
    expect((await page()).counts.needs_attention).toBe(1);

    // WHEN the merchant marks it handled with a note
    const handled = await post([
      ["intent", "handled"],
      ["fulfillmentId", record.id],
      ["note", "  Llamé al servicio; el paquete regresa al almacén.  "],
    ]);
    expect(handled).toMatchObject({ status: 200, body: { ok: true, code: "handled" } });
    // THEN it leaves «Requieren atención», and its timeline says what was done, by whom and when
    const after = await page();
    expect(after.counts.needs_attention).toBe(0);
    const done = after.rows.find((r) => r.id === record.id)!;
    expect(done.status).toBe("skipped");
    expect(done.timeline.at(-1)).toMatchObject({
      kind: "merchant",
      at: h.clock.now().toISOString(),
      message: {
        code: "merchantHandled",
        params: { note: "Llamé al servicio; el paquete regresa al almacén.", by: "12345" },
      }, // the session token's user (the library's test token)
    });
    // Handled is for good: another order job (a late webhook) decides nothing for it again.
    await h.send("orders/updated", h.store.orders.get(SHOP, payload.id));
    await work();
    expect((await recordOf(payload)).status).toBe("skipped");
    expect(await h.sandboxOrders()).toHaveLength(1);
  });
});

describe("an order at the warehouse marked handled", () => {
  it("is never decided again: a later read of the order in Shopify sends nothing more", async () => {
    const payload = h.paidOrder();
    await h.deliver(payload);
    await work();
    const sent = await recordOf(payload);
    expect(sent.status).toBe("submitted");
    // Flagged as held after reaching the warehouse (Shopify refuses to hold what the app reported in
    // progress, so the flag is set here as the order's job sets it)
    await prisma.fulfillment.update({
      where: { id: sent.id },
      data: { status: "needs_attention", reasonCode: "heldAfterWarehouse", reasonParams: { order: sent.svcOrderId! } },
    });
    const handled = await post([
      ["intent", "handled"],
      ["fulfillmentId", sent.id],
      ["note", "The service holds it until the buyer confirms."],
    ]);
    expect(handled).toMatchObject({ status: 200, body: { ok: true, code: "handled" } });
    // WHEN the order's job reads the order again (its fulfilment order is open in Shopify)
    await h.send("orders/updated", h.store.orders.get(SHOP, payload.id));
    await work();
    // THEN the handled record is left as the merchant left it, and the warehouse has it once
    expect(await recordOf(payload)).toMatchObject({ status: "skipped", reasonCode: "merchantHandled" });
    expect((await h.sandboxOrders()).filter((o) => o.request.tienda_orden_ref === payload.name)).toHaveLength(1);
  });
});

describe("«actualizar estado»", () => {
  it("reads the service now for one order, through its poll job, and answers what the service says", async () => {
    const payload = h.paidOrder();
    await h.deliver(payload);
    await work();
    const record = await recordOf(payload);
    expect(record).toMatchObject({ status: "submitted", svcStatus: null });
    // The warehouse picks it (+10 min at the sandbox) while the record's next read is an hour away
    await h.clock.advance(10 * MINUTE);
    await prisma.job.updateMany({
      where: { queue: "fulfillment.poll", key: record.id },
      data: { runAt: new Date(h.clock.now().getTime() + HOUR) },
    });
    expect(await work()).toBe(0);

    // WHEN the merchant asks for its status now
    const answer = post([
      ["intent", "refresh"],
      ["fulfillmentId", record.id],
    ]);
    // (the page's request waits for the poll job, which a worker runs as soon as it is due)
    while ((await work()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    // THEN the service was read now, and the answer says what it reports
    expect(await answer).toMatchObject({
      status: 200,
      body: { ok: true, code: "refreshed", params: { svcStatus: "PICK" } },
    });
    expect(await recordOf(payload)).toMatchObject({ status: "in_progress", svcStatus: "PICK" });

    // A record the service has no order for has nothing to read: refused, naming the order
    const unsent = await prisma.fulfillment.create({
      data: {
        shop: SHOP,
        shopifyOrderId: "999",
        orderGid: "gid://shopify/Order/999",
        orderName: "#9999",
        status: "needs_attention",
      },
    });
    expect(
      await post([
        ["intent", "refresh"],
        ["fulfillmentId", unsent.id],
      ]),
    ).toMatchObject({ status: 409, body: { ok: false, code: "noServiceOrder", params: { order: "#9999" } } });
  });
});
