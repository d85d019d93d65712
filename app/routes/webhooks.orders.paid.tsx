import type { ActionFunctionArgs } from "@remix-run/node";
import { paidOrderTopic } from "../fulfillment/intake/lifecycle-route.server";
import { receiveWebhook } from "../shopify/webhook.server";

// Answers within milliseconds: it only records the delivery, the order and its job (one
// statement); the job reads Shopify's current state and decides, after the answer.
export const action = ({ request, context }: ActionFunctionArgs) =>
  receiveWebhook(context.services, request, paidOrderTopic);
