import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "../db.server";
import { acceptBulkFinishWebhook } from "../catalog/bulk-finish.server";
import { authenticate } from "../shopify.server";

// Verified and validated; wakes the full sync waiting on that bulk operation, which then asks Shopify.
export const action = async ({ request }: ActionFunctionArgs) => {
  return acceptBulkFinishWebhook(prisma, () => authenticate.webhook(request));
};
