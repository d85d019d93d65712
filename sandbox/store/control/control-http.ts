import type { DeliveryMethodType } from "../state/records";
import type { AddressInput } from "../orders/order-input";
import { ControlError, type StoreControl } from "./store-control";

const PREFIX = /^\/__sandbox\/shops\/([^/]+)(\/.*)$/;
const METHODS = new Set<DeliveryMethodType>(["SHIPPING", "PICK_UP", "LOCAL", "RETAIL", "NONE", "PICKUP_POINT"]);

/** True for the control API's paths, which share the store's server with the Admin API. */
export const isControlPath = (pathname: string): boolean => pathname.startsWith("/__sandbox/");

type Body = Record<string, unknown>;

const bad = (message: string): never => {
  throw new ControlError(400, message);
};

function object(value: unknown, field: string): Body {
  if (value === null || typeof value !== "object" || Array.isArray(value)) bad(`${field} must be an object`);
  return value as Body;
}

function optionalString(body: Body, key: string, label = key): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" || !value.trim()) bad(`${label} must be a non-empty string`);
  return value as string;
}

function requiredString(body: Body, key: string, label = key): string {
  return optionalString(body, key, label) ?? bad(`${label} is required`);
}

function deliver(body: Body): boolean | undefined {
  if (body.deliver === undefined) return undefined;
  if (typeof body.deliver !== "boolean") bad("deliver must be true or false");
  return body.deliver as boolean;
}

/** `{ SKU: quantity }` with non-negative integers. */
function skuQuantities(value: unknown, field: string, allowZero: boolean): Record<string, number> {
  const map = object(value, field);
  const entries = Object.entries(map);
  if (entries.length === 0) bad(`${field} must name at least one SKU`);
  for (const [sku, quantity] of entries) {
    if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < (allowZero ? 0 : 1))
      bad(`${field}.${sku} must be an integer ${allowZero ? "of 0 or more" : "of 1 or more"}`);
  }
  return map as Record<string, number>;
}

function orderInput(body: Body) {
  if (!Array.isArray(body.lineItems) || body.lineItems.length === 0) bad("lineItems must be a non-empty array");
  const lines = (body.lineItems as unknown[]).map((raw, index) => {
    const line = object(raw, `lineItems[${index}]`);
    if (line.sku === undefined && line.variantId === undefined) bad(`lineItems[${index}] needs sku or variantId`);
    if (typeof line.quantity !== "number" || !Number.isInteger(line.quantity) || line.quantity < 1)
      bad(`lineItems[${index}].quantity must be an integer of 1 or more`);
    if (line.deliveryMethod !== undefined && !METHODS.has(line.deliveryMethod as DeliveryMethodType))
      bad(`lineItems[${index}].deliveryMethod must be one of ${[...METHODS].join(", ")}`);
    if (line.location !== undefined && typeof line.location !== "string")
      bad(`lineItems[${index}].location must be a string`);
    return line;
  });
  if (body.deliveryMethod !== undefined && !METHODS.has(body.deliveryMethod as DeliveryMethodType))
    bad(`deliveryMethod must be one of ${[...METHODS].join(", ")}`);
  return { ...body, lineItems: lines } as unknown as Parameters<StoreControl["createOrder"]>[1];
}

/**
 * The control API over HTTP: `/__sandbox/shops/{shop}/…` (see README "Test control API").
 * Answers JSON; 400 names the bad field, 404 an unknown thing, 409 a change Shopify would refuse.
 */
