/**
 * Shopify Flow actions: Flow POSTs `{ shop_id, shopify_domain, action_run_id, handle, properties }`
 * to the action's runtime_url, signed like a webhook (base64 HMAC-SHA256 of the raw body with the
 * client secret in X-Shopify-Hmac-Sha256). A bad signature is 401; a malformed body 400. The work
 * is the Pedidos actions' own (app/fulfillment/), done once per action_run_id: Flow sends a run
 * again after a 5xx or a timeout, and a repeated request answers what the first one did.
 *
 * Answers as Flow reads them: 200 done; 4xx the action failed for good (the order is not paid,
 * nothing needs attention: Flow shows the message in the run); 5xx try again later, and the run is
 * not recorded so the retry performs it. A run is performed under a lease (FLOW_RUN_LEASE_MS): one
 * whose request died mid-way, or whose result could not be written, is taken over by a later
 * delivery once the lease has run out, never left answering 503 for good.
 */
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { z } from "zod";
import type { Env } from "../env.server";
import {
  refused,
  retryFulfillment,
  type MerchantActionResult,
  type MerchantDeps,
} from "../fulfillment/actions/merchant-actions.server";
import { pushOrderNow } from "../fulfillment/actions/push-order.server";
import { outcomeRecordEn } from "../i18n/messages.en";
import { readBodyCapped } from "../http/body-limit.server";
import { signedShopDomain } from "../shopify/shop-domain";
import { verifyShopifyHmac } from "../shopify/verify-hmac.server";

const MAX_BODY_BYTES = 64 * 1024;
/** A run another request is performing right now: Flow asks again later and gets its answer. */
const IN_PROGRESS = 0;
/**
 * How long a request holds the run it performs. The work is one merchant action (a few service
 * and Admin calls, each with its own timeout, Admin pacing at most a minute), and Flow gives up on
 * an answer after 30 s: a holder past this is gone (crashed, or its final write failed), and the
 * next delivery of the run takes it over rather than answering 503 until Flow gives up.
 * @internal
 */
export const FLOW_RUN_LEASE_MS = 5 * 60_000;

export const FLOW_ACTIONS = {
  sendOrder: "send-order-to-warehouse",
  retryOrder: "retry-order-needs-attention",
} as const;

const requestSchema = z.object({
  // The shop as every signed entry point reads it (lower-cased; a myshopify.com domain or refused).
  shopify_domain: z.string().transform((domain, ctx) => {
    const shop = signedShopDomain(domain);
    if (!shop) ctx.addIssue({ code: "custom", message: "not a myshopify.com shop domain" });
    return shop ?? z.NEVER;
  }),
  action_run_id: z.string().min(1).max(255),
  handle: z.string().min(1),
  properties: z.object({
    // An order reference field: Flow sends the order's id (numeric, or as a gid).
    order_id: z.union([z.number().int().positive(), z.string().regex(/^(gid:\/\/shopify\/Order\/)?\d+$/)]),
  }),
});

export type FlowActionWork = (
  deps: MerchantDeps,
  args: { shop: string; orderGid: string },
) => Promise<MerchantActionResult>;

/** What a Flow action uses of the process's services (app/composition.server.ts). */
export type FlowActionServices = MerchantDeps & {
  logger: Logger;
  config: Pick<Env, "SHOPIFY_API_SECRET" | "SHOPIFY_API_SECRET_PREVIOUS">;
};

/** "Send order to warehouse": the order page's "Send to warehouse now". */
export const sendOrderNow: FlowActionWork = (deps, args) => pushOrderNow(deps, args);

/** "Retry order that needs attention": Pedidos' retry, for every part of the order that needs it. */
export const retryOrderNeedingAttention: FlowActionWork = async (deps, args) => {
  const records = await deps.db.fulfillment.findMany({
    where: { shop: args.shop, orderGid: args.orderGid, status: "needs_attention" },
    select: { id: true },
    orderBy: { createdAt: "asc" },
  });
  if (records.length === 0) return refused("notRetryable");
  const results: MerchantActionResult[] = [];
  for (const record of records)
    results.push(await retryFulfillment(deps, { shop: args.shop, fulfillmentId: record.id }));
  return results.find((r) => !r.ok) ?? results[0]!;
};

const answer = (status: number, body: unknown) => Response.json(body, { status });

