// The badge tone of each catalogue state.
import type { CatalogStatus } from "~/catalog/status";

export const STATUS_TONES: Record<CatalogStatus, "success" | "info" | "attention" | "warning" | "critical" | undefined> = {
  pending: "info",
  synced: "success",
  exists_at_service: "success",
  skipped: "attention",
  failed: "critical",
  drifted: "warning",
};
