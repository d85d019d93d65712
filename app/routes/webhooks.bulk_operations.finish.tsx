import type { ActionFunctionArgs } from "@remix-run/node";
import { bulkFinishTopic } from "../catalog/bulk-finish.server";
import { receiveWebhook } from "../shopify/webhook.server";

// Verified and validated; wakes the full sync waiting on that bulk operation, which then asks Shopify.
export const action = ({ request, context }: ActionFunctionArgs) =>
  receiveWebhook(context.services, request, bulkFinishTopic);
