// Pedidos' loader and action as the embedded admin calls them: search by order name (the order
// page's block links to /app/orders?q=#1001), the status filter, each record's timeline, bulk
// retry with a result per record; bad input answers 400 naming the field; another shop's records
// are never listed, counted nor retried.
import { reason, reasonRecord, type ReasonMessage } from "~/fulfillment/core/reason-codes";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { action, loader, type OrdersPageData } from "~/routes/app.orders/route";
import { storeOfflineSession } from "../../helpers/sessions";
import { bearerRequest, sessionTokenRequest } from "../../helpers/shopify-requests";
import { SHOP, clearFulfilments, startHarness, type Harness } from "./support/harness";
import { routeContext } from "../../helpers/app-services";

const OTHER = "otra-tienda.myshopify.com";
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await storeOfflineSession(prisma, SHOP);
  await prisma.shop.upsert({ where: { domain: OTHER }, create: { domain: OTHER }, update: {} });
});
afterAll(() => h.close());
beforeEach(() => clearFulfilments(h));

function loaderAt(path: string) {
  return sessionTokenRequest(path, SHOP).then((request) => loader({ request, params: {}, context: routeContext() }));
}

/** The page for a valid URL (a plain object; a wrong one comes wrapped in a 400). */
async function load(path: string) {
  const answer = await loaderAt(path);
  if ("init" in answer) throw new Error(`${path} was refused: ${JSON.stringify(answer.data.invalid)}`);
  return answer as OrdersPageData;
}

async function post(form: [string, string][]) {
  const request = await bearerRequest("/app/orders", SHOP, { method: "POST", body: new URLSearchParams(form) });
  return action({ request, params: {}, context: routeContext() });
}

let n = 0;
async function record(shop: string, orderName: string, status: string, extra: Record<string, unknown> = {}) {
  n += 1;
  return prisma.fulfillment.create({
    data: {
      shop,
      shopifyOrderId: `${shop}-${orderName}`,
      orderGid: `gid://shopify/Order/${n}`,
      orderName,
      status,
      fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${n}`,
      ...extra,
    },
  });
}

describe("finding orders", () => {
  it("finds an order by its name with or without the #, as the order page's link sends it", async () => {
    await record(SHOP, "#1001", "shipped");
    await record(SHOP, "#1002", "needs_attention");
    await record(SHOP, "#2001", "submitted");
    await record(OTHER, "#1001", "needs_attention");

    for (const path of ["/app/orders?q=%231001", "/app/orders?q=1001", "/app/orders?q=%20%231001%20"]) {
      const page = await load(path);
      expect(
        page.rows.map((r) => [r.orderName, r.status]),
        path,
      ).toEqual([["#1001", "shipped"]]);
    }
    expect(new Set((await load("/app/orders?q=%23100")).rows.map((r) => r.orderName))).toEqual(
      new Set(["#1001", "#1002"]),
    );
    expect((await load("/app/orders?q=%239999")).rows).toEqual([]);
  });

  it("finds an order by its tracking number or the service's order id, in any case", async () => {
    await record(SHOP, "#1001", "shipped", { svcOrderId: "SVC-7781", trackingNumber: "1Z999AA10123456784" });
    await record(SHOP, "#1002", "submitted", { svcOrderId: "SVC-9902" });
    await record(OTHER, "#1003", "shipped", { svcOrderId: "SVC-7781", trackingNumber: "1Z999AA10123456784" });
    for (const q of ["1Z999AA10123456784", "1z999aa1012", "svc-7781", " SVC-7781 "]) {
      expect((await load(`/app/orders?q=${encodeURIComponent(q)}`)).rows.map((r) => r.orderName), q).toEqual(["#1001"]);
    }
    expect((await load("/app/orders?q=SVC-99")).rows.map((r) => r.orderName)).toEqual(["#1002"]);
  });

  it("filters by status, combined with the search; counts stay per status over all the shop's records", async () => {
    await record(SHOP, "#1001", "needs_attention");
    await record(SHOP, "#1002", "needs_attention");
    await record(SHOP, "#2002", "shipped");
    await record(OTHER, "#1003", "needs_attention");

    const attention = await load("/app/orders?status=needs_attention");
    expect(attention.rows.map((r) => r.orderName).sort()).toEqual(["#1001", "#1002"]);
    expect(attention.counts).toMatchObject({ needs_attention: 2, shipped: 1, submitted: 0 });
    expect(attention.query).toEqual({ status: "needs_attention", q: "", page: 1 });
    expect((await load("/app/orders?status=needs_attention&q=1002")).rows.map((r) => r.orderName)).toEqual(["#1002"]);
    expect((await load("/app/orders?status=delivered")).rows).toEqual([]);
  });

  it("answers an unknown status or an overlong search with 400 naming the field, and the unfiltered page", async () => {
    await record(SHOP, "#1001", "shipped");
    await record(OTHER, "#1002", "shipped");
    expect(await loaderAt("/app/orders?status=perdido")).toMatchObject({
      data: {
        invalid: { field: "status", error: expect.stringContaining("perdido"), params: { value: "perdido" } },
        query: { status: null, q: "", page: 1 },
        rows: [expect.objectContaining({ orderName: "#1001" })],
      },
      init: { status: 400 },
    });
    expect(await loaderAt(`/app/orders?q=${"1".repeat(101)}`)).toMatchObject({
      data: { invalid: { field: "q", params: { max: "100" } } },
      init: { status: 400 },
    });
  });
});

describe("pages of records", () => {
  it("lists 50 records a page, newest first, with how many match across pages", async () => {
    for (let i = 1; i <= 60; i++) {
      await record(SHOP, `#${2000 + i}`, i % 2 ? "needs_attention" : "shipped", {
        createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)),
      });
    }
    const first = await load("/app/orders");
    const second = await load("/app/orders?page=2");
    expect([first.rows.length, second.rows.length, first.matching]).toEqual([50, 10, 60]);
    expect(first.rows[0]!.orderName).toBe("#2060");
    expect(second.rows.at(-1)!.orderName).toBe("#2001");
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(60);
    expect((await load("/app/orders?status=needs_attention&page=1")).matching).toBe(30);
    expect(await loaderAt("/app/orders?page=0")).toMatchObject({
      data: { invalid: { field: "page" } },
      init: { status: 400 },
    });
  });
});

