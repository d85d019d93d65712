import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { appContext } from "../context.server";
import { redactCustomer } from "../models/compliance.server";
import { authenticateWebhook, webhookBadRequest } from "../shopify/webhook.server";

const payloadSchema = z.object({ orders_to_redact: z.array(z.union([z.number(), z.string()])).default([]) });

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, payload } = await authenticateWebhook(request);
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success)
    return webhookBadRequest("malformed customers/redact payload: orders_to_redact must be an array of order ids", [
      "orders_to_redact",
    ]);
  await redactCustomer({ db: appContext().db, shop, orderIds: parsed.data.orders_to_redact.map(String) });
  return new Response();
};
