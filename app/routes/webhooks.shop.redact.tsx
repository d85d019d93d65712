import type { ActionFunctionArgs } from "@remix-run/node";
import { appContext } from "../context.server";
import { redactShop } from "../models/compliance.server";
import { authenticateWebhook } from "../shopify/webhook.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop } = await authenticateWebhook(request);
  await redactShop({ db: appContext().db, shop });
  return new Response();
};
