import type { ActionFunctionArgs } from "@remix-run/node";
import { catalogTopic } from "../catalog/webhook-intake.server";
import { receiveWebhook } from "../shopify/webhook.server";

// Verified, validated, de-duplicated and queued; the catalogue job re-reads the product afterwards.
export const action = ({ request, context }: ActionFunctionArgs) =>
  receiveWebhook(context.services, request, catalogTopic("products/create"));
