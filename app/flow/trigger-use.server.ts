/**
 * Shopify Flow's trigger lifecycle callback (docs/decisions/037-flow-trigger-lifecycle.md): when a
 * merchant enables or disables a workflow that uses one of the app's triggers, Flow POSTs
 * `{ flow_trigger_definition_id, has_enabled_flow, shop_id, shopify_domain, timestamp }` to the
 * URL of the app's `flow_trigger_lifecycle_callback` extension (extensions/flow-lifecycle), signed
 * like a webhook (X-Shopify-Hmac-Sha256). The app keeps, per shop and trigger, whether a workflow
 * uses it, and enqueues a trigger only while one does (`onlyWhileUsed`: the enqueue statement itself reads it).
 *
 * Flow waits five seconds for a 2xx before it lets the merchant enable the workflow: the answer is
 * one statement. A newer timestamp wins: a callback older than the one recorded changes nothing.
 * 401 for a bad signature and 400 for a body that is not a callback (nothing written); 200 for a
 * shop the app does not know (nothing to write: the app sends it nothing, and the merchant must not
 * be kept from enabling the workflow); 503 when the database cannot take it (the merchant is told
 * to try again, and Flow sends it again then).
 */
import { Prisma, type PrismaClient } from "@prisma/client";
import type { Logger } from "pino";
import { z } from "zod";
import type { Env } from "../env.server";
import { readBodyCapped } from "../http/body-limit.server";
import { signedShopDomain } from "../shopify/shop-domain";
import { verifyShopifyHmac } from "../shopify/verify-hmac.server";
import type { FulfillmentSubscriber } from "../fulfillment/events";
import {
  FLOW_TRIGGERS,
  flowTriggerIntents,
  stockLowIntents,
  triggerHandle,
  type FlowTriggerIntent,
} from "./triggers";

const MAX_BODY_BYTES = 16 * 1024;

/**
 * The trigger extensions' names (their TOML's `name`): Flow's documentation shows a trigger's
 * name as its `flow_trigger_definition_id`, so the app knows its triggers by handle and by name.
 * test/unit/flow/trigger-use.test.ts holds these to the TOML.
 * @internal
 */
export const FLOW_TRIGGER_NAMES: Record<(typeof FLOW_TRIGGERS)[keyof typeof FLOW_TRIGGERS], string> = {
  [FLOW_TRIGGERS.sent]: "Order sent to warehouse",
  [FLOW_TRIGGERS.attention]: "Order needs attention",
  [FLOW_TRIGGERS.tracking]: "Tracking received",
  [FLOW_TRIGGERS.stockLow]: "Warehouse stock low",
};

const byId = new Map<string, string>(
  Object.entries(FLOW_TRIGGER_NAMES).flatMap(([handle, name]) => [
    [handle, handle],
    [name.toLowerCase(), handle],
  ]),
);

/** What one callback says, read and checked. */
interface TriggerUse {
  shop: string;
  /** The app's handle; Flow's id as sent when it names none of the app's triggers. */
  trigger: string;
  recognized: boolean;
  enabled: boolean;
  at: Date;
}

const callbackSchema = z.object({
  flow_trigger_definition_id: z.string().trim().min(1).max(255),
  has_enabled_flow: z.boolean(),
  // A number in Flow's table, a string in its example: either, as long as it is an id.
  shop_id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]),
  shopify_domain: z.string().transform((domain, ctx) => {
    const shop = signedShopDomain(domain);
    if (!shop) ctx.addIssue({ code: "custom", message: "not a myshopify.com shop domain" });
    return shop ?? z.NEVER;
  }),
  timestamp: z.iso.datetime({ offset: true }).transform((text) => new Date(text)),
});

/**
 * The callback's body as the app keeps it, or what is wrong with it (each field by name).
 * @internal
 */
