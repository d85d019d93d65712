import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { recordScopes } from "../shop/shop.server";
import { authenticateWebhook, webhookBadRequest } from "../shopify/webhook.server";

const payloadSchema = z.object({ current: z.array(z.string()) });

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const { payload, session } = await authenticateWebhook(context.services, request);
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success)
    return webhookBadRequest("malformed app/scopes_update payload: current must be an array of scopes", ["current"]);
  if (session)
    await recordScopes({ db: context.services.db, sessionId: session.id, scope: parsed.data.current.join(",") });
  return new Response();
};
