/**
 * What a fulfilment order the warehouse has became in Shopify, and telling Shopify the warehouse
 * has it: the units its successful fulfilments hold (a CLOSED fulfilment order may have been
 * fulfilled, or merged, moved or refunded away — the 2026-10 schema says "closed after being
 * combined or moved" ones stay listed), and `fulfillmentOrderReportProgress`, after which Shopify
 * shows it in progress and refuses to move or merge it (docs/decisions/007-fulfillment-exactly-once.md).
 */
import type { AdminGraphql } from "./client";
import { dataOf, ShopifyAdminError, throwOnUserErrors } from "./errors";
import type { FulfilledUnitsQuery, ReportWarehouseProgressMutation } from "./types/admin.generated";

// A fulfilment order of a few lines gets one or two fulfilments; past these pages the units
// read short, which makes a closed fulfilment order look not fulfilled: a person looks at it.
// (Shopify prices a query by its page sizes: 5 × 25 asks about 400 points, under the 1,000 limit.)
const FULFILMENTS_PAGE = 5;
const FULFILMENT_LINES_PAGE = 25;

const FULFILLED_UNITS = `#graphql
  query FulfilledUnits($id: ID!, $fulfilments: Int!, $lines: Int!) {
    fulfillmentOrder(id: $id) {
      id
      fulfillments(first: $fulfilments) {
        nodes {
          status
          fulfillmentLineItems(first: $lines) {
            nodes { quantity lineItem { sku variant { sku } } }
          }
        }
      }
    }
  }
`;

const REPORT_PROGRESS = `#graphql
  mutation ReportWarehouseProgress($id: ID!, $notes: String) {
    fulfillmentOrderReportProgress(id: $id, progressReport: { reasonNotes: $notes }) {
      fulfillmentOrder { id status }
      userErrors { field message code }
    }
  }
`;

/** Units per SKU in a fulfilment order's successful fulfilments; null when it no longer exists. */
export async function readFulfilledUnits(admin: AdminGraphql, fulfillmentOrderGid: string): Promise<Map<string, number> | null> {
  const fo = dataOf(
    await admin<FulfilledUnitsQuery>(FULFILLED_UNITS, {
      id: fulfillmentOrderGid,
      fulfilments: FULFILMENTS_PAGE,
      lines: FULFILMENT_LINES_PAGE,
    }),
    "fulfillmentOrder",
  ).fulfillmentOrder;
  if (!fo) return null;
  const units = new Map<string, number>();
  for (const fulfilment of fo.fulfillments.nodes) {
    if (fulfilment.status !== "SUCCESS") continue;
    for (const line of fulfilment.fulfillmentLineItems.nodes) {
      const sku = (line.lineItem.sku?.trim() ? line.lineItem.sku : line.lineItem.variant?.sku)?.trim();
      if (sku) units.set(sku, (units.get(sku) ?? 0) + (line.quantity ?? 0));
    }
  }
  return units;
}

/**
 * Reports that the warehouse has the fulfilment order. Shopify refusing because it is no longer
 * open or in progress (closed, cancelled, on hold meanwhile) is answered `refused`: the order's
 * next decision reads why. Any other refusal throws.
 */
export async function reportWarehouseProgress(
  admin: AdminGraphql,
  args: { fulfillmentOrderGid: string; notes: string },
): Promise<"reported" | "refused"> {
  const operation = "fulfillmentOrderReportProgress";
  const payload = dataOf(
    await admin<ReportWarehouseProgressMutation>(REPORT_PROGRESS, { id: args.fulfillmentOrderGid, notes: args.notes }),
    operation,
  ).fulfillmentOrderReportProgress;
  if (!payload) throw new ShopifyAdminError({ operation, kind: "no_data", message: "no payload" });
  if (payload.userErrors.some((e) => e.code === "FULFILLMENT_ORDER_STATUS_INVALID")) return "refused";
  throwOnUserErrors(operation, payload.userErrors);
  return "reported";
}
