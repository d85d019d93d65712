import type { ActionFunctionArgs } from "@remix-run/node";
import { acceptOrderEditWebhook } from "../fulfillment/intake/lifecycle-intake.server";
import { answerLifecycleWebhook } from "../fulfillment/intake/lifecycle-route.server";

// orders/edited: only wakes the order's job, which reads Shopify's current state and decides.
export const action = ({ request, context }: ActionFunctionArgs) =>
  answerLifecycleWebhook(context.services, request, acceptOrderEditWebhook);
