import type { ActionFunctionArgs } from "@remix-run/node";
import { appContext } from "../context.server";
import { recordUninstall } from "../shop/shop.server";
import { authenticateWebhook, payloadNamesShop, wrongShopPayload } from "../shopify/webhook.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, payload } = await authenticateWebhook(request);
  if (!payloadNamesShop(payload, "myshopify_domain", shop))
    return wrongShopPayload("app/uninstalled", "myshopify_domain");
  // The webhook can arrive more than once, and after the sessions are gone: both are fine here.
  await recordUninstall({ db: appContext().db, shop });
  return new Response();
};
