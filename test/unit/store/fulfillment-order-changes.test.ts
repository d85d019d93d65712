import { describe, expect, it } from "vitest";
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
  return { store, order, fo, location };
}

const FO_FIELDS = `id status requestStatus assignedLocation { location { id } } supportedActions { action }
  fulfillmentHolds { reason reasonNotes } lineItems(first: 10) { nodes { id remainingQuantity totalQuantity } }`;

describe("fulfillmentOrderHold / fulfillmentOrderReleaseHold", () => {
  it("holds a fulfilment order (ON_HOLD, only release and hold supported) and releases it", async () => {
    const { store, fo } = setup();
    const held = await queryData(
      store,
      `mutation($id: ID!) { fulfillmentOrderHold(id: $id, fulfillmentHold: { reason: INCORRECT_ADDRESS, reasonNotes: "calle" }) {
        fulfillmentHold { id reason } fulfillmentOrder { ${FO_FIELDS} } userErrors { field message code } } }`,
      { id: fo.id },
    );
    expect(held.fulfillmentOrderHold.userErrors).toEqual([]);
    expect(held.fulfillmentOrderHold.fulfillmentOrder).toMatchObject({
      status: "ON_HOLD",
      fulfillmentHolds: [{ reason: "INCORRECT_ADDRESS", reasonNotes: "calle" }],
      supportedActions: [{ action: "HOLD" }, { action: "RELEASE_HOLD" }],
    });
    const released = await queryData(
      store,
      `mutation($id: ID!) { fulfillmentOrderReleaseHold(id: $id) { fulfillmentOrder { status fulfillmentHolds { reason } } userErrors { message code } } }`,
      { id: fo.id },
    );
    expect(released.fulfillmentOrderReleaseHold).toEqual({
      fulfillmentOrder: { status: "OPEN", fulfillmentHolds: [] },
      userErrors: [],
    });
    const again = await queryData(
      store,
      `mutation($id: ID!) { fulfillmentOrderReleaseHold(id: $id) { fulfillmentOrder { id } userErrors { message } } }`,
      { id: fo.id },
    );
    expect(again.fulfillmentOrderReleaseHold.userErrors).toHaveLength(1);
    const missing = await queryData(
      store,
      `mutation { fulfillmentOrderHold(id: "gid://shopify/FulfillmentOrder/1", fulfillmentHold: { reason: OTHER }) { userErrors { code } } }`,
    );
    expect(missing.fulfillmentOrderHold.userErrors).toEqual([{ code: "FULFILLMENT_ORDER_NOT_FOUND" }]);
  });
});

