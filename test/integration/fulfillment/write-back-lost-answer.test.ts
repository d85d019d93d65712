/**
 * Issue 29, defect 3: the answer to the Shopify fulfilment write is lost (the effect happens, the
 * connection drops before the answer arrives). The next poll decides from the fulfilment order as
 * Shopify has it now, so a short shipment is never fulfilled twice, and «send the rest» still
 * fulfils the missing units when they ship — over the simulated store's HTTP endpoint.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { action } from "~/routes/app.orders/route";
import { simulatedStoreAdminGraphql, type AdminGraphql } from "~/shopify/admin.server";
import { storeOfflineSession } from "../../helpers/sessions";
import { bearerRequest } from "../../helpers/shopify-requests";
import { routeContext } from "../../helpers/app-services";
import { HOUR, MINUTE, SHOP, clearFulfilments, recordOf, startHarness, type Harness } from "./support/harness";

let h: Harness;
let overHttp: AdminGraphql;
let closeStore: () => Promise<void>;
/** How many of the next fulfilment writes lose their answer. */
let losing = 0;
let lost = 0;
beforeAll(async () => {
  h = await startHarness();
  await storeOfflineSession(prisma, SHOP);
  const server = await h.store.listen();
  closeStore = () => server.close();
  overHttp = simulatedStoreAdminGraphql({
    baseUrl: server.url,
    shop: SHOP,
    tokens: { accessToken: h.store.accessToken(SHOP) },
    apiVersion: "2026-10",
    // The store runs the write, then drops the connection instead of answering.
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      if (losing > 0 && String(init?.body).includes("fulfillmentCreate")) {
        losing--;
        lost++;
        headers.set("x-sandbox-scenario", "answer-lost");
      }
      return fetch(input, { ...init, headers });
    },
  });
});
afterAll(async () => {
  await closeStore();
  await h.close();
});
beforeEach(async () => {
  await clearFulfilments(h);
  losing = 0;
  lost = 0;
});

async function work(): Promise<void> {
  const worker = h.worker({ adminFor: async () => overHttp });
  for (let i = 0; i < 4; i++) await worker.runOnce();
}

const fulfilmentsOf = (payload: { admin_graphql_api_id: string }) =>
  h.store.inspect(SHOP).fulfillments.filter((f) => f.orderId === payload.admin_graphql_api_id);
const remainingOf = (payload: { admin_graphql_api_id: string }) =>
  h.fulfillmentOrdersOf(payload)[0]!.lineItems.map((l) => [l.sku, l.remainingQuantity]);
const unitsOf = (fulfilment: { lineItems: { quantity: number }[] }) =>
  fulfilment.lineItems.reduce((sum, l) => sum + l.quantity, 0);

