import type { ActionFunctionArgs } from "@remix-run/node";
import prisma from "../db.server";
import { redactShop } from "../models/compliance.server";
import { authenticate } from "../shopify.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop } = await authenticate.webhook(request);
  await redactShop({ db: prisma, shop });
  return new Response();
};
