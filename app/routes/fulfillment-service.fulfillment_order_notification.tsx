import type { ActionFunctionArgs } from "@remix-run/node";
import { requestAssignedRead } from "../fulfillment/shopify/fulfillment-service.server";
import { postOnlyLoader } from "../http/post-only";
import { authenticateFulfillmentService } from "../shopify/webhook.server";

export const loader = postOnlyLoader;

// Shopify's notification to the warehouse as a fulfilment service: {"kind":"FULFILLMENT_REQUEST"}
// or {"kind":"CANCELLATION_REQUEST"} and nothing else. authenticateFulfillmentService checks the
// signature (400 when wrong) and the shop as the webhooks do, then the library finds the shop's session; the job then reads the assigned fulfilment
// orders and answers each request, after this 200.
export const action = async ({ request, context }: ActionFunctionArgs) => {
  const { session, payload } = await authenticateFulfillmentService(context.services, request);
  const { db, logger, now } = context.services;
  await requestAssignedRead(db, { shop: session.shop, now: now() });
  logger.info({ shop: session.shop, kind: (payload as { kind?: unknown }).kind }, "fulfilment service notified");
  return new Response();
};