describe("a fulfilment write whose answer is lost", () => {
  it("fulfils a short shipment once, then fulfils the rest once when it ships", async () => {
    // GIVEN an order of 2 mugs and 1 coffee at the warehouse, which packs 1 mug only
    const payload = h.paidOrder({
      lineItems: [
        { sku: "TAZA-AZ", quantity: 2 },
        { sku: "CAFE-500", quantity: 1 },
      ],
    });
    await h.deliver(payload);
    await work();
    const [first] = await h.sandboxOrders();
    await h.control("POST", `/__sandbox/orders/${first!.id}/packed`, { productos: [{ sku: "TAZA-AZ", cantidad: 1 }] });

    // WHEN the poll writes the shipment to Shopify and the answer is lost
    losing = 1;
    await h.clock.advance(HOUR + MINUTE);
    await work();
    expect(lost).toBe(1);
    // (the effect happened: Shopify shows the one mug fulfilled)
    expect(fulfilmentsOf(payload).map(unitsOf)).toEqual([1]);
    // AND the next polls run
    await h.clock.advance(HOUR);
    await work();
    await h.clock.advance(HOUR);
    await work();

    // THEN Shopify still shows the one mug that left, once, and the rest still expected
    const fulfilments = fulfilmentsOf(payload);
    expect(fulfilments.map(unitsOf)).toEqual([1]);
    expect(remainingOf(payload)).toEqual([
      ["TAZA-AZ", 1],
      ["CAFE-500", 1],
    ]);
    // AND the record adopted that fulfilment and waits for the merchant's choice
    const short = await recordOf(payload);
    expect(short).toMatchObject({
      status: "needs_attention",
      shopifyFulfillmentId: fulfilments[0]!.id,
      missingLines: [
        { sku: "TAZA-AZ", quantity: 1 },
        { sku: "CAFE-500", quantity: 1 },
      ],
    });

    // WHEN the merchant sends the rest, it ships in full, and that write's answer is lost too
    const request = await bearerRequest("/app/orders", SHOP, {
      method: "POST",
      body: new URLSearchParams({ intent: "short-resend", fulfillmentId: short.id }),
    });
    expect(await action({ request, params: {}, context: routeContext() })).toMatchObject({ ok: true });
    await work();
    const second = (await h.sandboxOrders()).find((o) => o.id !== first!.id)!;
    expect(second.request.productos).toEqual([
      { identificador: "TAZA-AZ", cantidad: 1 },
      { identificador: "CAFE-500", cantidad: 1 },
    ]);
    losing = 1;
    await h.clock.advance(HOUR + MINUTE);
    await work();
    expect(lost).toBe(2);
    await h.clock.advance(HOUR);
    await work();

    // THEN the missing units are fulfilled once: three units in all, in two fulfilments
    const all = fulfilmentsOf(payload);
    expect(all.map(unitsOf)).toEqual([1, 2]);
    expect(remainingOf(payload)).toEqual([
      ["TAZA-AZ", 0],
      ["CAFE-500", 0],
    ]);
    expect(await recordOf(payload)).toMatchObject({ status: "shipped", shopifyFulfillmentId: all[1]!.id });
  });

  it("is not made twice by a run whose lease ran out and another that took its job over", async () => {
    // GIVEN an order of 2 mugs and 1 coffee at the warehouse, which packs 1 mug only
    const payload = h.paidOrder({
      lineItems: [
        { sku: "TAZA-AZ", quantity: 2 },
        { sku: "CAFE-500", quantity: 1 },
      ],
    });
    await h.deliver(payload);
    await work();
    const [order] = await h.sandboxOrders();
    await h.control("POST", `/__sandbox/orders/${order!.id}/packed`, { productos: [{ sku: "TAZA-AZ", cantidad: 1 }] });
    await h.clock.advance(HOUR + MINUTE);

    // WHEN worker A reads the fulfilment order for the write-back and then stalls (Admin pacing)...
    let readByA!: () => void;
    const aHasRead = new Promise<void>((resolve) => (readByA = resolve));
    let resumeA!: () => void;
    const aResumes = new Promise<void>((resolve) => (resumeA = resolve));
    const stalling: AdminGraphql = async (query, variables) => {
      const answer = await overHttp(query, variables);
      if (query.includes("FulfilmentOrderFulfilmentState")) {
        readByA();
        await aResumes;
      }
      return answer as never;
    };
    const a = h.worker({ adminFor: async () => stalling, owner: "A" }).runOnce();
    await aHasRead;
    // ...past its lease, and worker B takes the job over, reads the same and writes the mug
    await h.clock.advance(2 * MINUTE);
    await h.worker({ adminFor: async () => overHttp, owner: "B" }).runOnce();
    expect(fulfilmentsOf(payload).map(unitsOf)).toEqual([1]);
    // AND then A goes on
    resumeA();
    await a;

    // THEN the mug that left is fulfilled once, and the rest is still expected
    expect(fulfilmentsOf(payload).map(unitsOf)).toEqual([1]);
    expect(remainingOf(payload)).toEqual([
      ["TAZA-AZ", 1],
      ["CAFE-500", 1],
    ]);
    expect(await recordOf(payload)).toMatchObject({ status: "needs_attention" });
  });
});
