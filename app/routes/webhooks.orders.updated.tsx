import type { ActionFunctionArgs } from "@remix-run/node";
import { acceptOrderWebhook } from "../fulfillment/intake/lifecycle-intake.server";
import { answerLifecycleWebhook } from "../fulfillment/intake/lifecycle-route.server";

// orders/updated (a corrected shipping address among other changes): only wakes the order's job,
// which reads Shopify's current state and decides — an address the app held for may go now.
export const action = ({ request, context }: ActionFunctionArgs) =>
  answerLifecycleWebhook(context.services, request, acceptOrderWebhook);
