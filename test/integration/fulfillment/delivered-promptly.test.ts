// Issue 33: an order stayed «en camino» long after the service said DELIVERED. The service has no
// webhooks, so delivery is only known by looking; polls backed off to an hour while the parcel was
// with the carrier. Now a parcel with the carrier is looked at at least every 15 minutes, so a
// delivery reaches Pedidos within 15 minutes of the service reporting it, however long the trip.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_SHIPPED_POLL_DELAY_MS } from "~/fulfillment/core/schedule";
import { lookupServiceOrder } from "~/svc";
import prisma from "../../helpers/prisma";
import { clearFulfilments, recordOf, startHarness, type Harness } from "./support/harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => clearFulfilments(h));

describe("a parcel with the carrier", () => {
  it("is delivered on Pedidos within 15 minutes of the service saying DELIVERED, after days on the road", async () => {
    const payload = h.paidOrder({ lineItems: [{ sku: "TAZA-AZ", quantity: 1 }] });
    await h.deliver(payload);
    const worker = h.worker();
    await worker.runOnce();
    const { id } = await recordOf(payload);
    const pollJob = () => prisma.job.findUnique({ where: { queue_key: { queue: "fulfillment.poll", key: id } } });
    // Each poll when due, as the worker would, for up to four days of the service's clock.
    const delaysWhileShipped: number[] = [];
    const deadline = h.clock.now().getTime() + 4 * 24 * 3_600_000;
    for (;;) {
      const job = await pollJob();
      if (!job || job.state !== "queued") break;
      const wait = job.runAt.getTime() - h.clock.now().getTime();
      const { status } = await prisma.fulfillment.findUniqueOrThrow({ where: { id } });
      if (status === "shipped") delaysWhileShipped.push(wait);
      if (h.clock.now().getTime() + wait > deadline) throw new Error(`still ${status} after four days`);
      await h.clock.advance(Math.max(wait, 0));
      await worker.runOnce();
    }
    const record = await prisma.fulfillment.findUniqueOrThrow({ where: { id } });
    expect(record.status).toBe("delivered");
    // The parcel travelled for hours with nothing new, and was never left unlooked-at for longer.
    expect(delaysWhileShipped.length).toBeGreaterThan(4);
    expect(Math.max(...delaysWhileShipped)).toBe(MAX_SHIPPED_POLL_DELAY_MS);
    // When the service's history says it was delivered, and when Pedidos learned it.
    const order = await lookupServiceOrder(h.client, record.svcOrderId!);
    // The service's clock is its own: compare times since the order was created, on each clock.
    const at = (status: string) => Date.parse(order!.statusHistory.find((e) => e.status === status)?.at ?? "");
    const serviceTrip = at("DELIVERED") - at("WAITING");
    expect(serviceTrip, JSON.stringify(order?.statusHistory)).toBeGreaterThan(4 * 3_600_000);
    const lag = record.deliveredAt!.getTime() - record.submittedAt!.getTime() - serviceTrip;
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThanOrEqual(MAX_SHIPPED_POLL_DELAY_MS);
  });
});
