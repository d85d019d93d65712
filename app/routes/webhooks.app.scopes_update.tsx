import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { appContext } from "../context.server";
import { recordScopes } from "../shop/shop.server";
import { authenticateWebhook, webhookBadRequest } from "../shopify/webhook.server";

const payloadSchema = z.object({ current: z.array(z.string()) });

export const action = async ({ request }: ActionFunctionArgs) => {
  const { payload, session } = await authenticateWebhook(request);
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success)
    return webhookBadRequest("malformed app/scopes_update payload: current must be an array of scopes", ["current"]);
  if (session) await recordScopes({ db: appContext().db, sessionId: session.id, scope: parsed.data.current.join(",") });
  return new Response();
};
