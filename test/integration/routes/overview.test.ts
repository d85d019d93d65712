import { beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { listFulfillments } from "~/fulfillment/page/orders-page.server";
import { shopOverview } from "~/orchestration/overview.server";
import { resetDatabase } from "../../helpers/test-database";

const shop = "tienda-demo.myshopify.com";
const now = new Date("2026-11-22T12:00:00Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

describe("the home page overview", () => {
  beforeEach(resetDatabase);

  it("summarises the catalogue, the orders and the last day of quotes", async () => {
    await prisma.shop.create({ data: { domain: shop, svcApiKeyCiphertext: "v1:x:y:z", svcEnvironment: "production" } });
    await prisma.catalogVariant.createMany({
      data: ["synced", "exists_at_service", "failed", "drifted", "skipped"].map((status, i) => ({
        shop,
        productId: `p${i}`,
        variantId: `v${i}`,
        title: `t${i}`,
        status,
      })),
    });
    // Deleted in Shopify: the catalogue lists it apart, and so does the overview.
    await prisma.catalogVariant.create({
      data: { shop, productId: "p9", variantId: "v9", title: "t9", status: "skipped", deletedAt: hoursAgo(1) },
    });
    await prisma.fulfillment.createMany({
      data: [
        { shop, shopifyOrderId: "1", orderGid: "g1", orderName: "#1", status: "shipped", svcOrderId: "s1" },
        { shop, shopifyOrderId: "2", orderGid: "g2", orderName: "#2", status: "needs_attention" },
        { shop, shopifyOrderId: "3", orderGid: "g3", orderName: "#3", status: "unknown_outcome" },
      ],
    });
    await prisma.quoteLog.createMany({
      data: [
        { shop, at: hoursAgo(1), durationMs: 10, cacheHit: false, outcome: "rates", services: ["NACIONAL"] },
        { shop, at: hoursAgo(2), durationMs: 2, cacheHit: true, outcome: "rates", services: ["NACIONAL"] },
        { shop, at: hoursAgo(3), durationMs: 30, cacheHit: false, outcome: "no_rates", services: [] },
        { shop, at: hoursAgo(4), durationMs: 4, cacheHit: true, outcome: "fallback", services: ["NACIONAL"] },
        // The service failed and the cart's last rates were answered (stale-if-error).
        { shop, at: hoursAgo(5), durationMs: 5, cacheHit: false, outcome: "stale", services: ["NACIONAL"] },
        { shop, at: hoursAgo(30), durationMs: 9999, cacheHit: false, outcome: "backup", services: [] },
      ],
    });

    const overview = await shopOverview({ db: prisma, shop, now });

    expect(overview).toMatchObject({
      connected: true,
      environment: "production",
      variantsSynced: 2,
      // skipped, failed and drifted, as the catalogue page counts them
      variantsNeedingWork: 3,
      ordersSubmitted: 1,
      // Pedidos' «requieren atención» filter: needs_attention only (#3 is unconfirmed, its own filter)
      ordersNeedingAttention: 1,
    });
    expect(overview.quotesLastDay).toMatchObject({
      total: 5,
      answeredWithRates: 4,
      answeredStale: 1,
      cacheHitPercent: 40,
      medianMs: 5,
    });
    expect(overview.quotesLastDay.p99Ms).toBeGreaterThan(28);
  });

  it("counts the orders needing attention as Pedidos' filter does, cancelled ones included alike", async () => {
    await prisma.shop.create({ data: { domain: shop } });
    await prisma.fulfillment.createMany({
      data: [
        ["1", "needs_attention", "the order was cancelled in Shopify"],
        [
          "2",
          "needs_attention",
          "not enough stock of PLATO-GR at the warehouse; request an inventory reception, then retry. The service said: Insufficient stock",
        ],
        ["3", "needs_attention", null],
        ["4", "unknown_outcome", null],
        ["5", "skipped", "the order was cancelled in Shopify"],
        ["6", "awaiting_stock", "waiting for stock: the warehouse lacks PLATO-GR × 2"],
        ["7", "awaiting_stock", "waiting for stock: the warehouse lacks TAZA-AZ × 1"],
      ].map(([id, status, reason]) => ({
        shop,
        shopifyOrderId: id!,
        orderGid: `gid://shopify/Order/${id}`,
        orderName: `#${id}`,
        status: status!,
        reason,
      })),
    });

    const overview = await shopOverview({ db: prisma, shop, now });
    const orders = await listFulfillments(prisma, { shop, status: "needs_attention" });

    expect(overview.ordersNeedingAttention).toBe(3);
    expect(orders.counts.needs_attention).toBe(overview.ordersNeedingAttention);
    // and the list the figure opens holds exactly that many
    expect(orders.matching).toBe(overview.ordersNeedingAttention);
    // «enviados al almacén» is Pedidos' «sent» filter: none of these has a service order
    expect(overview.ordersSubmitted).toBe(orders.counts.sent);
    // Waiting for stock: its own figure, the list of Pedidos' «Esperando existencias» filter.
    const waiting = await listFulfillments(prisma, { shop, status: "awaiting_stock" });
    expect(overview.ordersAwaitingStock).toBe(2);
    expect(waiting.matching).toBe(overview.ordersAwaitingStock);
  });

  it("shows an unconnected shop with no figures yet", async () => {
    const overview = await shopOverview({ db: prisma, shop, now });
    expect(overview.connected).toBe(false);
    expect(overview.quotesLastDay).toEqual({
      total: 0,
      answeredWithRates: 0,
      answeredStale: 0,
      cacheHitPercent: null,
      medianMs: null,
      p99Ms: null,
    });
  });
});
