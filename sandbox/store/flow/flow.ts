/**
 * Shopify Flow on the simulated store: the trigger intake (`flowTriggerReceive`) validates what the
 * app sends against the app's trigger extensions as deployed (their handles and fields, given with
 * `defineFlowTriggers`), and the signed action requests Flow POSTs to an action's runtime_url.
 * Everything received and sent is kept for tests to read.
 */
import { randomUUID } from "node:crypto";
import { signBody } from "../webhooks/signature";

/** One `[[settings.fields]]` entry of a trigger extension's TOML. */
interface FlowTriggerField {
  type: string;
  key?: string;
}

export interface FlowTriggerDefinition {
  handle: string;
  fields: FlowTriggerField[];
}

export interface FlowTriggerRun {
  handle: string;
  payload: Record<string, unknown>;
  at: string;
}

export interface FlowTriggerRefusal {
  handle: string | null;
  message: string;
  at: string;
}

export interface FlowActionRecord {
  url: string;
  handle: string;
  actionRunId: string;
  body: Record<string, unknown>;
  /** The app's status; null when it could not be reached (see `error`). */
  status: number | null;
  error?: string;
  answer?: string;
}

export interface FlowShopState {
  triggers: Map<string, FlowTriggerDefinition>;
  received: FlowTriggerRun[];
  refused: FlowTriggerRefusal[];
  actions: FlowActionRecord[];
}

export const newFlowShopState = (): FlowShopState => ({
  triggers: new Map(),
  received: [],
  refused: [],
  actions: [],
});

/** Shopify refuses a trigger payload over 50 KB (taken as 50,000 bytes). */
const FLOW_PAYLOAD_LIMIT_BYTES = 50_000;

/** Reference field types and the payload key Flow reads each from (the resource's numeric id). */
const REFERENCE_KEYS: Record<string, string> = {
  customer_reference: "customer_id",
  order_reference: "order_id",
  product_reference: "product_id",
  product_variant_reference: "product_variant_id",
};

type UserError = { field: string[]; message: string };

/**
 * `flowTriggerReceive(handle:, payload:)`. The checks are Shopify's documented ones (a trigger of
 * the app, the size limit, the payload matching the extension's fields); the messages are the
 * store's own wording.
 */
export function receiveFlowTrigger(
  flow: FlowShopState,
  args: { handle?: string | null; payload?: unknown; body?: string | null },
  now: number,
): { userErrors: UserError[] } {
  const at = new Date(now).toISOString();
  const refuse = (field: string, message: string) => {
    flow.refused.push({ handle: args.handle ?? null, message, at });
    return { userErrors: [{ field: [field], message }] };
  };
  if (args.body != null) return refuse("body", "body is deprecated: send handle and payload");
  const definition = args.handle ? flow.triggers.get(args.handle) : undefined;
  if (!definition) return refuse("handle", `Invalid handle '${args.handle ?? ""}': no trigger of the app has it`);
  if (args.payload === null || typeof args.payload !== "object" || Array.isArray(args.payload))
    return refuse("payload", "payload must be a JSON object");
  const payload = args.payload as Record<string, unknown>;
  const bytes = Buffer.byteLength(JSON.stringify(payload), "utf8");
  if (bytes > FLOW_PAYLOAD_LIMIT_BYTES)
    return refuse("payload", `Payload of ${bytes} bytes exceeds the limit of ${FLOW_PAYLOAD_LIMIT_BYTES} bytes`);
  const expected = new Map<string, string>();
  for (const field of definition.fields) {
    const key = REFERENCE_KEYS[field.type] ?? field.key;
    if (key) expected.set(key, field.type);
  }
  for (const key of Object.keys(payload)) {
    if (!expected.has(key)) return refuse("payload", `Errors validating schema: Invalid field identifier '${key}'`);
  }
  for (const [key, type] of expected) {
    const value = payload[key];
    if (value === undefined || value === null)
      return refuse("payload", `Errors validating schema: Missing required field '${key}'`);
    const wrong = typeMismatch(type, value);
    if (wrong) return refuse("payload", `Errors validating schema: '${key}' ${wrong}`);
  }
  flow.received.push({ handle: definition.handle, payload: structuredClone(payload), at });
  return { userErrors: [] };
}

function typeMismatch(type: string, value: unknown): string | null {
  if (type in REFERENCE_KEYS) return Number.isSafeInteger(value) && (value as number) > 0 ? null : "must be an id";
  if (type === "number_integer") return Number.isInteger(value) ? null : "must be an integer";
  if (type === "number_decimal") return typeof value === "number" ? null : "must be a number";
  if (type === "boolean") return typeof value === "boolean" ? null : "must be true or false";
  return typeof value === "string" ? null : "must be a string";
}

export interface FlowActionDelivery {
  url: string;
  /** The app's client secret; `signature` overrides the signature (to send a bad one). */
  secret: string;
  signature?: string;
  domain: string;
  shopId: string;
  handle: string;
  properties: Record<string, unknown>;
  /** Reuse one to play Flow sending the same run again. */
  actionRunId?: string;
  fetch?: typeof fetch;
}

/** POSTs Flow's signed action request (HMAC-SHA256 of the raw body with the client secret). */
export async function sendFlowAction(flow: FlowShopState, args: FlowActionDelivery): Promise<FlowActionRecord> {
  const actionRunId = args.actionRunId ?? randomUUID();
  const body = {
    shop_id: Number(args.shopId.replace(/\D/g, "")),
    shopify_domain: args.domain,
    action_run_id: actionRunId,
    action_definition_id: args.handle,
    handle: args.handle,
    properties: args.properties,
  };
  const raw = JSON.stringify(body);
  const record: FlowActionRecord = { url: args.url, handle: args.handle, actionRunId, body, status: null };
  try {
    const response = await (args.fetch ?? fetch)(args.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Shopify-Hmac-SHA256": args.signature ?? signBody(raw, args.secret),
      },
      body: raw,
    });
    record.status = response.status;
    record.answer = await response.text().catch(() => "");
  } catch (error) {
    record.error = error instanceof Error ? error.message : String(error);
  }
  flow.actions.push(record);
  return { ...record };
}
