/**
 * Pedidos' list as CSV: the records the page's filter and search select (recordsWhere, the page's
 * own), every page of them, newest first, in the merchant's language. Streamed: records are read
 * CSV_BATCH at a time (keyset on the page's order), so 10,000 orders never sit in memory at once.
 */
import type { PrismaClient } from "@prisma/client";
import type { Translator } from "../../i18n/locale";
import { CSV_BOM, csvLine } from "../../text/csv";
import { orderFactsOf } from "./order-facts.server";
import { keptOrders, recordsWhere } from "./orders-page.server";
import { isFulfillmentStatus } from "../core/status";

/**
 * Records read per query while streaming.
 * @internal
 */
export const CSV_BATCH = 500;

/** A day and time as a spreadsheet sorts it, on Mexico City's clock: "2026-11-20 10:15". */
const spreadsheetTime = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "America/Mexico_City",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

export function ordersCsvStream(
  db: PrismaClient,
  args: { shop: string; status: string | null; q: string },
  i18n: Translator,
): ReadableStream<Uint8Array> {
  const m = i18n.messages.orders;
  const services: Record<string, string> = i18n.messages.settings.services;
  const encoder = new TextEncoder();
  let selection: Awaited<ReturnType<typeof recordsWhere>> | null = null;
  let cursor: string | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        selection = await recordsWhere(db, args);
        const c = m.csv;
        controller.enqueue(
          encoder.encode(
            CSV_BOM +
              csvLine([
                c.order,
                c.placedAt,
                c.status,
                c.city,
                c.items,
                c.total,
                c.currency,
                c.service,
                c.serviceOrder,
                c.trackingNumber,
                c.trackingCompany,
              ]),
          ),
        );
        return;
      }
      const records = await db.fulfillment.findMany({
        where: selection!.where,
        orderBy: [{ createdAt: "desc" }, { id: "asc" }],
        ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
        take: CSV_BATCH,
        select: {
          id: true,
          shopifyOrderId: true,
          orderName: true,
          status: true,
          request: true,
          serviceCode: true,
          svcOrderId: true,
          trackingNumber: true,
          trackingCompany: true,
        },
      });
      if (records.length === 0) {
        controller.close();
        return;
      }
      cursor = records.at(-1)!.id;
      const orders = await keptOrders(db, args.shop, records);
      const text = records
        .map((r) => {
          const facts = orderFactsOf(r.request, orders.get(r.shopifyOrderId));
          return csvLine([
            r.orderName,
            facts.placedAt ? spreadsheetTime.format(new Date(facts.placedAt)) : "",
            isFulfillmentStatus(r.status) ? m.statuses[r.status] : r.status,
            facts.city ?? "",
            facts.items === null ? "" : String(facts.items),
            facts.total?.amount ?? "",
            facts.total?.currency ?? "",
            r.serviceCode ? (services[r.serviceCode] ?? r.serviceCode) : "",
            r.svcOrderId ?? "",
            r.trackingNumber ?? "",
            r.trackingCompany ?? "",
          ]);
        })
        .join("");
      controller.enqueue(encoder.encode(text));
      if (records.length < CSV_BATCH) controller.close();
    },
  });
}
