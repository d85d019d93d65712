import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { redactCustomer } from "../privacy/compliance.server";
import { authenticateWebhook, webhookBadRequest } from "../shopify/webhook.server";

const id = z.union([z.number(), z.string()]).transform(String);
const payloadSchema = z.object({
  orders_to_redact: z.array(id).default([]),
  customer: z.object({ id: id.nullish() }).nullish(),
});

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const { shop, payload } = await authenticateWebhook(context.services, request);
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success)
    return webhookBadRequest("malformed customers/redact payload: orders_to_redact must be an array of order ids", [
      "orders_to_redact",
    ]);
  const { orders_to_redact: orderIds, customer } = parsed.data;
  await redactCustomer({ db: context.services.db, shop, orderIds, customerId: customer?.id ?? null });
  return new Response();
};
