import { beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { recordWebhookDelivery } from "~/shopify/webhooks/webhook-delivery.server";
import { resetDatabase } from "../../helpers/test-database";

describe("recordWebhookDelivery", () => {
  beforeEach(resetDatabase);

  it("accepts an event once per shop, however many times and however concurrently it arrives", async () => {
    const delivery = { shop: "a.myshopify.com", topic: "orders/paid", eventId: "evt-1", triggeredAt: "2026-11-20T10:00:00Z" };
    const results = await Promise.all(Array.from({ length: 10 }, () => recordWebhookDelivery(prisma, delivery)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await recordWebhookDelivery(prisma, { ...delivery, shop: "b.myshopify.com" })).toBe(true);
    expect(await prisma.webhookDelivery.count()).toBe(2);
  });

  it("tolerates a missing or unparseable trigger time", async () => {
    expect(await recordWebhookDelivery(prisma, { shop: "s", topic: "t", eventId: "e1", triggeredAt: "not a date" })).toBe(true);
    expect((await prisma.webhookDelivery.findFirstOrThrow()).triggeredAt).toBeNull();
  });
});
