import type { ActionFunctionArgs } from "@remix-run/node";
import { downloadCustomerDataExport } from "../privacy/customer-data.server";
import { isRecordId } from "../http/record-id";

// POST /app/privacy/:id — one data-request export of the merchant's own shop, as a JSON file. A
// POST, not a GET: handing the file over records that it was downloaded (shown on the list).
// A GET (an old link) is a clean 405 naming POST, not Remix's "no loader" error in the log.
export const loader = () =>
  Response.json({ error: "download the export with POST" }, { status: 405, headers: { Allow: "POST" } });

export const action = async ({ request, params, context }: ActionFunctionArgs) => {
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
