import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadCustomerDataExport } from "../models/customer-data.server";
import { isRecordId } from "../models/record-id";

// GET /app/privacy/:id — one data-request export of the merchant's own shop, as a JSON file.
export const loader = async ({ request, params, context }: LoaderFunctionArgs) => {
  const { session } = await context.services.shopify.authenticate.admin(request);
  const id = params.id ?? "";
  if (!isRecordId(id)) return Response.json({ error: "id: not a data request id" }, { status: 400 });
  const { db, now } = context.services;
  const data = await downloadCustomerDataExport(db, { shop: session.shop, id, now: now() });
  if (!data) return Response.json({ error: "no such data request (or its export has expired)" }, { status: 404 });
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="solicitud-datos-${id}.json"`,
      "cache-control": "no-store",
    },
  });
};
