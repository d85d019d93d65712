/**
 * The simulated store's merge, move and progress reports, as Shopify's published 2026-10 schema
 * describes them (every document here is validated against it by the store before it runs):
 * merging and moving some line items only, `fulfillmentOrderReportProgress` (IN_PROGRESS; no move
 * or merge until marked open) and `fulfillmentOrderOpen`, and the control API for each.
 */
import { describe, expect, it } from "vitest";
import type { SimulatedStore } from "../../../sandbox/store";
import { DOMAIN, demoStore, queryData } from "./store-fixture";

function setup() {
  const { store } = demoStore({ locations: [{ name: "Almacén svc" }, { name: "Tienda Centro" }] });
  const order = store.orders.createPaid(DOMAIN, {
    lineItems: [
      { sku: "TAZA-AZ", quantity: 3 },
      { sku: "JAB-LAV", quantity: 1 },
    ],
  });
  const fo = store.inspect(DOMAIN).fulfillmentOrders.find((f) => f.orderId === order.admin_graphql_api_id)!;
  const location = (name: string) => store.inspect(DOMAIN).locations.find((l) => l.name === name)!.id;
  const line = (sku: string) => fo.lineItems.find((l) => l.sku === sku)!;
  return { store, order, fo, location, line };
}

const inspectFo = (store: SimulatedStore, id: string) =>
  store.inspect(DOMAIN).fulfillmentOrders.find((f) => f.id === id)!;
const units = (fo: { lineItems: Array<{ sku: string | null; remainingQuantity: number }> }) =>
  Object.fromEntries(fo.lineItems.map((l) => [l.sku, l.remainingQuantity]));

const REPORT = `mutation($id: ID!, $notes: String) { fulfillmentOrderReportProgress(id: $id, progressReport: { reasonNotes: $notes }) {
  fulfillmentOrder { id status supportedActions { action } } userErrors { field message code } } }`;
const MOVE = `mutation($id: ID!, $to: ID!, $lines: [FulfillmentOrderLineItemInput!]) {
  fulfillmentOrderMove(id: $id, newLocationId: $to, fulfillmentOrderLineItems: $lines) {
    movedFulfillmentOrder { id status assignedLocation { location { id } } lineItems(first: 5) { nodes { remainingQuantity } } }
    originalFulfillmentOrder { id status assignedLocation { location { id } } lineItems(first: 5) { nodes { remainingQuantity } } }
    userErrors { field message } } }`;
const MERGE = `mutation($inputs: [FulfillmentOrderMergeInput!]!) { fulfillmentOrderMerge(fulfillmentOrderMergeInputs: $inputs) {
  fulfillmentOrderMerges { fulfillmentOrder { id status lineItems(first: 5) { nodes { remainingQuantity } } } }
  userErrors { field message code } } }`;

