import type { ReceptionsView, WithdrawalsView } from "~/warehouse/movements.server";
import type { WarehousePageData } from "~/warehouse/warehouse-page.server";

export interface WarehouseLoaderData extends WarehousePageData {
  /** What in the URL the page could not honour (the page shows the unfiltered list with this error). */
  invalid: { field: "status" | "q" | "page"; error: string } | null;
  receptions: ReceptionsView;
  withdrawals: WithdrawalsView;
}

export type WarehouseActionData =
  | { kind: "sync-requested" }
  | { kind: "read"; products: number }
  | { kind: "not-connected" }
  | { kind: "invalid"; field: "intent"; error: string };
