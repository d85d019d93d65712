import type { ActionFunctionArgs } from "@remix-run/node";
import { redactShop } from "../privacy/compliance.server";
import { authenticateWebhook, payloadNamesShop, wrongShopPayload } from "../shopify/webhook.server";

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const { shop, payload } = await authenticateWebhook(context.services, request);
  if (!payloadNamesShop(payload, "shop_domain", shop)) return wrongShopPayload("shop/redact", "shop_domain");
  await redactShop({ db: context.services.db, shop });
  return new Response();
};