describe("fulfillmentOrderSplit / fulfillmentOrderMerge / fulfillmentOrderMove", () => {
  it("splits units into a new fulfilment order, merges them into a new one, and moves it", async () => {
    const { store, fo, location } = setup();
    const taza = fo.lineItems.find((l) => l.sku === "TAZA-AZ")!;
    const split = await queryData(
      store,
      `mutation($id: ID!, $line: ID!) { fulfillmentOrderSplit(fulfillmentOrderSplits: [{ fulfillmentOrderId: $id,
        fulfillmentOrderLineItems: [{ id: $line, quantity: 2 }] }]) {
        fulfillmentOrderSplits { fulfillmentOrder { id lineItems(first: 5) { nodes { remainingQuantity } } }
          remainingFulfillmentOrder { id supportedActions { action } lineItems(first: 5) { nodes { remainingQuantity } } } }
        userErrors { code message } } }`,
      { id: fo.id, line: taza.id },
    );
    expect(split.fulfillmentOrderSplit.userErrors).toEqual([]);
    const [result] = split.fulfillmentOrderSplit.fulfillmentOrderSplits;
    expect(
      result.fulfillmentOrder.lineItems.nodes.map((n: { remainingQuantity: number }) => n.remainingQuantity),
    ).toEqual([1, 1]);
    expect(result.remainingFulfillmentOrder.lineItems.nodes).toEqual([{ remainingQuantity: 2 }]);
    expect(result.remainingFulfillmentOrder.supportedActions.map((a: { action: string }) => a.action)).toContain(
      "MERGE",
    );

    const tooMany = await queryData(
      store,
      `mutation($id: ID!, $line: ID!) { fulfillmentOrderSplit(fulfillmentOrderSplits: [{ fulfillmentOrderId: $id,
        fulfillmentOrderLineItems: [{ id: $line, quantity: 9 }] }]) { fulfillmentOrderSplits { fulfillmentOrder { id } } userErrors { code } } }`,
      { id: fo.id, line: taza.id },
    );
    expect(tooMany.fulfillmentOrderSplit).toEqual({
      fulfillmentOrderSplits: null,
      userErrors: [{ code: "INVALID_LINE_ITEM_QUANTITY" }],
    });

    const merged = await queryData(
      store,
      `mutation($a: ID!, $b: ID!) { fulfillmentOrderMerge(fulfillmentOrderMergeInputs: [{ mergeIntents: [
        { fulfillmentOrderId: $a }, { fulfillmentOrderId: $b }] }]) {
        fulfillmentOrderMerges { fulfillmentOrder { id status lineItems(first: 5) { nodes { remainingQuantity } } } } userErrors { code message } } }`,
      { a: fo.id, b: result.remainingFulfillmentOrder.id },
    );
    expect(merged.fulfillmentOrderMerge.userErrors).toEqual([]);
    const mergedFo = merged.fulfillmentOrderMerge.fulfillmentOrderMerges[0].fulfillmentOrder;
    expect(mergedFo.status).toBe("OPEN");
    expect(mergedFo.lineItems.nodes.map((n: { remainingQuantity: number }) => n.remainingQuantity)).toEqual([3, 1]);
    const closed = await queryData(
      store,
      `query($id: ID!) { fulfillmentOrder(id: $id) { status supportedActions { action } } }`,
      { id: fo.id },
    );
    expect(closed.fulfillmentOrder).toEqual({ status: "CLOSED", supportedActions: [] });

    const target = location("Tienda Centro");
    const moved = await queryData(
      store,
      `mutation($id: ID!, $to: ID!) { fulfillmentOrderMove(id: $id, newLocationId: $to) {
        movedFulfillmentOrder { id assignedLocation { location { id } } } originalFulfillmentOrder { id } userErrors { field message } } }`,
      { id: mergedFo.id, to: target },
    );
    expect(moved.fulfillmentOrderMove.userErrors).toEqual([]);
    expect(moved.fulfillmentOrderMove.movedFulfillmentOrder).toEqual({
      id: mergedFo.id,
      assignedLocation: { location: { id: target } },
    });
    // A closed fulfilment order cannot be moved.
    const refused = await queryData(
      store,
      `mutation($id: ID!, $to: ID!) { fulfillmentOrderMove(id: $id, newLocationId: $to) { movedFulfillmentOrder { id } userErrors { field message } } }`,
      { id: fo.id, to: target },
    );
    expect(refused.fulfillmentOrderMove.movedFulfillmentOrder).toBeNull();
    expect(refused.fulfillmentOrderMove.userErrors[0].message).toMatch(/closed/);
  });

  it("moves only what is unfulfilled: a part-shipped fulfilment order closes and a new one opens elsewhere", async () => {
    const { store, fo, location } = setup();
    const taza = fo.lineItems.find((l) => l.sku === "TAZA-AZ")!;
    await queryData(
      store,
      `mutation($id: ID!, $line: ID!) { fulfillmentCreate(fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: $id,
        fulfillmentOrderLineItems: [{ id: $line, quantity: 1 }] }] }) { userErrors { message } } }`,
      { id: fo.id, line: taza.id },
    );
    const moved = await queryData(
      store,
      `mutation($id: ID!, $to: ID!) { fulfillmentOrderMove(id: $id, newLocationId: $to) {
        movedFulfillmentOrder { id status lineItems(first: 5) { nodes { remainingQuantity } } } originalFulfillmentOrder { id status } userErrors { message } } }`,
      { id: fo.id, to: location("Tienda Centro") },
    );
    const payload = moved.fulfillmentOrderMove;
    expect(payload.originalFulfillmentOrder).toEqual({ id: fo.id, status: "CLOSED" });
    expect(payload.movedFulfillmentOrder.id).not.toBe(fo.id);
    expect(
      payload.movedFulfillmentOrder.lineItems.nodes.map((n: { remainingQuantity: number }) => n.remainingQuantity),
    ).toEqual([2, 1]);
  });
});

describe("orderCancel", () => {
  it("cancels: cancelledAt set, fulfilment orders cancelled, fulfillmentCreate then refused; a second cancel is an INVALID user error", async () => {
    const { store, order, fo } = setup();
    const cancel = `mutation($id: ID!) { orderCancel(orderId: $id, reason: CUSTOMER, restock: true, refundMethod: { originalPaymentMethodsRefund: true }) {
      job { done } orderCancelUserErrors { code message field } } }`;
    const first = await queryData(store, cancel, { id: order.admin_graphql_api_id });
    expect(first.orderCancel).toEqual({ job: { done: true }, orderCancelUserErrors: [] });
    const read = await queryData(
      store,
      `query($id: ID!) { order(id: $id) { cancelledAt displayFinancialStatus fulfillmentOrders(first: 5) { nodes { status } } } }`,
      { id: order.admin_graphql_api_id },
    );
    expect(read.order.cancelledAt).not.toBeNull();
    expect(read.order.fulfillmentOrders.nodes).toEqual([{ status: "CANCELLED" }]);
    const fulfil = await queryData(
      store,
      `mutation($id: ID!) { fulfillmentCreate(fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: $id }] }) { fulfillment { id } userErrors { message } } }`,
      { id: fo.id },
    );
    expect(fulfil.fulfillmentCreate.fulfillment).toBeNull();
    const second = await queryData(store, cancel, { id: order.admin_graphql_api_id });
    expect(second.orderCancel.orderCancelUserErrors[0].code).toBe("INVALID");
  });
});

