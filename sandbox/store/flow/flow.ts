/**
 * Shopify Flow on the simulated store: the trigger intake (`flowTriggerReceive`) validates what the
 * app sends against the app's trigger extensions as deployed (their handles and fields, given with
 * `defineFlowTriggers`), the signed action requests Flow POSTs to an action's runtime_url, and the
 * workflows a merchant enables and disables: each change POSTs the signed trigger lifecycle
 * callback to the app's `flow_trigger_lifecycle_callback` URL, and an enable that the app does not
 * answer 2xx within five seconds is refused, as Flow refuses it ("Track Flow lifecycle events").
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
  /** The extension's name: what the lifecycle callback names the trigger by (Flow's example does). */
  name?: string;
  fields: FlowTriggerField[];
}

/** A workflow of the merchant's, started by one of the app's triggers. */
export interface FlowWorkflow {
  id: string;
  handle: string;
  enabled: boolean;
}

/** One trigger lifecycle callback: sent (with the app's answer) or held to be delivered late. */
export interface FlowLifecycleRecord {
  id: string;
  url: string;
  body: Record<string, unknown>;
  /** The app's status; null when held or when the app could not be reached (see `error`). */
  status: number | null;
  held: boolean;
  error?: string;
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
  /** The lifecycle callback extension's url (relative: against the app's URL); none: Flow calls nothing. */
  lifecycleUrl: string | null;
  workflows: Map<string, FlowWorkflow>;
  lifecycle: FlowLifecycleRecord[];
}

export const newFlowShopState = (): FlowShopState => ({
  triggers: new Map(),
  received: [],
  refused: [],
  actions: [],
  lifecycleUrl: null,
  workflows: new Map(),
  lifecycle: [],
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

/** Flow lets a merchant enable a workflow only if the app answers its callback 2xx within this. */
const LIFECYCLE_ANSWER_MS = 5_000;

export interface FlowWorkflowChange {
  handle: string;
  enabled: boolean;
  /** One workflow per trigger unless named: a second id is a second workflow using the trigger. */
  workflowId?: string;
  /** A disable's callback kept back, to be delivered late (deliverFlowLifecycle): Flow's reorder. */
  hold?: boolean;
  /** Overrides the signature (to send a bad one). */
  signature?: string;
}

export interface FlowAppEndpoint {
  /** The app's URL, that a relative lifecycle url is resolved against (as the CLI does). */
  appUrl?: string;
  secret: string;
  domain: string;
  shopId: string;
  fetch?: typeof fetch;
}

/**
 * A merchant enables or disables a workflow using `change.handle`: Flow POSTs the signed lifecycle
 * callback saying whether an enabled workflow still uses the trigger. An enable stands only if
 * the app answered 2xx in time; a disable stands whatever the app answers.
 */
export async function changeFlowWorkflow(
  flow: FlowShopState,
  change: FlowWorkflowChange,
  app: FlowAppEndpoint,
  now: number,
): Promise<{ workflow: FlowWorkflow; callback: FlowLifecycleRecord | null }> {
  const definition = flow.triggers.get(change.handle);
  if (!definition) throw new Error(`no trigger of the app has the handle '${change.handle}'`);
  if (change.hold && change.enabled) throw new Error("only a disable's callback can be held: an enable waits for the app");
  const id = change.workflowId ?? change.handle;
  const workflow = flow.workflows.get(id) ?? { id, handle: change.handle, enabled: false };
  const usedAfter = (enabled: boolean) =>
    [...flow.workflows.values()].some((w) => w.id !== id && w.handle === change.handle && w.enabled) || enabled;
  if (!flow.lifecycleUrl) {
    flow.workflows.set(id, { ...workflow, enabled: change.enabled });
    return { workflow: { ...flow.workflows.get(id)! }, callback: null };
  }
  const body = {
    flow_trigger_definition_id: definition.name ?? definition.handle,
    has_enabled_flow: usedAfter(change.enabled),
    shop_id: Number(app.shopId.replace(/\D/g, "")),
    shopify_domain: app.domain,
    timestamp: new Date(now).toISOString(),
  };
  const callback: FlowLifecycleRecord = {
    id: randomUUID(),
    url: app.appUrl ? new URL(flow.lifecycleUrl, app.appUrl).toString() : flow.lifecycleUrl,
    body,
    status: null,
    held: Boolean(change.hold),
  };
  flow.lifecycle.push(callback);
  if (!change.hold) await postLifecycle(callback, app, change.signature);
  const answered = callback.status !== null && callback.status >= 200 && callback.status < 300;
  if (!change.enabled || answered) flow.workflows.set(id, { ...workflow, enabled: change.enabled });
  return { workflow: { ...(flow.workflows.get(id) ?? workflow) }, callback: { ...callback } };
}

/** Delivers a held lifecycle callback now, late, with the timestamp it was made with. */
export async function deliverFlowLifecycle(
  flow: FlowShopState,
  id: string,
  app: FlowAppEndpoint,
): Promise<FlowLifecycleRecord> {
  const callback = flow.lifecycle.find((c) => c.id === id && c.held);
  if (!callback) throw new Error(`no held lifecycle callback ${id}`);
  callback.held = false;
  await postLifecycle(callback, app);
  return { ...callback };
}

async function postLifecycle(callback: FlowLifecycleRecord, app: FlowAppEndpoint, signature?: string) {
  const raw = JSON.stringify(callback.body);
  try {
    const response = await (app.fetch ?? fetch)(callback.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Hmac-SHA256": signature ?? signBody(raw, app.secret) },
      body: raw,
      signal: AbortSignal.timeout(LIFECYCLE_ANSWER_MS),
    });
    callback.status = response.status;
    await response.text().catch(() => "");
  } catch (error) {
    callback.error = error instanceof Error ? error.message : String(error);
  }
}
