import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "../db.server";
import { acceptCatalogWebhook } from "../catalog/webhook-intake.server";
import { authenticateWebhook } from "../shopify/webhook.server";

// Verified, validated, de-duplicated and queued; the catalogue job re-reads the product afterwards.
export const action = async ({ request }: ActionFunctionArgs) => {
  return acceptCatalogWebhook(prisma, "products/delete", () => authenticateWebhook(request));
};
