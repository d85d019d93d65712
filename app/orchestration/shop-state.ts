/**
 * The shop's one state, pure: from what the database holds (the connection, the catalogue's and
 * the orders' counts, the stored readiness checklist, the setup guide's own marks) to everything
 * Inicio (steps, figures, checklist) and Configuración's banner show, so no page can say one thing
 * while another says the opposite. app/orchestration/shop-state.server.ts reads the facts in one
 * snapshot.
 *
 * The stored checklist is what the last check observed; what the database knows since (a
 * disconnect, a catalogue synced, an order at the warehouse) wins over it: an item the database
 * answers is answered from it, and one it contradicts but cannot answer reads «rechecking» until
 * the check those changes queued has run (app/orchestration/readiness-subscriber.ts).
 */
import type { ReadinessItem } from "./readiness";
import { setupGuide, type SetupGuide } from "./setup-guide";

export interface ShopFacts {
  /** The service API key is stored. */
  connected: boolean;
  environment: "qa" | "production";
  carrierServiceState: string | null;
  carrierServiceProblem: string | null;
  /** Catálogo's counts: «registered» and «needs_work» are its filters; `quotable` what a test quote can use. */
  variants: { registered: number; needsWork: number; pending: number; quotable: number };
  /** A catalogue sync ran to its end. */
  catalogSynced: boolean;
  /** Pedidos' counts, each the filter it opens. */
  orders: { sent: number; shipped: number; delivered: number; needsAttention: number; awaitingStock: number };
  /** What the app's order reads showed of the buyer's protected fields; null before any. */
  customerDataAccess: "granted" | "withheld" | null;
  rateTested: boolean;
  ordersGuideSeen: boolean;
  /** The last stored checklist, or null before the first check. */
  readiness: StoredChecklist | null;
}

export interface StoredChecklist {
  checkedAt: string;
  ready: boolean;
  items: ReadinessItem[];
  marketDriven: boolean | null;
  regressedAt: string | null;
  addRatesError: string | null;
}

/**
 * Configuración's banner about checkout rates: live only when the checklist is all «Listo».
 * "incomplete": the rates service is registered but something on the checklist is missing.
 */
export type RatesBanner = "connect_first" | "plan" | "error" | "active" | "incomplete" | "not_registered";

export interface ShopState {
  connected: boolean;
  environment: "qa" | "production";
  /** The checklist as the pages show it (null before the first check, or when not connected). */
  readiness: StoredChecklist | null;
  /** Every checklist item «Listo». */
  ready: boolean;
  setup: SetupGuide;
  banner: RatesBanner;
  variantsSynced: number;
  variantsNeedingWork: number;
  ordersSubmitted: number;
  ordersInTransit: number;
  ordersDelivered: number;
  ordersNeedingAttention: number;
  ordersAwaitingStock: number;
}

const rechecking = (item: ReadinessItem): ReadinessItem => ({
  ...item,
  status: "unknown",
  reason: "rechecking",
  params: {},
  fix: null,
});

/** One item of the stored checklist, set right by what the database knows since the check. */
function reconcileItem(item: ReadinessItem, facts: ShopFacts): ReadinessItem {
  switch (item.code) {
    case "key_valid":
      // The check ran before the key was stored (or the key was stored anew): the check queued by
      // connecting says whether the service accepts it.
      return item.reason === "not_connected" ? rechecking(item) : item;
    case "test_quote":
      if (facts.variants.quotable === 0)
        return { ...item, status: "unknown", reason: "nothing_to_quote", params: {}, fix: null };
      return item.reason === "nothing_to_quote" ? rechecking(item) : item;
    case "customer_data":
      if (facts.customerDataAccess === "granted") return { ...item, status: "ok", reason: null, params: {}, fix: null };
      if (facts.customerDataAccess === "withheld")
        return {
          ...item,
          status: "problem",
          reason: "withheld",
          params: {},
          fix: { kind: "developer_steps", steps: "customer_data" },
        };
      return item.reason === "no_orders" && facts.orders.sent > 0 ? rechecking(item) : item;
    default:
      return item;
  }
}

/** The shop's state as every page shows it. */
export function shopState(facts: ShopFacts): ShopState {
  const stored = facts.connected ? facts.readiness : null;
  const items = stored?.items.map((item) => reconcileItem(item, facts)) ?? [];
  const ready = Boolean(stored) && items.length > 0 && items.every((item) => item.status === "ok");
  const readiness = stored && { ...stored, items, ready };
  return {
    connected: facts.connected,
    environment: facts.environment,
    readiness,
    ready,
    setup: setupGuide({
      connected: facts.connected,
      // The catalogue is synced while this account holds its products: a disconnect forgets them.
      catalogSynced: facts.connected && facts.catalogSynced && facts.variants.registered > 0,
      checkoutReady: facts.connected && ready,
      rateTested: facts.rateTested,
      ordersUnderstood: facts.ordersGuideSeen || facts.orders.sent > 0,
    }),
    banner: ratesBanner(facts, ready),
    variantsSynced: facts.variants.registered,
    variantsNeedingWork: facts.variants.needsWork,
    ordersSubmitted: facts.orders.sent,
    ordersInTransit: facts.orders.shipped,
    ordersDelivered: facts.orders.delivered,
    ordersNeedingAttention: facts.orders.needsAttention,
    ordersAwaitingStock: facts.orders.awaitingStock,
  };
}

function ratesBanner(facts: ShopFacts, ready: boolean): RatesBanner {
  if (!facts.connected) return "connect_first";
  switch (facts.carrierServiceState) {
    case "not_allowed_by_plan":
      return "plan";
    case "error":
      return "error";
    case "active":
      return ready ? "active" : "incomplete";
    default:
      return "not_registered";
  }
}
