import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import prisma from "../db.server";
import { recordScopes } from "../models/shop.server";
import { authenticateWebhook } from "../shopify/webhook.server";

const payloadSchema = z.object({ current: z.array(z.string()) });

export const action = async ({ request }: ActionFunctionArgs) => {
  const { payload, session } = await authenticateWebhook(request);
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success) return new Response("payload.current must be an array of scopes", { status: 400 });
  if (session) await recordScopes({ db: prisma, sessionId: session.id, scope: parsed.data.current.join(",") });
  return new Response();
};
