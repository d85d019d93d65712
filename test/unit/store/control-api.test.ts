import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { DOMAIN, demoStore, queryData } from "./store-fixture";

const SECRET = "control-secret";
const hmac = (body: string) => createHmac("sha256", SECRET).update(body, "utf8").digest("base64");

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A real HTTP app that records what the store POSTs to it. */
async function receiver(): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({
        path: req.url ?? "",
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString("utf8"),
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const TOPICS = [
  "orders/create",
  "orders/paid",
  "orders/cancelled",
  "orders/edited",
  "orders/updated",
  "refunds/create",
  "fulfillment_orders/order_routing_complete",
  "fulfillment_orders/placed_on_hold",
  "fulfillment_orders/hold_released",
  "fulfillment_orders/split",
  "fulfillment_orders/merged",
  "fulfillment_orders/moved",
  "fulfillment_orders/cancelled",
  "fulfillment_orders/fulfillment_request_submitted",
  "fulfillment_orders/cancellation_request_submitted",
];

/** The store over HTTP with two locations and an app subscribed to every topic. */
async function setup() {
  const { store, clock } = demoStore({ locations: [{ name: "Almacén svc" }, { name: "Tienda Centro" }] });
  const server = await store.listen(0);
  closers.push(() => server.close());
  const app = await receiver();
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}/__sandbox/shops/${DOMAIN}${path}`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, body: (await response.json()) as any };
  };
  const registered = await call("PUT", "/app", {
    secret: SECRET,
    appUrl: app.url,
    webhooks: TOPICS.map((topic) => ({ topic, uri: `/webhooks/${topic}` })),
  });
  expect(registered).toEqual({ status: 200, body: { ok: true } });
  const topicsReceived = () => app.received.map((r) => r.headers["x-shopify-topic"]);
  return { store, clock, call, app, topicsReceived };
}

describe("control API: orders routed to locations", () => {
  it("opens one fulfilment order per location and delivery method and sends signed order and routing webhooks", async () => {
    // GIVEN an app subscribed to every topic
    const { call, app, topicsReceived } = await setup();
    // WHEN the merchant's buyer pays for lines at two locations, one of them a pickup
    const created = await call("POST", "/orders", {
      lineItems: [
        { sku: "TAZA-AZ", quantity: 2, location: "Almacén svc" },
        { sku: "JAB-LAV", quantity: 1, location: "Tienda Centro" },
        { sku: "TAZA-AZ", quantity: 1, location: "Tienda Centro", deliveryMethod: "PICK_UP" },
      ],
    });
    // THEN three fulfilment orders exist, each where and how it was routed
    expect(created.status).toBe(201);
    const fos = created.body.fulfillmentOrders as Array<{
      locationName: string;
      deliveryMethod: string;
      status: string;
    }>;
    expect(fos.map((fo) => [fo.locationName, fo.deliveryMethod, fo.status])).toEqual([
      ["Almacén svc", "SHIPPING", "OPEN"],
      ["Tienda Centro", "SHIPPING", "OPEN"],
      ["Tienda Centro", "PICK_UP", "OPEN"],
    ]);
    // AND the app got orders/create, orders/paid and one routing notice per fulfilment order, each signed
    expect(topicsReceived()).toEqual([
      "orders/create",
      "orders/paid",
      ...fos.map(() => "fulfillment_orders/order_routing_complete"),
    ]);
    for (const request of app.received) {
      expect(request.headers["x-shopify-hmac-sha256"]).toBe(hmac(request.body));
      expect(request.headers["x-shopify-shop-domain"]).toBe(DOMAIN);
      expect(request.path).toBe(`/webhooks/${request.headers["x-shopify-topic"]}`);
    }
    expect(JSON.parse(app.received[1]!.body).admin_graphql_api_id).toBe(created.body.order.admin_graphql_api_id);
    expect(created.body.deliveries.map((d: { status: number }) => d.status)).toEqual(
      fos.map(() => 200).concat(200, 200),
    );
  });

  it("changes the store without sending anything when asked not to deliver (a lost webhook)", async () => {
    const { call, app } = await setup();
    const created = await call("POST", "/orders", { lineItems: [{ sku: "TAZA-AZ", quantity: 1 }], deliver: false });
    expect(created.status).toBe(201);
    expect(app.received).toEqual([]);
    expect((await call("GET", `/orders/${created.body.order.id}`)).body.fulfillmentOrders).toHaveLength(1);
  });

  it("answers 400 naming the field, 404 for unknown things, 409 for what Shopify refuses", async () => {
    const { call } = await setup();
    expect(await call("POST", "/orders", { lineItems: [] })).toEqual({
      status: 400,
      body: { error: "lineItems must be a non-empty array" },
    });
    expect(
      (await call("POST", "/orders", { lineItems: [{ sku: "TAZA-AZ", quantity: 1, deliveryMethod: "DRONE" }] })).body
        .error,
    ).toMatch(/lineItems\[0\]\.deliveryMethod/);
    expect((await call("POST", "/orders", { lineItems: [{ sku: "NOPE", quantity: 1 }] })).status).toBe(404);
    expect((await call("POST", "/orders/999/cancel", {})).status).toBe(404);
    expect((await call("POST", "/fulfillment_orders/1/hold", {})).status).toBe(404);
    const created = await call("POST", "/orders", { lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
    const fo = created.body.fulfillmentOrders[0].id as string;
    expect((await call("POST", `/fulfillment_orders/${encodeURIComponent(fo)}/release_hold`, {})).status).toBe(409);
    expect(
      (await call("POST", `/orders/${created.body.order.id}/refund`, { lines: { "TAZA-AZ": 0 } })).body.error,
    ).toMatch(/lines\.TAZA-AZ/);
    expect((await call("POST", "/nothing-here", {})).status).toBe(404);
    expect(
      (await call("PUT", "/app", { secret: "x", webhooks: [{ topic: "orders/paid", uri: "relative" }] })).status,
    ).toBe(400);
  });
});

describe("control API: lifecycle after payment", () => {
  it("holds and releases a fulfilment order, with the hold in the payload and the state in GraphQL", async () => {
    const { store, call, app } = await setup();
    const created = await call("POST", "/orders", { lineItems: [{ sku: "TAZA-AZ", quantity: 1 }], deliver: false });
    const fo = created.body.fulfillmentOrders[0].id as string;
    const held = await call("POST", `/fulfillment_orders/${numeric(fo)}/hold`, {
      reason: "HIGH_RISK_OF_FRAUD",
      notes: "check",
    });
    expect(held.status).toBe(200);
    expect(held.body.fulfillmentOrders[0].status).toBe("ON_HOLD");
    const payload = JSON.parse(app.received.at(-1)!.body);
    expect(app.received.at(-1)!.headers["x-shopify-topic"]).toBe("fulfillment_orders/placed_on_hold");
    expect(payload.created_fulfillment_hold).toMatchObject({ reason: "high_risk_of_fraud", reason_notes: "check" });
    const data = await queryData(
      store,
      `query($id: ID!) { fulfillmentOrder(id: $id) { status fulfillmentHolds { reason } } }`,
      { id: fo },
    );
    expect(data.fulfillmentOrder).toEqual({ status: "ON_HOLD", fulfillmentHolds: [{ reason: "HIGH_RISK_OF_FRAUD" }] });
    const released = await call("POST", `/fulfillment_orders/${numeric(fo)}/release_hold`, {});
    expect(released.body.fulfillmentOrders[0].status).toBe("OPEN");
    expect(app.received.at(-1)!.headers["x-shopify-topic"]).toBe("fulfillment_orders/hold_released");
  });

  it("moves the order's updated_at on each change, so orders(query: updated_at) finds it, page by page", async () => {
    const { store, clock, call } = await setup();
    const first = await call("POST", "/orders", { lineItems: [{ sku: "TAZA-AZ", quantity: 1 }], deliver: false });
    await call("POST", "/orders", { lineItems: [{ sku: "TAZA-AZ", quantity: 1 }], deliver: false });
    clock.advance(60_000);
    const since = new Date(clock.now()).toISOString();
    clock.advance(60_000);
    await call("POST", `/fulfillment_orders/${numeric(first.body.fulfillmentOrders[0].id)}/hold`, {});
    const page = `query($q: String!, $after: String) { orders(first: 1, after: $after, query: $q, sortKey: UPDATED_AT) {
      nodes { id updatedAt } pageInfo { hasNextPage endCursor } } }`;
    const changed = await queryData(store, page, { q: `updated_at:>'${since}'` });
    expect(changed.orders.nodes.map((n: { id: string }) => n.id)).toEqual([first.body.order.admin_graphql_api_id]);
    expect(changed.orders.pageInfo.hasNextPage).toBe(false);
    const all = await queryData(store, page, { q: "financial_status:paid" });
    expect(all.orders.pageInfo.hasNextPage).toBe(true);
  });

  it("cancels an order: fulfilment orders cancelled, orders/cancelled sent, a second cancel refused", async () => {
    const { store, call, topicsReceived } = await setup();
    const created = await call("POST", "/orders", { lineItems: [{ sku: "TAZA-AZ", quantity: 2 }], deliver: false });
    const cancelled = await call("POST", `/orders/${created.body.order.id}/cancel`, { reason: "FRAUD" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.order.cancelled_at).not.toBeNull();
    expect(cancelled.body.order.cancel_reason).toBe("fraud");
    expect(cancelled.body.fulfillmentOrders[0]).toMatchObject({ status: "CANCELLED" });
    expect(topicsReceived()).toEqual(["orders/cancelled", "fulfillment_orders/cancelled", "orders/updated"]);
    const data = await queryData(store, `query($id: ID!) { order(id: $id) { cancelledAt displayFinancialStatus } }`, {
      id: created.body.order.admin_graphql_api_id,
    });
    expect(data.order.cancelledAt).not.toBeNull();
    expect(data.order.displayFinancialStatus).toBe("REFUNDED");
    expect((await call("POST", `/orders/${created.body.order.id}/cancel`, {})).status).toBe(409);
  });

  it("refunds unshipped units: they leave the fulfilment order and refunds/create is sent", async () => {
    const { call, app } = await setup();
    const created = await call("POST", "/orders", {
      lineItems: [
        { sku: "TAZA-AZ", quantity: 3 },
        { sku: "JAB-LAV", quantity: 1 },
      ],
      deliver: false,
    });
    const refunded = await call("POST", `/orders/${created.body.order.id}/refund`, {
      lines: { "TAZA-AZ": 2, "JAB-LAV": 1 },
    });
    expect(refunded.status).toBe(200);
    const lines = refunded.body.fulfillmentOrders[0].lineItems as Array<{ sku: string; remainingQuantity: number }>;
    expect(lines.map((l) => [l.sku, l.remainingQuantity])).toEqual([["TAZA-AZ", 1]]);
    expect(refunded.body.order.financial_status).toBe("partially_refunded");
    expect(app.received[0]!.headers["x-shopify-topic"]).toBe("refunds/create");
    expect(JSON.parse(app.received[0]!.body).refund_line_items.map((l: { quantity: number }) => l.quantity)).toEqual([
      2, 1,
    ]);
    expect((await call("POST", `/orders/${created.body.order.id}/refund`, { lines: { "TAZA-AZ": 2 } })).status).toBe(
      409,
    );
  });

  it("edits an order: removed and added lines change the fulfilment order and orders/edited is sent", async () => {
    const { call, topicsReceived } = await setup();
    const created = await call("POST", "/orders", {
      lineItems: [
        { sku: "TAZA-AZ", quantity: 2 },
        { sku: "JAB-LAV", quantity: 1 },
      ],
      deliver: false,
    });
    const edited = await call("POST", `/orders/${created.body.order.id}/edit`, {
      quantities: { "JAB-LAV": 0 },
      add: [{ sku: "TAZA-AZ", quantity: 1 }],
    });
    expect(edited.status).toBe(200);
    const lines = edited.body.fulfillmentOrders[0].lineItems as Array<{ sku: string; remainingQuantity: number }>;
    expect(lines.map((l) => [l.sku, l.remainingQuantity])).toEqual([
      ["TAZA-AZ", 2],
      ["JAB-LAV", 0],
      ["TAZA-AZ", 1],
    ]);
    expect(edited.body.payload.order_edit.line_items.removals).toHaveLength(1);
    expect(topicsReceived()).toEqual(["orders/edited", "orders/updated"]);
  });

  it("splits, merges back into a new fulfilment order, and moves it to another location", async () => {
    const { store, call, topicsReceived } = await setup();
    const created = await call("POST", "/orders", { lineItems: [{ sku: "TAZA-AZ", quantity: 3 }], deliver: false });
    const original = created.body.fulfillmentOrders[0].id as string;
    const split = await call("POST", `/fulfillment_orders/${numeric(original)}/split`, { lines: { "TAZA-AZ": 1 } });
    expect(
      split.body.fulfillmentOrders.map(
        (fo: { lineItems: { remainingQuantity: number }[] }) => fo.lineItems[0]!.remainingQuantity,
      ),
    ).toEqual([2, 1]);
    const ids = split.body.fulfillmentOrders.map((fo: { id: string }) => fo.id) as string[];
    const merged = await call("POST", "/fulfillment_orders/merge", { ids });
    expect(merged.status).toBe(200);
    const after = merged.body.fulfillmentOrders as Array<{
      id: string;
      status: string;
      lineItems: { remainingQuantity: number }[];
    }>;
    expect(after.map((fo) => fo.status)).toEqual(["CLOSED", "CLOSED", "OPEN"]);
    const mergedId = after[2]!.id;
    expect(merged.body.payload.fulfillment_order_merges[0].fulfillment_order.id).toBe(mergedId);
    expect(after[2]!.lineItems[0]!.remainingQuantity).toBe(3);
    const target = store.inspect(DOMAIN).locations.find((l) => l.name === "Tienda Centro")!.id;
    const moved = await call("POST", `/fulfillment_orders/${numeric(mergedId)}/move`, { locationId: target });
    expect(moved.status).toBe(200);
    expect(moved.body.payload.source_location.id).not.toBe(target);
    expect(moved.body.payload.moved_fulfillment_order.assigned_location_id).toBe(target);
    expect(topicsReceived()).toEqual([
      "fulfillment_orders/split",
      "fulfillment_orders/merged",
      "fulfillment_orders/moved",
    ]);
    // A closed fulfilment order can be neither merged nor moved.
    expect((await call("POST", "/fulfillment_orders/merge", { ids: ids })).status).toBe(409);
    expect((await call("POST", `/fulfillment_orders/${numeric(ids[0]!)}/move`, { locationId: target })).status).toBe(
      409,
    );
  });
});

describe("control API: fulfilment-service requests", () => {
  it("submits a fulfilment request: SUBMITTED, Shopify's signed notification at the callback, and the webhook", async () => {
    const { store, call, app } = await setup();
    const service = await queryData(
      store,
      `mutation($url: URL!) { fulfillmentServiceCreate(name: "Envíos svc", callbackUrl: $url, inventoryManagement: true) {
        fulfillmentService { location { id name } } userErrors { message } } }`,
      { url: `${app.url}/fulfillment-service` },
    );
    const location = service.fulfillmentServiceCreate.fulfillmentService.location.name as string;
    const created = await call("POST", "/orders", {
      lineItems: [{ sku: "TAZA-AZ", quantity: 1, location }],
      deliver: false,
    });
    const fo = created.body.fulfillmentOrders[0].id as string;
    const requested = await call("POST", `/fulfillment_orders/${numeric(fo)}/request_fulfillment`, {
      message: "pronto",
    });
    expect(requested.status).toBe(200);
    expect(requested.body.fulfillmentOrders[0].requestStatus).toBe("SUBMITTED");
    expect(requested.body.notification).toEqual({ status: 200 });
    const notification = app.received.find((r) => r.path === "/fulfillment-service/fulfillment_order_notification")!;
    expect(JSON.parse(notification.body)).toEqual({ kind: "FULFILLMENT_REQUEST" });
    expect(notification.headers["x-shopify-hmac-sha256"]).toBe(hmac(notification.body));
    expect(notification.headers["x-shopify-shop-domain"]).toBe(DOMAIN);
    const webhook = app.received.find(
      (r) => r.headers["x-shopify-topic"] === "fulfillment_orders/fulfillment_request_submitted",
    )!;
    expect(JSON.parse(webhook.body).fulfillment_order_merchant_request.message).toBe("pronto");
    const assigned = await queryData(
      store,
      `{ assignedFulfillmentOrders(first: 10, assignmentStatus: FULFILLMENT_REQUESTED) { nodes { id } } }`,
    );
    expect(assigned.assignedFulfillmentOrders.nodes).toEqual([{ id: fo }]);
    // The service accepts; then the merchant asks to cancel.
    await queryData(
      store,
      `mutation($id: ID!) { fulfillmentOrderAcceptFulfillmentRequest(id: $id) { userErrors { message } } }`,
      { id: fo },
    );
    const cancelling = await call("POST", `/fulfillment_orders/${numeric(fo)}/request_cancellation`, {});
    expect(cancelling.body.fulfillmentOrders[0].requestStatus).toBe("CANCELLATION_REQUESTED");
    expect(
      JSON.parse(app.received.filter((r) => r.path.endsWith("/fulfillment_order_notification")).at(-1)!.body),
    ).toEqual({
      kind: "CANCELLATION_REQUEST",
    });
    // A fulfilment order at a merchant location cannot be requested from a service.
    const own = await call("POST", "/orders", { lineItems: [{ sku: "TAZA-AZ", quantity: 1 }], deliver: false });
    expect(
      (await call("POST", `/fulfillment_orders/${numeric(own.body.fulfillmentOrders[0].id)}/request_fulfillment`, {}))
        .status,
    ).toBe(409);
  });
});

describe("control API: late redelivery", () => {
  it("sends an old payload again with its original event id, webhook id and trigger time", async () => {
    const { call, clock, app } = await setup();
    const created = await call("POST", "/orders", { lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
    const paid = app.received.find((r) => r.headers["x-shopify-topic"] === "orders/paid")!;
    // The order is cancelled later; then Shopify redelivers the old orders/paid.
    clock.advance(3_600_000);
    await call("POST", `/orders/${created.body.order.id}/cancel`, {});
    const redelivered = await call("POST", `/deliveries/${paid.headers["x-shopify-event-id"]}/redeliver`, {});
    expect(redelivered.status).toBe(200);
    const late = app.received.at(-1)!;
    expect(late.body).toBe(paid.body);
    expect(JSON.parse(late.body).cancelled_at).toBeNull();
    for (const header of [
      "x-shopify-topic",
      "x-shopify-event-id",
      "x-shopify-webhook-id",
      "x-shopify-triggered-at",
      "x-shopify-hmac-sha256",
    ])
      expect(late.headers[header]).toBe(paid.headers[header]);
    const log = (await call("GET", "/deliveries")).body.deliveries as Array<{ redelivery: boolean }>;
    expect(log.filter((d) => d.redelivery)).toHaveLength(1);
    expect((await call("POST", "/deliveries/unknown-event/redeliver", {})).status).toBe(404);
  });
});

function numeric(gid: string): string {
  return gid.split("/").pop()!;
}

describe("control API: app holds and a corrected shipping address", () => {
  const HOLD = `mutation($id: ID!, $handle: String) { fulfillmentOrderHold(id: $id, fulfillmentHold: {
    reason: INCORRECT_ADDRESS, reasonNotes: "Falta el número exterior", handle: $handle }) {
    fulfillmentHold { id handle heldByRequestingApp heldByApp { id } } userErrors { code field } } }`;
  const RELEASE = `mutation($id: ID!, $holdIds: [ID!]) { fulfillmentOrderReleaseHold(id: $id, holdIds: $holdIds) {
    fulfillmentOrder { status fulfillmentHolds { id handle heldByRequestingApp } } userErrors { code } } }`;

  it("an app's hold carries its handle, a second with the same handle is refused, and ten is the limit", async () => {
    const { store, call, topicsReceived } = await setup();
    const created = await call("POST", "/orders", { lineItems: [{ sku: "TAZA-AZ", quantity: 1 }], deliver: false });
    const fo = created.body.fulfillmentOrders[0].id as string;
    // The merchant's own hold first: not the app's
    await call("POST", `/fulfillment_orders/${numeric(fo)}/hold`, { reason: "OTHER", deliver: false });
    const held = await queryData(store, HOLD, { id: fo, handle: "svc-address" });
    expect(held.fulfillmentOrderHold.userErrors).toEqual([]);
    expect(held.fulfillmentOrderHold.fulfillmentHold).toMatchObject({
      handle: "svc-address",
      heldByRequestingApp: true,
      heldByApp: { id: expect.stringMatching(/^gid:\/\/shopify\/App\/\d+$/) },
    });
    await store.control.webhooksIdle();
    // The app's mutation sends the same signed webhook as the merchant's hold
    expect(topicsReceived()).toEqual(["fulfillment_orders/placed_on_hold"]);
    const again = await queryData(store, HOLD, { id: fo, handle: "svc-address" });
    expect(again.fulfillmentOrderHold).toEqual({
      fulfillmentHold: null,
      userErrors: [{ code: "DUPLICATE_FULFILLMENT_HOLD_HANDLE", field: ["fulfillmentHold", "handle"] }],
    });
    for (let n = 3; n <= 10; n++) {
      const more = await queryData(store, HOLD, { id: fo, handle: `h${n}` });
      expect(more.fulfillmentOrderHold.userErrors).toEqual([]);
    }
    const eleventh = await queryData(store, HOLD, { id: fo, handle: "h11" });
    expect(eleventh.fulfillmentOrderHold.userErrors).toEqual([
      { code: "FULFILLMENT_ORDER_HOLD_LIMIT_REACHED", field: ["fulfillmentHold", "handle"] },
    ]);
    expect(store.inspect(DOMAIN).fulfillmentOrders.find((f) => f.id === fo)!.holds).toHaveLength(10);
  });

  it("releases only the hold ids given; the fulfilment order opens when the last hold goes", async () => {
    const { store, call, topicsReceived } = await setup();
    const created = await call("POST", "/orders", { lineItems: [{ sku: "TAZA-AZ", quantity: 1 }], deliver: false });
    const fo = created.body.fulfillmentOrders[0].id as string;
    const merchant = await call("POST", `/fulfillment_orders/${numeric(fo)}/hold`, { deliver: false });
    const merchantHold = merchant.body.fulfillmentOrders[0].holds[0].id as string;
    const held = await queryData(store, HOLD, { id: fo, handle: "svc-address" });
    const appHold = held.fulfillmentOrderHold.fulfillmentHold.id as string;
    const released = await queryData(store, RELEASE, { id: fo, holdIds: [appHold] });
    expect(released.fulfillmentOrderReleaseHold).toEqual({
      fulfillmentOrder: {
        status: "ON_HOLD",
        fulfillmentHolds: [{ id: merchantHold, handle: expect.any(String), heldByRequestingApp: false }],
      },
      userErrors: [],
    });
    const last = await queryData(store, RELEASE, { id: fo, holdIds: [merchantHold] });
    expect(last.fulfillmentOrderReleaseHold.fulfillmentOrder).toEqual({ status: "OPEN", fulfillmentHolds: [] });
    await store.control.webhooksIdle();
    expect(topicsReceived()).toEqual([
      "fulfillment_orders/placed_on_hold",
      "fulfillment_orders/hold_released",
      "fulfillment_orders/hold_released",
    ]);
  });

  it("changes an order's shipping address: GraphQL shows it and orders/updated is sent", async () => {
    const { store, call, app } = await setup();
    const created = await call("POST", "/orders", {
      lineItems: [{ sku: "TAZA-AZ", quantity: 1 }],
      shippingAddress: { address1: "Av. Juárez", zip: "06000" },
      deliver: false,
    });
    const changed = await call("PUT", `/orders/${created.body.order.id}/shipping_address`, {
      address: { address1: "Av. Juárez 15" },
    });
    expect(changed.status).toBe(200);
    expect(app.received.map((r) => r.headers["x-shopify-topic"])).toEqual(["orders/updated"]);
    expect(JSON.parse(app.received[0]!.body).shipping_address).toMatchObject({
      address1: "Av. Juárez 15",
      zip: "06000",
    });
    const data = await queryData(
      store,
      `query($id: ID!) { fulfillmentOrder(id: $id) { destination { address1 zip } } }`,
      { id: created.body.fulfillmentOrders[0].id },
    );
    expect(data.fulfillmentOrder.destination).toEqual({ address1: "Av. Juárez 15", zip: "06000" });
    expect(
      (await call("PUT", `/orders/${created.body.order.id}/shipping_address`, { address: { zip: 6000 } })).status,
    ).toBe(400);
  });
});
