// The order-page extensions' endpoint (extensions/warehouse-status, extensions/warehouse-push):
// GET what the warehouse is doing with an order, POST a merchant action on it. Authenticated with
// the admin's ID token (context.services.shopify.authenticate.admin) and answered with the CORS headers Shopify's
// extension sandbox needs; every record is read and changed within the token's shop only.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import {
  confirmServiceOrderAbsent,
  confirmServiceOrderExists,
  retryFulfillment,
  type MerchantActionResult,
  type MerchantDeps,
} from "../fulfillment/actions/merchant-actions.server";
import { isRecordOfOrder, orderWarehouseStatus } from "../fulfillment/page/order-warehouse-status.server";
import { pushOrderNow } from "../fulfillment/actions/push-order.server";
import { fetchOrderName } from "../fulfillment/shopify/shopify-order.server";

const MAX_BODY_BYTES = 4096;

const orderIdSchema = z.string().regex(/^\d{1,20}$/, "the order id must be Shopify's numeric order id");
const recordId = z.uuid("recordId must be a record id");
const actionSchema = z
  .discriminatedUnion("action", [
    z.object({ action: z.literal("retry"), recordId }),
    z.object({
      action: z.literal("confirm"),
      recordId,
      exists: z.boolean(),
      svcOrderId: z.string().trim().max(100).optional(),
    }),
    z.object({ action: z.literal("push") }),
  ])
  .superRefine((value, ctx) => {
    if (value.action === "confirm" && value.exists && !value.svcOrderId) {
      ctx.addIssue({
        code: "custom",
        path: ["svcOrderId"],
        message: "svcOrderId is required when the order exists at the service",
      });
    }
  });

type Cors = (response: Response) => Response;
const answer = (cors: Cors, body: unknown, status = 200) => cors(Response.json(body, { status }));

function orderGidOf(param: string | undefined): string | { error: string } {
  const parsed = orderIdSchema.safeParse(param ?? "");
  return parsed.success ? `gid://shopify/Order/${parsed.data}` : { error: parsed.error.issues[0]!.message };
}

export const loader = async ({ request, params, context }: LoaderFunctionArgs) => {
  const { session, cors } = await context.services.shopify.authenticate.admin(request);
  const orderGid = orderGidOf(params.orderId);
  if (typeof orderGid !== "string") return answer(cors, orderGid, 400);
  const { db, svcClientFor, adminFor } = context.services;
  const connected = (await svcClientFor(session.shop)) !== null;
  const orderName = async () => fetchOrderName(await adminFor(session.shop), orderGid);
  return answer(cors, await orderWarehouseStatus(db, { shop: session.shop, orderGid, connected, orderName }));
};

export const action = async ({ request, params, context }: ActionFunctionArgs) => {
  const { session, cors } = await context.services.shopify.authenticate.admin(request);
  if (request.method !== "POST") return answer(cors, { ok: false, error: "use POST" }, 405);
  const orderGid = orderGidOf(params.orderId);
  if (typeof orderGid !== "string") return answer(cors, { ok: false, error: orderGid.error }, 400);
  const body = await readBody(request);
  if ("error" in body) return answer(cors, { ok: false, error: body.error }, body.status);
  const parsed = actionSchema.safeParse(body.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return answer(cors, { ok: false, error: `${issue.path.join(".") || "body"}: ${issue.message}` }, 400);
  }
  const deps = context.services;
  const shop = session.shop;
  const request_ = parsed.data;
  if (request_.action !== "push") {
    // The record must belong to this order of this shop: an id from another order is refused.
    const owned = await isRecordOfOrder(deps.db, { shop, orderGid, recordId: request_.recordId });
    if (!owned) return answer(cors, { ok: false, error: "no such record for this order" }, 404);
  }
  const result = await perform(deps, shop, orderGid, request_);
  return answer(cors, result, result.ok ? 200 : 409);
};

async function perform(
  deps: MerchantDeps,
  shop: string,
  orderGid: string,
  request: z.infer<typeof actionSchema>,
): Promise<MerchantActionResult> {
  switch (request.action) {
    case "retry":
      return retryFulfillment(deps, { shop, fulfillmentId: request.recordId });
    case "confirm":
      return request.exists
        ? confirmServiceOrderExists(deps, {
            shop,
            fulfillmentId: request.recordId,
            svcOrderId: request.svcOrderId ?? "",
          })
        : confirmServiceOrderAbsent(deps, { shop, fulfillmentId: request.recordId });
    case "push":
      return pushOrderNow(deps, { shop, orderGid });
  }
}

async function readBody(request: Request): Promise<{ value: unknown } | { error: string; status: number }> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > MAX_BODY_BYTES) return { error: `the body is larger than ${MAX_BODY_BYTES} bytes`, status: 413 };
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return { error: `the body is larger than ${MAX_BODY_BYTES} bytes`, status: 413 };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { error: "the body must be JSON", status: 400 };
  }
}
