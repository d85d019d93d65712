// What the other forms act on, so random actions reach real rows and not only "not found": one
// order record in each status, a failed job, an unreadable notification and a customer's data
// request, as the app stores them.
import type { PrismaClient } from "@prisma/client";
import { FULFILLMENT_STATUSES } from "~/fulfillment/core/status";

export interface MerchantWork {
  fulfillmentIds: string[];
  jobIds: string[];
  unreadableIds: string[];
  dataRequestIds: string[];
}

export async function seedMerchantWork(db: PrismaClient, shop: string): Promise<MerchantWork> {
  const fulfillmentIds: string[] = [];
  for (const [i, status] of FULFILLMENT_STATUSES.entries()) {
    const n = 4001 + i;
    const row = await db.fulfillment.create({
      data: {
        shop,
        shopifyOrderId: String(n),
        orderGid: `gid://shopify/Order/${n}`,
        orderName: `#${n}`,
        fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${n}`,
        status,
        serviceCode: "NACIONAL",
        ...(["submitted", "in_progress", "shipped", "delivered", "unknown_outcome"].includes(status)
          ? { svcOrderId: `7c0e4e0a-5f55-4a3e-9b2f-1d5b1c7a${n}` }
          : {}),
      },
    });
    fulfillmentIds.push(row.id);
  }
  const jobIds: string[] = [];
  for (const queue of ["catalog.product", "fulfillment.poll"]) {
    const job = await db.job.create({
      data: {
        queue,
        key: `${shop}:${queue}`,
        shop,
        state: "failed",
        attempts: 3,
        maxAttempts: 3,
        payload: {},
        lastError: "x",
      },
    });
    jobIds.push(String(job.id));
  }
  const unreadable = await db.unreadableWebhook.create({
    data: {
      shop,
      topic: "orders/paid",
      eventId: "evt-form-input",
      orderId: "4101",
      payload: "{}",
      reason: "x",
      issues: [],
    },
  });
  const request = await db.customerDataRequest.create({
    data: { shop, customerId: "77", dataRequestId: "901", ordersRequested: [], export: { orders: [] } },
  });
  return { fulfillmentIds, jobIds, unreadableIds: [unreadable.id], dataRequestIds: [request.id] };
}
