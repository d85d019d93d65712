import type { ActionFunctionArgs } from "@remix-run/node";
import { acceptOrderWebhook } from "../fulfillment/intake/lifecycle-intake.server";
import { answerLifecycleWebhook } from "../fulfillment/intake/lifecycle-route.server";

// orders/cancelled: stops what of the order was not claimed for submission, and wakes the order's job,
// which reads Shopify's current state and decides (a part at the warehouse: a person is asked).
export const action = ({ request, context }: ActionFunctionArgs) =>
  answerLifecycleWebhook(context.services, request, acceptOrderWebhook);
