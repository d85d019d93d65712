/**
 * Pure: which Shopify Flow trigger a real event owes the shop, under which key, and the payload
 * Flow receives (enqueued only while a workflow uses the trigger: ./trigger-use.server.ts, ADR 037). The handles and payload keys are those of the trigger extensions in
 * `extensions/flow-*` (their TOML); test/unit/flow/triggers.test.ts holds the two together.
 *
 * Reference fields (`order_reference`, `product_reference`) travel as `order_id` / `product_id`
 * with the resource's numeric id, as Flow expects; the other keys are the TOML fields' keys.
 */
import type { FulfillmentTransitioned, StockLevelsChanged } from "../fulfillment/events";
import { z } from "zod";
import type { EnqueueOf } from "../jobs/queue.server";
import { defineQueue } from "../jobs/registry";

export const FLOW_TRIGGERS = {
  sent: "order-sent-to-warehouse",
  attention: "order-needs-attention",
  tracking: "tracking-received",
  stockLow: "warehouse-stock-low",
} as const;

/** Shopify refuses a `flowTriggerReceive` payload over 50 KB; read as 50,000 bytes, the stricter. */
export const FLOW_PAYLOAD_LIMIT_BYTES = 50_000;

/**
 * Warehouse units at or under which a product is "low" (docs/decisions/025-shopify-flow.md): the
 * service has no reorder figure of its own, so the trigger fires when the available quantity
 * crosses down to this level, and carries the quantity for stricter conditions in the workflow.
 */
export const STOCK_LOW_THRESHOLD = 5;

/** What the trigger job needs, decided when the event happened (stored in the job's payload). */
const flowTriggerJob = z.discriminatedUnion("kind", [
  z.object({
    kind: z.enum(["sent", "attention"]),
    fulfillmentId: z.string().min(1),
    /** The reason's code and parameters (app/fulfillment/core/reason-codes.ts) when it came to need a person. */
    reasonCode: z.string().nullable().optional(),
    reasonParams: z.record(z.string(), z.string()).optional(),
  }),
  z.object({
    kind: z.literal("tracking"),
    fulfillmentId: z.string().min(1),
    tracking: z.object({ number: z.string(), company: z.string().nullable(), url: z.string().nullable() }),
  }),
  z.object({ kind: z.literal("stockLow"), sku: z.string(), inventoryItemId: z.string(), quantity: z.number() }),
]);
export type FlowTriggerJob = z.infer<typeof flowTriggerJob>;

declare module "../jobs/registry" {
  interface JobPayloads {
    "flow.trigger": FlowTriggerJob;
  }
}

/** One job per event; a trigger Shopify did not take is sent again a minute later (not backed off). */
export const FLOW_TRIGGER_QUEUE = defineQueue("flow.trigger", {
  payload: flowTriggerJob,
  retryDelayMs: 60_000,
  retryBackoff: false,
});

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

function stringParams(value: unknown): Record<string, string> {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"));
}

const HANDLE_OF: Record<FlowTriggerJob["kind"], string> = {
  sent: FLOW_TRIGGERS.sent,
  attention: FLOW_TRIGGERS.attention,
  tracking: FLOW_TRIGGERS.tracking,
  stockLow: FLOW_TRIGGERS.stockLow,
};

/** The handle of the trigger a job sends. */
export const triggerHandle = (job: FlowTriggerJob): string => HANDLE_OF[job.kind];

/** A trigger's job, as the events owe it. */
export type FlowTriggerIntent = EnqueueOf<typeof FLOW_TRIGGER_QUEUE>;

function intent(shop: string, key: string, job: FlowTriggerJob, now: Date): FlowTriggerIntent {
  return {
    queue: FLOW_TRIGGER_QUEUE,
    key: `${shop}:${key}`,
    shop,
    payload: { ...job },
    runAt: now,
  };
}

/**
 * The triggers a transition owes: sent to the warehouse (once per record: the service has its
 * order), needs attention (each time it comes to need a person), tracking received (each new
 * tracking number written to Shopify).
 */
export function flowTriggerIntents(t: FulfillmentTransitioned): FlowTriggerIntent[] {
  const intents: FlowTriggerIntent[] = [];
  if (t.to === "submitted" && (t.from === "submitting" || t.from === "unknown_outcome"))
    intents.push(intent(t.shop, `sent:${t.id}`, { kind: "sent", fulfillmentId: t.id }, t.now));
  if (t.to === "needs_attention" && t.from !== t.to) {
    const job: FlowTriggerJob = {
      kind: "attention",
      fulfillmentId: t.id,
      reasonCode: text(t.data?.reasonCode),
      reasonParams: stringParams(t.data?.reasonParams),
    };
    intents.push(intent(t.shop, `attention:${t.id}:${t.now.getTime()}`, job, t.now));
  }
  const number = text(t.data?.trackingNumber);
  if (number) {
    const tracking = { number, company: text(t.data?.trackingCompany), url: text(t.data?.trackingUrl) };
    intents.push(
      intent(t.shop, `tracking:${t.id}:${number}`, { kind: "tracking", fulfillmentId: t.id, tracking }, t.now),
    );
  }
  return intents;
}

/**
 * Stock levels that crossed down to the threshold in one write: each owes a "stock low" trigger.
 */
export function stockLowIntents(args: StockLevelsChanged): FlowTriggerIntent[] {
  return args.changes
    .filter((c) => c.next <= STOCK_LOW_THRESHOLD && (c.previous === null || c.previous > STOCK_LOW_THRESHOLD))
    .map((c) =>
      intent(
        args.shop,
        `stock-low:${c.inventoryItemId}:${c.previous ?? "none"}>${c.next}:${args.now.getTime()}`,
        { kind: "stockLow", sku: c.sku, inventoryItemId: c.inventoryItemId, quantity: c.next },
        args.now,
      ),
    );
}


/** The size Shopify measures: the JSON payload's UTF-8 bytes. */
export function payloadBytes(payload: Record<string, unknown>): number {
  return Buffer.byteLength(JSON.stringify(payload), "utf8");
}
