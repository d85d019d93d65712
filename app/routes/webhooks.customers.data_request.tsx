import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { answerCustomerDataRequest } from "../privacy/customer-data.server";
import { authenticateWebhook, webhookBadRequest } from "../shopify/webhook.server";

const id = z.union([z.number(), z.string()]).transform(String);
const payloadSchema = z.object({
  orders_requested: z.array(id).default([]),
  customer: z.object({ id: id.nullish() }).nullish(),
  data_request: z.object({ id: id.nullish() }).nullish(),
});

// Answered at once: the export of what the app holds is recorded for the merchant to download in
// Privacidad (/app/privacy); the customer's email and phone in the payload are not kept.
export const action = async ({ request, context }: ActionFunctionArgs) => {
  const { shop, payload } = await authenticateWebhook(context.services, request);
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success)
    return webhookBadRequest(
      "malformed customers/data_request payload: orders_requested must be an array of order ids",
      ["orders_requested"],
    );
  const { db, logger, now } = context.services;
  const answered = await answerCustomerDataRequest(db, {
    shop,
    customerId: parsed.data.customer?.id ?? null,
    dataRequestId: parsed.data.data_request?.id ?? null,
    orderIds: parsed.data.orders_requested,
    now: now(),
  });
  // Counts and ids only, never the data itself.
  logger.info({ shop, orders: parsed.data.orders_requested.length, request: answered.id }, "customer data request answered");
  return new Response();
};