export function createControlHandler(control: StoreControl): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      const url = new URL(request.url);
      const match = PREFIX.exec(url.pathname);
      if (!match) throw new ControlError(404, `no control route ${url.pathname}`);
      const domain = decodeURIComponent(match[1]!);
      const path = match[2]!.replace(/\/$/, "");
      const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
      const method = request.method;
      let body: Body = {};
      if (method === "POST" || method === "PUT") {
        const text = await request.text();
        if (text.trim()) {
          try {
            body = object(JSON.parse(text), "body");
          } catch (error) {
            if (error instanceof ControlError) throw error;
            bad("body must be JSON");
          }
        }
      }
      const route = `${method} /${parts.map((p, i) => (isId(parts, i) ? ":id" : p)).join("/")}`;
      const id = parts[1]!;
      switch (route) {
        case "PUT /app": {
          const secret = requiredString(body, "secret");
          if (!Array.isArray(body.webhooks)) bad("webhooks must be an array of { topic, uri }");
          const webhooks = (body.webhooks as unknown[]).map((raw, index) => {
            const w = object(raw, `webhooks[${index}]`);
            return {
              topic: requiredString(w, "topic", `webhooks[${index}].topic`),
              uri: requiredString(w, "uri", `webhooks[${index}].uri`),
            };
          });
          const appUrl = optionalString(body, "appUrl");
          if (appUrl !== undefined && !URL.canParse(appUrl)) bad("appUrl must be an absolute URL");
          for (const w of webhooks)
            if (!URL.canParse(w.uri, appUrl)) bad(`webhook uri ${w.uri} is not a URL (give appUrl for relative ones)`);
          control.setApp(domain, { secret, appUrl, webhooks });
          return json(200, { ok: true });
        }
        case "PUT /customer-data":
          return json(200, control.setCustomerDataAccess(domain, { level: body.level, fields: body.fields }));
        case "GET /locations":
          return json(200, control.locations(domain));
        case "POST /locations": {
          const name = requiredString(body, "name");
          const address = body.address === undefined ? undefined : object(body.address, "address");
          if (body.fulfillsOnlineOrders !== undefined && typeof body.fulfillsOnlineOrders !== "boolean")
            bad("fulfillsOnlineOrders must be true or false");
          return json(
            201,
            control.addLocation(domain, {
              name,
              address,
              fulfillsOnlineOrders: body.fulfillsOnlineOrders as boolean | undefined,
            }),
          );
        }
        case "POST /orders":
          return json(201, await control.createOrder(domain, orderInput(body)));
        case "GET /orders/:id":
          return json(200, control.order(domain, id));
        case "POST /orders/:id/cancel":
          return json(
            200,
            await control.cancel(domain, id, { reason: optionalString(body, "reason"), deliver: deliver(body) }),
          );
        case "POST /orders/:id/refund":
          return json(
            200,
            await control.refund(domain, id, {
              lines: skuQuantities(body.lines, "lines", false),
              deliver: deliver(body),
            }),
          );
        case "PUT /orders/:id/shipping_address": {
          const address = object(body.address, "address");
          for (const [key, value] of Object.entries(address))
            if (value !== null && typeof value !== "string") bad(`address.${key} must be a string or null`);
          return json(
            200,
            await control.changeShippingAddress(domain, id, {
              address: address as AddressInput,
              deliver: deliver(body),
            }),
          );
        }
        case "POST /orders/:id/edit": {
          const quantities =
            body.quantities === undefined ? undefined : skuQuantities(body.quantities, "quantities", true);
          let add: { sku: string; quantity: number }[] | undefined;
          if (body.add !== undefined) {
            if (!Array.isArray(body.add)) bad("add must be an array of { sku, quantity }");
            add = (body.add as unknown[]).map((raw, index) => {
              const line = object(raw, `add[${index}]`);
              const sku = requiredString(line, "sku", `add[${index}].sku`);
              if (typeof line.quantity !== "number" || !Number.isInteger(line.quantity) || line.quantity < 1)
                bad(`add[${index}].quantity must be an integer of 1 or more`);
              return { sku, quantity: line.quantity as number };
            });
          }
          if (!quantities && !add?.length) bad("an edit needs quantities or add");
          return json(200, await control.edit(domain, id, { quantities, add, deliver: deliver(body) }));
        }
        case "POST /fulfillment_orders/:id/hold":
          return json(
            200,
            await control.hold(domain, id, {
              reason: optionalString(body, "reason"),
              notes: optionalString(body, "notes") ?? null,
              handle: optionalString(body, "handle") ?? null,
              deliver: deliver(body),
            }),
          );
        case "POST /fulfillment_orders/:id/release_hold": {
          if (
            body.holdIds !== undefined &&
            (!Array.isArray(body.holdIds) || body.holdIds.some((h) => typeof h !== "string"))
          )
            bad("holdIds must be an array of hold ids");
          return json(
            200,
            await control.releaseHold(domain, id, {
              holdIds: body.holdIds as string[] | undefined,
              deliver: deliver(body),
            }),
          );
        }
        case "POST /fulfillment_orders/:id/split":
          return json(
            200,
            await control.split(domain, id, {
              lines: skuQuantities(body.lines, "lines", false),
              deliver: deliver(body),
            }),
          );
        case "POST /fulfillment_orders/merge": {
          if (!Array.isArray(body.ids) || body.ids.length < 2 || body.ids.some((i) => typeof i !== "string"))
            bad("ids must be an array of at least two fulfilment order ids");
          let lines: Record<string, Record<string, number>> | undefined;
          if (body.lines !== undefined) {
            if (!body.lines || typeof body.lines !== "object" || Array.isArray(body.lines))
              bad("lines must be an object: fulfilment order id → { SKU: units }");
            lines = Object.fromEntries(
              Object.entries(body.lines as Record<string, unknown>).map(([foId, units]) => [
                foId,
                skuQuantities(units, `lines.${foId}`, false),
              ]),
            );
          }
          return json(200, await control.merge(domain, { ids: body.ids as string[], lines, deliver: deliver(body) }));
        }
        case "POST /fulfillment_orders/:id/move":
          return json(
            200,
            await control.move(domain, id, {
              locationId: requiredString(body, "locationId"),
              lines: body.lines === undefined ? undefined : skuQuantities(body.lines, "lines", false),
              deliver: deliver(body),
            }),
          );
        case "POST /fulfillment_orders/:id/report_progress":
          return json(
            200,
            await control.reportProgress(domain, id, { reasonNotes: optionalString(body, "reasonNotes") }),
          );
        case "POST /fulfillment_orders/:id/open":
          return json(200, await control.markAsOpen(domain, id));
        case "POST /fulfillment_orders/:id/request_fulfillment":
          return json(
            200,
            await control.requestFulfillment(domain, id, {
              message: optionalString(body, "message"),
              deliver: deliver(body),
            }),
          );
        case "POST /fulfillment_orders/:id/request_cancellation":
          return json(
            200,
            await control.requestCancellation(domain, id, {
              message: optionalString(body, "message"),
              deliver: deliver(body),
            }),
          );
        case "POST /checkout": {
          const input = orderInput(body);
          const destination = body.destination === undefined ? undefined : object(body.destination, "destination");
          return json(
            200,
            await control.checkout(domain, {
              items: input.lineItems,
              destination,
              location: optionalString(body, "location"),
            }),
          );
        }
        case "PUT /shipping/model": {
          for (const key of ["marketDriven", "coversAllItemsEnabled"])
            if (body[key] !== undefined && typeof body[key] !== "boolean") bad(`${key} must be true or false`);
          return json(
            200,
            control.setShippingModel(domain, body as { marketDriven?: boolean; coversAllItemsEnabled?: boolean }),
          );
        }
        case "POST /shipping/profiles": {
          const name = requiredString(body, "name");
          if (!Array.isArray(body.skus) || body.skus.length === 0 || body.skus.some((sku) => typeof sku !== "string"))
            bad("skus must be a non-empty array of SKUs");
          return json(201, control.createProfile(domain, { name, skus: body.skus as string[] }));
        }
        case "POST /shipping/remove_carrier_rates":
          return json(
            200,
            control.removeCarrierRates(domain, { carrierServiceId: optionalString(body, "carrierServiceId") }),
          );
        case "POST /shipping/market_carrier_rates":
          return json(
            200,
            control.addMarketCarrierRates(domain, { carrierServiceId: optionalString(body, "carrierServiceId") }),
          );
        case "PUT /flow/triggers": {
          if (!Array.isArray(body.triggers)) bad("triggers must be an array of { handle, fields }");
          const triggers = (body.triggers as unknown[]).map((raw, index) => {
            const trigger = object(raw, `triggers[${index}]`);
            if (!Array.isArray(trigger.fields)) bad(`triggers[${index}].fields must be an array`);
            const fields = (trigger.fields as unknown[]).map((f, i) => {
              const field = object(f, `triggers[${index}].fields[${i}]`);
              const label = `triggers[${index}].fields[${i}]`;
              return {
                type: requiredString(field, "type", `${label}.type`),
                key: optionalString(field, "key", `${label}.key`),
              };
            });
            return {
              handle: requiredString(trigger, "handle", `triggers[${index}].handle`),
              name: optionalString(trigger, "name", `triggers[${index}].name`),
              fields,
            };
          });
          return json(200, control.defineFlowTriggers(domain, triggers, optionalString(body, "lifecycleUrl")));
        }
        case "GET /flow/triggers":
          return json(200, control.flowTriggers(domain));
        case "POST /flow/actions":
          return json(
            200,
            await control.sendFlowAction(domain, {
              url: requiredString(body, "url"),
              handle: requiredString(body, "handle"),
              properties: object(body.properties ?? {}, "properties"),
              actionRunId: optionalString(body, "actionRunId"),
              signature: optionalString(body, "signature"),
            }),
          );
        case "GET /flow/actions":
          return json(200, control.flowActions(domain));
        case "POST /flow/workflows": {
          if (typeof body.enabled !== "boolean") bad("enabled must be true or false");
          return json(
            200,
            await control.setFlowWorkflow(domain, {
              handle: requiredString(body, "handle"),
              enabled: body.enabled as boolean,
              workflowId: optionalString(body, "workflowId"),
              hold: body.hold === true,
              signature: optionalString(body, "signature"),
            }),
          );
        }
        case "GET /flow/workflows":
          return json(200, control.flowWorkflows(domain));
        case "POST /flow/lifecycle/deliver":
          return json(200, await control.deliverFlowLifecycle(domain, requiredString(body, "id")));
        case "GET /deliveries":
          return json(200, control.deliveries(domain));
        case "POST /deliveries/:id/redeliver":
          return json(200, await control.redeliver(domain, id));
        default:
          throw new ControlError(404, `no control route ${method} ${path}`);
      }
    } catch (error) {
      if (error instanceof ControlError) return json(error.status, { error: error.message });
      throw error;
    }
  };
}

/** The second segment of orders/…, fulfillment_orders/… and deliveries/… is an id (except "merge"). */
function isId(parts: string[], index: number): boolean {
  return index === 1 && ["orders", "fulfillment_orders", "deliveries"].includes(parts[0]!) && parts[1] !== "merge";
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8" } });
}