describe("fulfillmentOrderReportProgress / fulfillmentOrderOpen", () => {
  it("reports progress (IN_PROGRESS, notes kept), refuses a move and a merge meanwhile, and moves again once marked open", async () => {
    const { store, fo, location } = setup();
    const reported = await queryData(store, REPORT, { id: fo.id, notes: "En el almacén" });
    expect(reported.fulfillmentOrderReportProgress).toEqual({
      fulfillmentOrder: {
        id: fo.id,
        status: "IN_PROGRESS",
        supportedActions: [{ action: "CREATE_FULFILLMENT" }, { action: "MARK_AS_OPEN" }],
      },
      userErrors: [],
    });
    expect(inspectFo(store, fo.id)).toMatchObject({
      progressReported: true,
      progressReports: [{ reasonNotes: "En el almacén" }],
    });
    // Reporting again is allowed while in progress.
    expect(
      (await queryData(store, REPORT, { id: fo.id, notes: null })).fulfillmentOrderReportProgress.userErrors,
    ).toEqual([]);

    const target = location("Tienda Centro");
    const refused = await queryData(store, MOVE, { id: fo.id, to: target });
    expect(refused.fulfillmentOrderMove.movedFulfillmentOrder).toBeNull();
    expect(refused.fulfillmentOrderMove.userErrors[0].message).toMatch(/progress manually reported/);
    expect(inspectFo(store, fo.id).locationId).toBe(location("Almacén svc"));

    const opened = await queryData(
      store,
      `mutation($id: ID!) { fulfillmentOrderOpen(id: $id) { fulfillmentOrder { status } userErrors { field message } } }`,
      { id: fo.id },
    );
    expect(opened.fulfillmentOrderOpen).toEqual({ fulfillmentOrder: { status: "OPEN" }, userErrors: [] });
    const moved = await queryData(store, MOVE, { id: fo.id, to: target });
    expect(moved.fulfillmentOrderMove.userErrors).toEqual([]);
    expect(moved.fulfillmentOrderMove.movedFulfillmentOrder).toMatchObject({
      id: fo.id,
      assignedLocation: { location: { id: target } },
    });
  });

  it("a reported fulfilment order cannot be merged; progress on a closed one, or an unknown one, is refused with Shopify's codes", async () => {
    const { store, fo, line } = setup();
    const split = await queryData(
      store,
      `mutation($id: ID!, $line: ID!) { fulfillmentOrderSplit(fulfillmentOrderSplits: [{ fulfillmentOrderId: $id,
        fulfillmentOrderLineItems: [{ id: $line, quantity: 2 }] }]) {
        fulfillmentOrderSplits { remainingFulfillmentOrder { id } } userErrors { message } } }`,
      { id: fo.id, line: line("TAZA-AZ").id },
    );
    const other = split.fulfillmentOrderSplit.fulfillmentOrderSplits[0].remainingFulfillmentOrder.id;
    await queryData(store, REPORT, { id: fo.id, notes: "picking" });
    const merge = await queryData(store, MERGE, {
      inputs: [{ mergeIntents: [{ fulfillmentOrderId: fo.id }, { fulfillmentOrderId: other }] }],
    });
    expect(merge.fulfillmentOrderMerge.fulfillmentOrderMerges).toBeNull();
    expect(merge.fulfillmentOrderMerge.userErrors[0].message).toMatch(/in_progress and cannot be merged/);

    await store.control.cancel(DOMAIN, inspectFo(store, other).orderId, { deliver: false });
    const closed = await queryData(store, REPORT, { id: other, notes: null });
    expect(closed.fulfillmentOrderReportProgress.userErrors).toEqual([
      { field: ["id"], code: "FULFILLMENT_ORDER_STATUS_INVALID", message: expect.stringMatching(/cancelled/) },
    ]);
    const missing = await queryData(store, REPORT, { id: "gid://shopify/FulfillmentOrder/1", notes: null });
    expect(missing.fulfillmentOrderReportProgress.userErrors[0].code).toBe("FULFILLMENT_ORDER_NOT_FOUND");
    // Shopify's published schema refuses a misspelt input before the store runs anything.
    const misspelt = await store.graphql(
      DOMAIN,
      `mutation($id: ID!) { fulfillmentOrderReportProgress(id: $id, progressReport: { notes: "x" }) { userErrors { code } } }`,
      { id: fo.id },
    );
    expect(misspelt.errors?.[0]?.message).toMatch(/notes/);
  });
});

describe("some line items only", () => {
  it("merges the given units: the rest stays open where it was, an emptied fulfilment order closes", async () => {
    const { store, fo, line } = setup();
    const split = await queryData(
      store,
      `mutation($id: ID!, $line: ID!) { fulfillmentOrderSplit(fulfillmentOrderSplits: [{ fulfillmentOrderId: $id,
        fulfillmentOrderLineItems: [{ id: $line, quantity: 2 }] }]) {
        fulfillmentOrderSplits { remainingFulfillmentOrder { id } } userErrors { message } } }`,
      { id: fo.id, line: line("TAZA-AZ").id },
    );
    const other = split.fulfillmentOrderSplit.fulfillmentOrderSplits[0].remainingFulfillmentOrder.id;
    const merged = await queryData(store, MERGE, {
      inputs: [
        {
          mergeIntents: [
            { fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: [{ id: line("TAZA-AZ").id, quantity: 1 }] },
            { fulfillmentOrderId: other },
          ],
        },
      ],
    });
    expect(merged.fulfillmentOrderMerge.userErrors).toEqual([]);
    const result = merged.fulfillmentOrderMerge.fulfillmentOrderMerges[0].fulfillmentOrder;
    expect(result.lineItems.nodes).toEqual([{ remainingQuantity: 3 }]);
    expect(inspectFo(store, fo.id)).toMatchObject({ status: "OPEN" });
    expect(units(inspectFo(store, fo.id))).toEqual({ "JAB-LAV": 1 });
    expect(inspectFo(store, other).status).toBe("CLOSED");

    const tooMany = await queryData(store, MERGE, {
      inputs: [
        {
          mergeIntents: [
            { fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: [{ id: line("JAB-LAV").id, quantity: 2 }] },
            { fulfillmentOrderId: result.id },
          ],
        },
      ],
    });
    expect(tooMany.fulfillmentOrderMerge.userErrors[0].code).toBe("INVALID_LINE_ITEM_QUANTITY");
    expect(units(inspectFo(store, fo.id))).toEqual({ "JAB-LAV": 1 });
  });

  it("moves the given units to a new fulfilment order at the new location; the original keeps the rest", async () => {
    const { store, fo, line, location } = setup();
    const target = location("Tienda Centro");
    const moved = await queryData(store, MOVE, {
      id: fo.id,
      to: target,
      lines: [{ id: line("JAB-LAV").id, quantity: 1 }],
    });
    const payload = moved.fulfillmentOrderMove;
    expect(payload.userErrors).toEqual([]);
    expect(payload.originalFulfillmentOrder).toEqual({
      id: fo.id,
      status: "OPEN",
      assignedLocation: { location: { id: location("Almacén svc") } },
      lineItems: { nodes: [{ remainingQuantity: 3 }] },
    });
    expect(payload.movedFulfillmentOrder).toMatchObject({
      status: "OPEN",
      assignedLocation: { location: { id: target } },
      lineItems: { nodes: [{ remainingQuantity: 1 }] },
    });
    expect(payload.movedFulfillmentOrder.id).not.toBe(fo.id);
  });
});

