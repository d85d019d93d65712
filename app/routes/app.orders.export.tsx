// /app/orders/export: Pedidos' list (its status filter and search, every page) as a CSV file, streamed.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { ordersCsvStream } from "~/fulfillment/page/orders-csv.server";
import { parseOrdersQuery } from "~/fulfillment/page/orders-query";
import { localeFromRequest, translator } from "~/i18n/locale";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { session } = await context.services.shopify.authenticate.admin(request);
  const parsed = parseOrdersQuery(new URL(request.url));
  // A wrong filter is refused naming the field, rather than exporting something else than asked.
  if (!parsed.ok) return Response.json({ error: parsed.error.error, field: parsed.error.field }, { status: 400 });
  const { status, q } = parsed.query;
  const stream = ordersCsvStream(
    context.services.db,
    { shop: session.shop, status, q },
    translator(localeFromRequest(request)),
  );
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="orders.csv"',
      "cache-control": "no-store",
    },
  });
};