describe("a record's timeline", () => {
  it("starts with the paid-order webhook and reads each recorded step as a code the page translates", async () => {
    const created = await record(SHOP, "#1001", "shipped", {
      shopifyOrderId: "1001",
      svcOrderId: "svc-1",
      trackingNumber: "794612345678",
    });
    await prisma.shopifyOrder.create({
      data: {
        shop: SHOP,
        shopifyOrderId: "1001",
        orderGid: created.orderGid,
        orderName: "#1001",
        createdAt: new Date("2026-11-20T10:00:00Z"),
      },
    });
    // As the engine records them: a code with parameters, and the English record beside it.
    const step = (minute: number, fromStatus: string | null, toStatus: string, message: ReasonMessage | null) =>
      prisma.fulfillmentEvent.create({
        data: {
          fulfillmentId: created.id,
          at: new Date(Date.UTC(2026, 10, 20, 10, minute)),
          fromStatus,
          toStatus,
          detail: message ? reasonRecord(message) : "a sentence written before codes, no pattern knew",
          detailCode: message?.code ?? null,
          detailParams: message?.params ?? {},
        },
      });
    await step(1, null, "pending", reason("readyToSend"));
    await step(
      2,
      "pending",
      "submitting",
      reason("sending", { attempt: "1", service: "EXPRESS", products: "PLATO-GR × 2" }),
    );
    await step(3, "submitting", "needs_attention", reason("serviceRefused", { said: "dirección incompleta" }));
    await step(4, "needs_attention", "pending", reason("merchantRetriedRead"));
    await step(5, "pending", "submitted", reason("serviceOrder", { order: "svc-1" }));
    await step(6, "submitted", "shipped", reason("trackingChanged", { tracking: "ESTAFETA 794612345678" }));
    await step(7, "shipped", "shipped", null);

    const [row] = (await load("/app/orders?q=1001")).rows;
    expect(row!.receivedAt).toBe("2026-11-20T10:00:00.000Z");
    expect(row!.timeline.map((e) => [e.kind, e.to, e.message?.code ?? null])).toEqual([
      ["webhook", "pending", "received"],
      ["submission", "pending", "readyToSend"],
      ["submission", "submitting", "sending"],
      ["attention", "needs_attention", "serviceRefused"],
      ["merchant", "pending", "merchantRetriedRead"],
      ["submission", "submitted", "serviceOrder"],
      ["tracking", "shipped", "trackingChanged"],
      ["service", "shipped", null],
    ]);
    expect(row!.timeline[3]!.message?.params).toEqual({ said: "dirección incompleta" });
    expect(row!.timeline[7]!.message).toBeNull();
  });

  it("gives the engine's own reasons a code: a refusal for stock and a skipped test order", async () => {
    await h.control("POST", "/__sandbox/stock", { sku: "PLATO-GR", units: 0 });
    const refused = h.paidOrder({ lineItems: [{ sku: "PLATO-GR", quantity: 2 }] });
    await h.deliver(refused);
    const test = h.paidOrder({ test: true });
    await h.deliver(test);
    await h.worker().runOnce();
    const { rows } = await load("/app/orders");
    const byName = new Map(rows.map((r) => [r.orderName, r]));
    expect(byName.get(refused.name)).toMatchObject({
      status: "awaiting_stock",
      reasonMessage: { code: "awaitingStock", params: { missing: "PLATO-GR × 2" } },
    });
    expect(byName.get(test.name)).toMatchObject({ status: "skipped", reasonMessage: { code: "testOrder" } });
    // The webhook that made the app follow each order is on its timeline.
    expect(byName.get(refused.name)!.timeline[0]).toMatchObject({ kind: "webhook", message: { code: "received" } });
  });
});

