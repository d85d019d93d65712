/** The badge tone of each state on the merchant's pages; its words are the catalogues' `orders.statuses`. */
import type { FulfillmentStatus } from "../core/status";

type Tone = "info" | "success" | "warning" | "critical" | "attention" | undefined;

export const STATUS_TONES: Record<FulfillmentStatus, Tone> = {
  waiting: "attention",
  pending: "info",
  submitting: "info",
  submitted: "info",
  in_progress: "info",
  shipped: "success",
  delivered: "success",
  needs_attention: "critical",
  unknown_outcome: "warning",
  skipped: undefined,
  awaiting_stock: "attention",
};
