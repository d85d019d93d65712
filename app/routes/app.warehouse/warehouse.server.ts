// What «Almacén» asks of the warehouse feature: the page's data (reads only), its CSV, the
// receptions' answer whole, and «now» (a stock sync when switched on, else a read alone).
import type { AppLoadContext } from "@remix-run/node";
import { requestStockSync } from "~/fulfillment/jobs/stock-sync.server";
import type { Locale } from "~/i18n/locale";
import { translator } from "~/i18n/locale";
import { getShopSettings } from "~/shop/shop-settings.server";
import { receptionsAnswer, warehouseMovements } from "~/warehouse/movements.server";
import { warehouseExportRows, warehousePageData } from "~/warehouse/warehouse-page.server";
import { parseWarehouseQuery, warehouseQueryError } from "~/warehouse/warehouse-query";
import { readWarehouse } from "~/warehouse/warehouse-read.server";
import { releaseCoveredOrders } from "~/fulfillment/jobs/awaiting-stock.server";
import { warehouseCsv } from "~/warehouse/warehouse-csv";
import type { WarehouseActionData, WarehouseLoaderData } from "./types";

/** The process's services, as the route gets them (app/composition.server.ts). */
type Services = AppLoadContext["services"];

export async function loadWarehousePage(services: Services, shop: string, url: URL): Promise<WarehouseLoaderData> {
  const invalid = warehouseQueryError(url);
  const query = parseWarehouseQuery(invalid ? new URL(url.pathname, url) : url);
  const [page, movements] = await Promise.all([
    warehousePageData(services.db, shop, query, services.now()),
    warehouseMovements(services, shop),
  ]);
  return { ...page, invalid, ...movements };
}

/** The rows the page's filter and search select, all pages, as CSV in the merchant's language. */
export async function warehouseCsvFile(services: Services, shop: string, url: URL, locale: Locale): Promise<string> {
  const rows = await warehouseExportRows(services.db, shop, parseWarehouseQuery(url));
  return warehouseCsv(rows, translator(locale).messages.warehouse.csv);
}

export async function receptionsAnswerFile(services: Services, shop: string): Promise<string> {
  return JSON.stringify(await receptionsAnswer(services, shop), null, 2);
}

export async function warehouseAction(
  services: Services,
  shop: string,
  form: FormData,
): Promise<{ status: number; result: WarehouseActionData }> {
  const intent = form.get("intent");
  if (intent !== "sync") {
    const error = `unknown action "${String(intent ?? "").slice(0, 40)}"`;
    return { status: 400, result: { kind: "invalid", field: "intent", error } };
  }
  const { db, now } = services;
  if ((await getShopSettings({ db, shop })).settings.stock.enabled) {
    await requestStockSync(db, { shop, runAt: now(), onDemand: true });
    return { status: 200, result: { kind: "sync-requested" } };
  }
  // Switched off: the merchant sees the warehouse, and Shopify's levels stay as they are.
  const read = await readWarehouse(services, shop);
  if (read.kind === "not_connected") return { status: 409, result: { kind: "not-connected" } };
  // A stock read like the stock job's: orders waiting for stock that it covers go again.
  await releaseCoveredOrders(services, shop);
  return { status: 200, result: { kind: "read", products: read.products } };
}
