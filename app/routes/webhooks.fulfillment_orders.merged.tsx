import type { ActionFunctionArgs } from "@remix-run/node";
import { acceptFulfillmentOrderWebhook } from "../fulfillment/intake/lifecycle-intake.server";
import { answerLifecycleWebhook } from "../fulfillment/intake/lifecycle-route.server";

// fulfillment_orders/merged: only wakes the order's job, which reads Shopify's current state and decides.
export const action = ({ request, context }: ActionFunctionArgs) =>
  answerLifecycleWebhook(context.services, request, acceptFulfillmentOrderWebhook);
