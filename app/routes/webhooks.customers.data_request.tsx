import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { appContext } from "../context.server";
import { logger } from "../logger.server";
import { customerDataFor } from "../models/compliance.server";
import { authenticateWebhook, webhookBadRequest } from "../shopify/webhook.server";

const payloadSchema = z.object({ orders_requested: z.array(z.union([z.number(), z.string()])).default([]) });

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, payload } = await authenticateWebhook(request);
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success)
    return webhookBadRequest(
      "malformed customers/data_request payload: orders_requested must be an array of order ids",
      ["orders_requested"],
    );
  const records = await customerDataFor({
    db: appContext().db,
    shop,
    orderIds: parsed.data.orders_requested.map(String),
  });
  // The merchant answers the customer; we log what we hold (counts only, never the data itself).
  logger.info({ shop, orders: parsed.data.orders_requested.length, records: records.length }, "customer data request");
  return new Response();
};
