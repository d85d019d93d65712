// /app/warehouse/receptions: the service's answer about receptions, whole, as a JSON file (for
// support when the page could not read it).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { receptionsAnswerFile } from "./app.warehouse/warehouse.server";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { session } = await context.services.shopify.authenticate.admin(request);
  return new Response(await receptionsAnswerFile(context.services, session.shop), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": 'attachment; filename="receptions.json"',
      "cache-control": "no-store",
    },
  });
};
