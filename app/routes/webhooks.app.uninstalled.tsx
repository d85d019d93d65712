import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "../db.server";
import { recordUninstall } from "../models/shop.server";
import { authenticate } from "../shopify.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop } = await authenticate.webhook(request);
  // The webhook can arrive more than once, and after the sessions are gone: both are fine here.
  await recordUninstall({ db: prisma, shop });
  return new Response();
};
