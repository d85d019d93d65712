// Pedidos' rows say what the merchant recognises an order by (its date, the buyer's city, its items
// and its total, kept at intake from orders/paid as decimal text), and its CSV export holds the
// filtered list, every page of it, streamed in batches, escaped for spreadsheets, headed in the
// merchant's language.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CSV_BATCH } from "~/fulfillment/page/orders-csv.server";
import { paidOrderSchema } from "~/fulfillment/core/paid-order";
import { translator } from "~/i18n/locale";
import { loader as exportLoader } from "~/routes/app.orders.export";
import { loader, type OrdersPageData } from "~/routes/app.orders/route";
import { routeContext } from "../../helpers/app-services";
import prisma from "../../helpers/prisma";
import { storeOfflineSession } from "../../helpers/sessions";
import { sessionTokenRequest } from "../../helpers/shopify-requests";
import { SHOP, clearFulfilments, startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await storeOfflineSession(prisma, SHOP);
});
afterAll(() => h.close());
beforeEach(() => clearFulfilments(h));

async function page(path: string): Promise<OrdersPageData> {
  const request = await sessionTokenRequest(path, SHOP);
  return (await loader({ request, params: {}, context: routeContext() })) as OrdersPageData;
}

async function exported(path: string): Promise<{ response: Response; text: string }> {
  const request = await sessionTokenRequest(path, SHOP);
  const response = (await exportLoader({ request, params: {}, context: routeContext() })) as Response;
  return { response, text: Buffer.from(await response.arrayBuffer()).toString("utf8") };
}

describe("a row of Pedidos", () => {
  it("shows the order's date, the buyer's city, its items and its total, as the payment told them", async () => {
    const payload = h.paidOrder({
      lineItems: [
        { sku: "TAZA-AZ", quantity: 2 },
        { sku: "CAFE-500", quantity: 1 },
      ],
    });
    expect((await h.deliver(payload)).status).toBe(200);
    await h.worker().runOnce();
    const [row, ...more] = (await page("/app/orders")).rows;
    expect(more).toEqual([]);
    expect(row!.facts).toEqual({
      placedAt: new Date(payload.created_at).toISOString(),
      city: payload.shipping_address!.city,
      items: 3,
      total: { amount: payload.total_price, currency: payload.currency },
    });
    // Exact decimal text, never through a float.
    expect(row!.facts.total!.amount).toMatch(/^\d+\.\d{2}$/);
  });

  it("learns the date and total of an order reconciliation found first, from the webhook that follows", async () => {
    const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
    await prisma.shopifyOrder.create({
      data: {
        shop: SHOP,
        shopifyOrderId: String(payload.id),
        orderGid: payload.admin_graphql_api_id,
        orderName: payload.name,
      },
    });
    expect((await h.deliver(payload)).status).toBe(200);
    expect(await prisma.shopifyOrder.findFirstOrThrow({ where: { shopifyOrderId: String(payload.id) } })).toMatchObject(
      {
        totalPrice: payload.total_price,
        currency: payload.currency,
        placedAt: new Date(payload.created_at),
      },
    );
  });

  it("still takes an order whose total it cannot read, and keeps no total for it", async () => {
    const payload = { ...h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] }), total_price: "1e3" };
    expect((await h.deliver(payload)).status).toBe(200);
    expect(await prisma.shopifyOrder.findFirstOrThrow({ where: { shopifyOrderId: String(payload.id) } })).toMatchObject(
      {
        totalPrice: null,
      },
    );
  });
});

