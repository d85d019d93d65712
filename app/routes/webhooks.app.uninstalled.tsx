import type { ActionFunctionArgs } from "@remix-run/node";
import { recordUninstall } from "../shop/shop.server";
import { authenticateWebhook, payloadNamesShop, wrongShopPayload } from "../shopify/webhook.server";

export const action = async ({ request, context }: ActionFunctionArgs) => {
  const { shop, payload } = await authenticateWebhook(context.services, request);
  if (!payloadNamesShop(payload, "myshopify_domain", shop))
    return wrongShopPayload("app/uninstalled", "myshopify_domain");
  // The webhook can arrive more than once, and after the sessions are gone: both are fine here.
  await recordUninstall({ db: context.services.db, shop });
  return new Response();
};