describe("fulfillmentServiceUpdate", () => {
  it("changes the callback URL the notifications go to", async () => {
    const { store } = setup();
    const created = await queryData(
      store,
      `mutation { fulfillmentServiceCreate(name: "Envíos svc", callbackUrl: "https://app.example/fs") { fulfillmentService { id } } }`,
    );
    const id = created.fulfillmentServiceCreate.fulfillmentService.id as string;
    const updated = await queryData(
      store,
      `mutation($id: ID!) { fulfillmentServiceUpdate(id: $id, callbackUrl: "https://new.example/fs", trackingSupport: true) {
        fulfillmentService { callbackUrl trackingSupport } userErrors { message } } }`,
      { id },
    );
    expect(updated.fulfillmentServiceUpdate).toEqual({
      fulfillmentService: { callbackUrl: "https://new.example/fs", trackingSupport: true },
      userErrors: [],
    });
    const bad = await store.graphql(
      DOMAIN,
      `mutation { fulfillmentServiceUpdate(id: "gid://shopify/FulfillmentService/1", callbackUrl: "nope") { userErrors { message } } }`,
    );
    expect(bad.errors?.[0]?.message).toMatch(/Invalid url/);
  });
});

describe("fulfillmentServiceDelete", () => {
  async function serviceWithOrder() {
    const { store, location } = setup();
    const created = await queryData(
      store,
      `mutation { fulfillmentServiceCreate(name: "Envíos svc", callbackUrl: "https://app.example/fs", inventoryManagement: true) {
        fulfillmentService { id location { id name } } } }`,
    );
    const service = created.fulfillmentServiceCreate.fulfillmentService;
    const item = store.products
      .list(DOMAIN)
      .flatMap((p) => p.variants)
      .find((v) => v.sku === "TAZA-AZ")!.inventory_item_id;
    await queryData(
      store,
      `mutation($item: ID!, $loc: ID!, $key: String!) { inventoryActivate(inventoryItemId: $item, locationId: $loc, available: 5) @idempotent(key: $key) { userErrors { message } } }`,
      {
        item: `gid://shopify/InventoryItem/${item}`,
        loc: service.location.id,
        key: "activate-taza-az",
      },
    );
    const order = store.orders.createPaid(DOMAIN, {
      lineItems: [{ sku: "TAZA-AZ", quantity: 2, location: service.location.name }],
    });
    const fo = store.inspect(DOMAIN).fulfillmentOrders.find((f) => f.orderId === order.admin_graphql_api_id)!;
    return { store, service, fo, location };
  }
  const DELETE = `mutation($id: ID!, $to: ID, $action: FulfillmentServiceDeleteInventoryAction) {
    fulfillmentServiceDelete(id: $id, destinationLocationId: $to, inventoryAction: $action) { deletedId userErrors { field message } } }`;

  it("TRANSFER moves the service location's stock, commitments and open fulfilment orders to the merchant's location", async () => {
    const { store, service, fo, location } = await serviceWithOrder();
    const to = location("Tienda Centro");
    const refused = await queryData(store, DELETE, { id: service.id, action: "TRANSFER" });
    expect(refused.fulfillmentServiceDelete.userErrors[0].field).toEqual(["destinationLocationId"]);
    const deleted = await queryData(store, DELETE, { id: service.id, to, action: "TRANSFER" });
    expect(deleted.fulfillmentServiceDelete).toEqual({ deletedId: service.id, userErrors: [] });
    const after = store.inspect(DOMAIN);
    expect(after.fulfillmentOrders.find((f) => f.id === fo.id)).toMatchObject({
      locationId: to,
      requestStatus: "UNSUBMITTED",
    });
    const level = after.inventoryLevels.find((l) => l.locationId === to && l.sku === "TAZA-AZ")!;
    expect([level.available, level.committed]).toEqual([3, 2]);
    expect(after.locations.find((l) => l.id === service.location.id)!.isActive).toBe(false);
  });

  it("KEEP leaves the location active as a merchant location; no action deactivates it", async () => {
    const { store, service } = await serviceWithOrder();
    await queryData(store, DELETE, { id: service.id, action: "KEEP" });
    expect(store.inspect(DOMAIN).locations.find((l) => l.id === service.location.id)!.isActive).toBe(true);
    const other = await queryData(
      store,
      `mutation { fulfillmentServiceCreate(name: "Otro", callbackUrl: "https://app.example/fs2") { fulfillmentService { id location { id } } } }`,
    );
    await queryData(store, DELETE, { id: other.fulfillmentServiceCreate.fulfillmentService.id });
    const gone = other.fulfillmentServiceCreate.fulfillmentService.location.id;
    expect(store.inspect(DOMAIN).locations.find((l) => l.id === gone)!.isActive).toBe(false);
  });
});