describe("the CSV export", () => {
  /** `count` records of the shop, newest first by number, each with its order's city and total. */
  async function seed(
    count: number,
    at: (i: number) => Partial<{ name: string; city: string; status: string }> = () => ({}),
  ) {
    const base = Date.parse("2026-11-20T16:00:00Z");
    const records = Array.from({ length: count }, (_, i) => {
      const given = at(i);
      const name = given.name ?? `#${10_000 + i}`;
      const order = paidOrderSchema.parse({
        id: String(900_000 + i),
        admin_graphql_api_id: `gid://shopify/Order/${900_000 + i}`,
        name,
        line_items: [{ id: String(i + 1), sku: "TAZA-AZ", name: "Taza", quantity: 1 + (i % 3) }],
        shipping_address: { city: given.city ?? "Puebla" },
      });
      return {
        fulfillment: {
          shop: SHOP,
          shopifyOrderId: order.id,
          orderGid: order.admin_graphql_api_id,
          orderName: name,
          status: given.status ?? "shipped",
          request: { order },
          serviceCode: "EXPRESS",
          createdAt: new Date(base + i * 60_000),
        },
        order: {
          shop: SHOP,
          shopifyOrderId: order.id,
          orderGid: order.admin_graphql_api_id,
          orderName: name,
          plannedAt: new Date(base),
          placedAt: new Date(base + i * 60_000),
          totalPrice: `${100 + i}.50`,
          currency: "MXN",
        },
      };
    });
    await prisma.shopifyOrder.createMany({ data: records.map((r) => r.order) });
    await prisma.fulfillment.createMany({ data: records.map((r) => r.fulfillment) });
  }

  it("holds every record the filter selects, across batches, newest first, headed in each language", async () => {
    const count = CSV_BATCH * 2 + 7;
    await seed(count, (i) => ({ status: i === 3 ? "delivered" : "shipped" }));
    for (const locale of ["es", "en"] as const) {
      const c = translator(locale).messages.orders.csv;
      const { response, text } = await exported(`/app/orders/export?status=shipped&locale=${locale}`);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBe('attachment; filename="orders.csv"');
      expect(text.startsWith("\uFEFF")).toBe(true);
      const lines = text.slice(1).split("\r\n");
      expect(lines.at(-1)).toBe("");
      expect(lines[0]).toBe(
        [
          c.order,
          c.placedAt,
          c.status,
          c.city,
          c.items,
          c.total,
          c.currency,
          c.service,
          c.serviceOrder,
          c.trackingNumber,
          c.trackingCompany,
        ].join(","),
      );
      const rows = lines.slice(1, -1);
      expect(rows).toHaveLength(count - 1);
      const names = rows.map((line) => line.split(",")[0]);
      expect(new Set(names).size).toBe(count - 1);
      expect(names[0]).toBe(`#${10_000 + count - 1}`);
      expect(names.at(-1)).toBe("#10000");
      expect(names).not.toContain("#10003");
      const services = translator(locale).messages.settings.services as Record<string, string>;
      const statuses = translator(locale).messages.orders.statuses;
      // #10000: placed 2026-11-20 16:00 UTC, 10:00 in Mexico City; 1 item; 100.50 MXN.
      expect(rows.at(-1)).toBe(
        ["#10000", "2026-11-20 10:00", statuses.shipped, "Puebla", "1", "100.50", "MXN", services.EXPRESS, "", "", ""]
          .map((cell) => (cell.includes(",") ? `"${cell}"` : cell))
          .join(","),
      );
    }
  });

  it("selects what the page's search selects, and neutralises formulas and quotes in cells", async () => {
    await seed(
      3,
      (i) =>
        [
          { name: '=HYPERLINK("http://x")', city: 'Oaxaca, "Centro"' },
          { name: "#2002", city: "@SUM(A1)" },
          { name: "#3003", city: "-Mérida" },
        ][i]!,
    );
    const all = (await exported("/app/orders/export?locale=es")).text.slice(1).split("\r\n");
    expect(all).toHaveLength(5);
    expect(all).toContainEqual(
      expect.stringMatching(/^"'=HYPERLINK\(""http:\/\/x""\)",[^,]+,[^,]+,"Oaxaca, ""Centro""",/),
    );
    expect(all).toContainEqual(expect.stringMatching(/^#2002,[^,]+,[^,]+,'@SUM\(A1\),/));
    expect(all).toContainEqual(expect.stringMatching(/^#3003,[^,]+,[^,]+,'-Mérida,/));
    const searched = (await exported("/app/orders/export?q=2002&locale=es")).text.slice(1).split("\r\n");
    expect(searched.slice(1, -1).map((line) => line.split(",")[0])).toEqual(["#2002"]);
  });

  it("refuses a wrong filter naming it, rather than exporting something else", async () => {
    const { response, text } = await exported("/app/orders/export?status=bogus");
    expect(response.status).toBe(400);
    expect(JSON.parse(text)).toMatchObject({ field: "status" });
  });
});
