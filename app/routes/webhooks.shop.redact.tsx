import type { ActionFunctionArgs } from "@remix-run/node";
import { appContext } from "../context.server";
import { redactShop } from "../privacy/compliance.server";
import { authenticateWebhook, payloadNamesShop, wrongShopPayload } from "../shopify/webhook.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, payload } = await authenticateWebhook(request);
  if (!payloadNamesShop(payload, "shop_domain", shop)) return wrongShopPayload("shop/redact", "shop_domain");
  await redactShop({ db: appContext().db, shop });
  return new Response();
};