describe("bulk retry", () => {
  it("retries each selected record on its own and reports a result per record", async () => {
    const a = await record(SHOP, "#1001", "needs_attention", {
      reason: "the service refused the order: x",
      reasonCode: "serviceRefused",
      reasonParams: { said: "x" },
    });
    const b = await record(SHOP, "#1002", "skipped", {
      reason: "test order, and the shop's settings skip test orders",
      reasonCode: "testOrder",
    });
    const moving = await record(SHOP, "#1003", "shipped");
    const foreign = await record(OTHER, "#1004", "needs_attention");

    const answer = await post([
      ["intent", "retry-many"],
      ["fulfillmentId", a.id],
      ["fulfillmentId", b.id],
      ["fulfillmentId", moving.id],
      ["fulfillmentId", foreign.id],
      ["fulfillmentId", a.id],
    ]);
    expect(answer).toEqual({
      kind: "bulk",
      results: [
        expect.objectContaining({
          id: a.id,
          orderName: "#1001",
          ok: true,
          code: "willSend",
          params: { order: "#1001" },
        }),
        expect.objectContaining({ id: b.id, orderName: "#1002", ok: true, code: "willSend" }),
        expect.objectContaining({
          id: moving.id,
          ok: false,
          code: "notRetryable",
          params: { order: "#1003", status: "shipped" },
        }),
        // Another shop's record is not named, not touched: as if it did not exist.
        expect.objectContaining({ id: foreign.id, orderName: null, ok: false, code: "notFound" }),
      ],
    });
    const status = async (id: string) => (await prisma.fulfillment.findUniqueOrThrow({ where: { id } })).status;
    expect([await status(a.id), await status(b.id), await status(moving.id), await status(foreign.id)]).toEqual([
      "pending",
      "pending",
      "shipped",
      "needs_attention",
    ]);
    const events = await prisma.fulfillmentEvent.findMany({ where: { fulfillmentId: { in: [a.id, b.id] } } });
    expect(events.map((e) => e.detail)).toEqual([
      "retried by the merchant: reading the order from Shopify again",
      "retried by the merchant: reading the order from Shopify again",
    ]);
  });

  it("answers 400 naming the field for no selection, a malformed id or too many, and changes nothing", async () => {
    const a = await record(SHOP, "#1001", "needs_attention");
    const cases: [string, string][][] = [
      [["intent", "retry-many"]],
      [
        ["intent", "retry-many"],
        ["fulfillmentId", a.id],
        ["fulfillmentId", "1; DROP TABLE"],
      ],
      [
        ["intent", "retry-many"],
        ...Array.from(
          { length: 101 },
          (_, i) => ["fulfillmentId", `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`] as [string, string],
        ),
      ],
    ];
    for (const form of cases) {
      expect(await post(form)).toMatchObject({
        data: { kind: "invalid", error: { field: "fulfillmentId", key: "fulfillmentIds" } },
        init: { status: 400 },
      });
    }
    expect((await prisma.fulfillment.findUniqueOrThrow({ where: { id: a.id } })).status).toBe("needs_attention");
  });

  it("answers 400 naming the field for an unknown action or a malformed single record id", async () => {
    expect(await post([["intent", "borrar-todo"]])).toMatchObject({
      data: { kind: "invalid", error: { field: "intent", params: { value: "borrar-todo" } } },
      init: { status: 400 },
    });
    expect(
      await post([
        ["intent", "retry"],
        ["fulfillmentId", "42"],
      ]),
    ).toMatchObject({
      data: { kind: "one", ok: false, code: "invalidRecordId" },
      init: { status: 400 },
    });
  });
});