export function readTriggerUse(body: unknown): { ok: true; use: TriggerUse } | { ok: false; problems: string[] } {
  const parsed = callbackSchema.safeParse(body);
  if (!parsed.success)
    return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`) };
  const id = parsed.data.flow_trigger_definition_id;
  const handle = byId.get(id) ?? byId.get(id.toLowerCase());
  return {
    ok: true,
    use: {
      shop: parsed.data.shopify_domain,
      trigger: handle ?? id,
      recognized: handle !== undefined,
      enabled: parsed.data.has_enabled_flow,
      at: parsed.data.timestamp,
    },
  };
}

/**
 * The condition a trigger's job is enqueued under (EnqueueOf.onlyIf, evaluated by the enqueue
 * statement itself): the shop has an enabled workflow using the trigger, as Flow's lifecycle
 * callback last said — or one using a trigger Flow named in a way the app cannot match, which may
 * be this one, so sending is the safe side. No workflow, no job: no row, no claim, no Admin call.
 * In a state change the job is a CTE of the change's one statement (ADR 031): no statement more.
 */
function onlyWhileUsed(intent: FlowTriggerIntent): FlowTriggerIntent {
  const handle = triggerHandle(intent.payload);
  return {
    ...intent,
    onlyIf: Prisma.sql`EXISTS (SELECT 1 FROM "FlowTriggerUse" u
      WHERE u.shop = ${intent.shop} AND u.enabled AND (u.trigger = ${handle} OR NOT u.recognized))`,
  };
}

/** Flow's subscription to fulfilment's events (app/fulfillment/events.ts), made by the composition root. */
export const flowFulfillmentSubscriber: FulfillmentSubscriber = {
  transitioned: (event) => flowTriggerIntents(event).map(onlyWhileUsed),
  stockLevelsChanged: (event) => stockLowIntents(event).map(onlyWhileUsed),
};

/**
 * Records a callback in one statement, unless the row holds a newer or equal timestamp (a row with
 * none, from before callbacks existed, gives way to any). Nothing for a shop the app does not know.
 */
async function recordTriggerUse(
  db: Pick<PrismaClient, "$queryRaw">,
  use: TriggerUse,
  now: Date,
): Promise<{ known: boolean; recorded: boolean }> {
  const [row] = await db.$queryRaw<{ known: number; recorded: number }[]>`
    WITH known AS (SELECT domain FROM "Shop" WHERE domain = ${use.shop}),
    recorded AS (
      INSERT INTO "FlowTriggerUse" (shop, trigger, recognized, enabled, at, "updatedAt")
      SELECT domain, ${use.trigger}, ${use.recognized}, ${use.enabled}, ${use.at}, ${now} FROM known
      ON CONFLICT (shop, trigger) DO UPDATE SET recognized = EXCLUDED.recognized, enabled = EXCLUDED.enabled,
        at = EXCLUDED.at, "updatedAt" = EXCLUDED."updatedAt"
      WHERE "FlowTriggerUse".at IS NULL OR "FlowTriggerUse".at < EXCLUDED.at
      RETURNING 1)
    SELECT (SELECT count(*) FROM known)::int AS known, (SELECT count(*) FROM recorded)::int AS recorded`;
  return { known: (row?.known ?? 0) > 0, recorded: (row?.recorded ?? 0) > 0 };
}

/** What the callback uses of the process's services (app/composition.server.ts). */
export interface TriggerLifecycleServices {
  db: Pick<PrismaClient, "$queryRaw">;
  logger: Logger;
  now: () => Date;
  config: Pick<Env, "SHOPIFY_API_SECRET" | "SHOPIFY_API_SECRET_PREVIOUS">;
}

const answer = (status: number, body: unknown) => Response.json(body, { status });

/** The whole endpoint: signature, body, one statement. */
export async function handleTriggerLifecycle(services: TriggerLifecycleServices, request: Request): Promise<Response> {
  if (request.method !== "POST") return answer(405, { error: "POST only" });
  const { db, logger, now, config } = services;
  const read = await readBodyCapped(request, MAX_BODY_BYTES);
  if (!read.ok) return answer(read.status, { error: read.message });
  const signature = request.headers.get("x-shopify-hmac-sha256");
  const { SHOPIFY_API_SECRET: secret, SHOPIFY_API_SECRET_PREVIOUS: previousSecret } = config;
  if (!verifyShopifyHmac({ rawBody: read.body, signature, secret, previousSecret })) {
    logger.warn({ signed: Boolean(signature) }, "Flow trigger lifecycle callback refused: bad signature");
    return answer(401, { error: "invalid signature" });
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(read.body));
  } catch {
    return answer(400, { error: "not a Flow trigger lifecycle callback: the body is not JSON" });
  }
  const parsed = readTriggerUse(body);
  if (!parsed.ok) {
    logger.warn({ problems: parsed.problems }, "Flow trigger lifecycle callback: malformed body");
    return answer(400, { error: `not a Flow trigger lifecycle callback: ${parsed.problems.join("; ")}` });
  }
  const { use } = parsed;
  const log = logger.child({ shop: use.shop, trigger: use.trigger, enabled: use.enabled, at: use.at.toISOString() });
  let result;
  try {
    result = await recordTriggerUse(db, use, now());
  } catch (error) {
    log.error({ err: error instanceof Error ? error.message : String(error) }, "Flow trigger lifecycle not recorded");
    return answer(503, { error: "not recorded; try again" });
  }
  if (!result.known) log.warn("Flow trigger lifecycle callback for a shop the app does not know: nothing recorded");
  else if (!use.recognized) log.warn("Flow trigger lifecycle callback names no trigger of the app: every trigger counts");
  else log.info({ recorded: result.recorded }, "Flow trigger lifecycle callback");
  return answer(200, { recorded: result.recorded });
}