describe("control API", () => {
  const post = (store: SimulatedStore, path: string, body: unknown) =>
    store.fetch(
      new Request(`http://store.test/__sandbox/shops/${DOMAIN}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );

  it("reports progress, marks open, moves and merges some units by SKU, and names a bad field", async () => {
    const { store, fo, location } = setup();
    const foNumber = fo.id.split("/").pop();
    const reported = await post(store, `/fulfillment_orders/${foNumber}/report_progress`, { reasonNotes: "surtiendo" });
    expect(reported.status).toBe(200);
    expect(inspectFo(store, fo.id)).toMatchObject({ status: "IN_PROGRESS", progressReported: true });
    const refused = await post(store, `/fulfillment_orders/${foNumber}/move`, {
      locationId: location("Tienda Centro"),
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(/progress/);
    expect((await post(store, `/fulfillment_orders/${foNumber}/open`, {})).status).toBe(200);
    expect(inspectFo(store, fo.id)).toMatchObject({ status: "OPEN", progressReported: false });

    const bad = await post(store, `/fulfillment_orders/${foNumber}/move`, {
      locationId: location("Tienda Centro"),
      lines: { "TAZA-AZ": 0 },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/lines\.TAZA-AZ/);

    const moved = await post(store, `/fulfillment_orders/${foNumber}/move`, {
      locationId: location("Tienda Centro"),
      lines: { "TAZA-AZ": 2 },
      deliver: false,
    });
    expect(moved.status).toBe(200);
    const { payload } = (await moved.json()) as { payload: { moved_fulfillment_order: { id: string } } };
    expect(units(inspectFo(store, payload.moved_fulfillment_order.id))).toEqual({ "TAZA-AZ": 2 });
    expect(units(inspectFo(store, fo.id))).toEqual({ "TAZA-AZ": 1, "JAB-LAV": 1 });

    // Back at the first location, merge one unit of it with everything the original has.
    const back = await post(store, `/fulfillment_orders/${payload.moved_fulfillment_order.id.split("/").pop()}/move`, {
      locationId: location("Almacén svc"),
      deliver: false,
    });
    expect(back.status).toBe(200);
    const merged = await post(store, `/fulfillment_orders/merge`, {
      ids: [fo.id, payload.moved_fulfillment_order.id],
      lines: { [payload.moved_fulfillment_order.id]: { "TAZA-AZ": 1 } },
      deliver: false,
    });
    expect(merged.status).toBe(200);
    expect(inspectFo(store, fo.id).status).toBe("CLOSED");
    expect(units(inspectFo(store, payload.moved_fulfillment_order.id))).toEqual({ "TAZA-AZ": 1 });
    const created = store
      .inspect(DOMAIN)
      .fulfillmentOrders.filter((f) => f.orderId === fo.orderId && f.status === "OPEN")
      .find((f) => f.id !== payload.moved_fulfillment_order.id)!;
    expect(units(created)).toEqual({ "TAZA-AZ": 2, "JAB-LAV": 1 });
  });
});
