// /app/warehouse/export: «Almacén»'s rows (its filter and search, every page) as a CSV file.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { localeFromRequest } from "~/i18n/locale";
import { warehouseCsvFile } from "./app.warehouse/warehouse.server";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const { session } = await context.services.shopify.authenticate.admin(request);
  const csv = await warehouseCsvFile(context.services, session.shop, new URL(request.url), localeFromRequest(request));
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="warehouse.csv"',
      "cache-control": "no-store",
    },
  });
};