/** The whole endpoint for one action `handle`: signature, body, once per run, the work. */
export async function handleFlowAction(
  services: FlowActionServices,
  request: Request,
  handle: string,
  work: FlowActionWork,
): Promise<Response> {
  if (request.method !== "POST") return answer(405, { error: "POST only" });
  const read = await readBodyCapped(request, MAX_BODY_BYTES);
  if (!read.ok) return answer(read.status, { error: read.message });
  const { SHOPIFY_API_SECRET: secret, SHOPIFY_API_SECRET_PREVIOUS: previousSecret } = services.config;
  const { db, logger, now, svcClientFor, adminFor } = services;
  const signature = request.headers.get("x-shopify-hmac-sha256");
  if (!verifyShopifyHmac({ rawBody: read.body, signature, secret, previousSecret })) {
    logger.warn({ handle, signed: Boolean(signature) }, "Flow action refused: bad signature");
    return answer(401, { error: "invalid signature" });
  }
  let parsed;
  try {
    parsed = requestSchema.safeParse(JSON.parse(new TextDecoder().decode(read.body)));
  } catch {
    parsed = null;
  }
  if (!parsed?.success || parsed.data.handle !== handle) {
    logger.warn(
      { handle, issues: parsed?.error?.issues.map((i) => i.path.join(".")) },
      "Flow action: malformed request",
    );
    return answer(400, { error: `not a request of the ${handle} action` });
  }
  const { shopify_domain: shop, action_run_id: actionRunId, properties } = parsed.data;
  const log = logger.child({ shop, handle, actionRunId });
  if (!(await db.shop.findUnique({ where: { domain: shop }, select: { domain: true } }))) {
    log.warn("Flow action for a shop the app does not know");
    return answer(404, { error: "the app is not installed on this shop" });
  }

  const token = randomUUID();
  if (!(await holdRun(db, { shop, actionRunId, handle, token, now: now() }))) {
    const done = await db.flowActionRun.findUnique({ where: { shop_actionRunId: { shop, actionRunId } } });
    if (!done || done.status === IN_PROGRESS) return answer(503, { error: "this run is being performed" });
    log.info({ status: done.status }, "Flow action run already performed: answered as before");
    return answer(done.status, wordedForFlow(done.result));
  }

  // Only the holder's writes count: a request whose lease was taken over records nothing.
  const held = { shop, actionRunId, leaseToken: token };
  const orderId = String(properties.order_id).replace(/^gid:\/\/shopify\/Order\//, "");
  let result: MerchantActionResult;
  try {
    result = await work({ db, now, svcClientFor, adminFor }, { shop, orderGid: `gid://shopify/Order/${orderId}` });
  } catch (error) {
    // Not recorded: Flow's retry performs it. (Should this delete fail, the lease runs out instead.)
    await db.flowActionRun.deleteMany({ where: held });
    log.error({ err: error instanceof Error ? error.message : String(error) }, "Flow action failed; Flow will retry");
    return answer(500, { error: "the action failed; Flow will try again" });
  }
  const status = result.ok ? 200 : 422;
  const recorded = await db.flowActionRun.updateMany({
    where: held,
    data: { status, result: { ...result }, leaseToken: null, leaseExpiresAt: null },
  });
  if (recorded.count === 0) log.warn({ status }, "Flow action run was taken over before its result was recorded");
  const worded = wordedForFlow(result);
  log.info({ status, code: result.code, outcome: worded.message ?? worded.error }, "Flow action performed");
  return answer(status, worded);
}

/**
 * The result as Flow shows it in the run: Flow words nothing, so the answer carries the code and
 * params and the English record (`message` when done, `error` when refused) from the English
 * catalogue. A run recorded before results were coded answers as it was recorded.
 */
function wordedForFlow(recorded: unknown): { message?: string; error?: string } & Record<string, unknown> {
  const result = (recorded ?? {}) as Partial<MerchantActionResult> & Record<string, unknown>;
  if (typeof result.code !== "string") return result;
  const said = outcomeRecordEn({ code: result.code, params: result.params ?? {} });
  return result.ok ? { ...result, message: said } : { ...result, error: said };
}

/**
 * Takes the run for this request, in one statement: a new run, or one still in progress whose
 * holder's lease has run out (a run from before leases counts from its creation). Two deliveries
 * at once never both get it: the second waits on the first's row and then sees a live lease.
 */
async function holdRun(
  db: FlowActionServices["db"],
  args: { shop: string; actionRunId: string; handle: string; token: string; now: Date },
): Promise<boolean> {
  const until = new Date(args.now.getTime() + FLOW_RUN_LEASE_MS);
  const held = await db.$queryRaw<unknown[]>`
    INSERT INTO "FlowActionRun" (shop, "actionRunId", handle, status, result, "leaseToken", "leaseExpiresAt", "createdAt")
    VALUES (${args.shop}, ${args.actionRunId}, ${args.handle}, ${IN_PROGRESS}, '{}'::jsonb, ${args.token}::uuid, ${until}, ${args.now})
    ON CONFLICT (shop, "actionRunId") DO UPDATE SET "leaseToken" = EXCLUDED."leaseToken",
      "leaseExpiresAt" = EXCLUDED."leaseExpiresAt", handle = EXCLUDED.handle
    WHERE "FlowActionRun".status = ${IN_PROGRESS}
      AND COALESCE("FlowActionRun"."leaseExpiresAt", "FlowActionRun"."createdAt" + ${`${FLOW_RUN_LEASE_MS} milliseconds`}::interval)
          <= ${args.now}
    RETURNING 1`;
  return held.length === 1;
}
