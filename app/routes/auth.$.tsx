import type { LoaderFunctionArgs } from "@remix-run/node";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  await context.services.shopify.authenticate.admin(request);
  return null;
};
