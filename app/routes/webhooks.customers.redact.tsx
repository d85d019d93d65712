import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import prisma from "../db.server";
import { redactCustomer } from "../models/compliance.server";
import { authenticateWebhook } from "../shopify/webhook.server";

const payloadSchema = z.object({ orders_to_redact: z.array(z.union([z.number(), z.string()])).default([]) });

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, payload } = await authenticateWebhook(request);
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success) return new Response("orders_to_redact must be an array of order ids", { status: 400 });
  await redactCustomer({ db: prisma, shop, orderIds: parsed.data.orders_to_redact.map(String) });
  return new Response();
};
