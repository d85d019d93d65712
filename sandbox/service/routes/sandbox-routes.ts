import { z } from "zod";
import { viewProduct } from "../catalogue/product-view";
import type { Route, SandboxDeps } from "../context";
import type { ClientState } from "../state/types";
import { notFound } from "../http/sandbox-error";
import { parseBody } from "../http/validate";
import { inspectOrder } from "../orders/order-view";
import { createPickup, pickupRequestSchema } from "../stock/pickups";
import { recordReception } from "../stock/receptions";

const setStockSchema = z.object({ sku: z.string().min(1), units: z.number().int().min(0) });
const packedSchema = z.object({
  productos: z.array(z.object({ sku: z.string().min(1), cantidad: z.number().int().min(0) })),
});
const receptionSchema = z.object({
  productos: z.array(z.object({ sku: z.string().min(1), cantidad: z.number().int().min(1) })).min(1),
});
const receptionAnswerSchema = z.object({ body: z.unknown() });
const resetSchema = z.object({ all: z.boolean().optional() }).optional();
const clockSchema = z
  .object({ advanceMs: z.number().int().min(0).optional(), speed: z.number().positive().optional() })
  .refine((v) => v.advanceMs !== undefined || v.speed !== undefined, "give advanceMs or speed");

const clockView = (deps: SandboxDeps) => ({ now: new Date(deps.clock.now()).toISOString(), speed: deps.clock.speed() });

/** What `GET /__sandbox/orders` answers for a client. */
export function sandboxOrdersView(deps: SandboxDeps, client: ClientState) {
  const now = deps.clock.now();
  return { orders: [...client.orders.values()].map((o) => inspectOrder(o, client.id, now)) };
}

/** What `GET /__sandbox/products` answers for a client. */
export function sandboxProductsView(client: ClientState) {
  return {
    client: client.id,
    products: [...client.products.values()].map((p) => ({ ...viewProduct(p, client.id), disponibles: p.available })),
  };
}

/**
 * Routes the live service does not have: inspection and control for tests and demos. They take
 * the same Bearer token as the API and only see and change the caller's own client.
 */
export function sandboxRoutes(deps: SandboxDeps): Route[] {
  const route = (r: Omit<Route, "auth">): Route => ({ ...r, auth: "bearer" });
  return [
    route({
      method: "GET",
      pattern: "/__sandbox/orders",
      body: "none",
      mutates: false,
      handle: ({ client }) => ({ body: sandboxOrdersView(deps, client) }),
    }),
    route({
      method: "GET",
      pattern: "/__sandbox/products",
      body: "none",
      mutates: false,
      handle: ({ client }) => ({ body: sandboxProductsView(client) }),
    }),
    route({
      method: "POST",
      pattern: "/__sandbox/stock",
      body: "json",
      mutates: true,
      handle: ({ client, body }) => {
        const { sku, units } = parseBody(setStockSchema, body);
        const product = client.bySku.get(sku);
        if (!product) throw notFound(`Product with SKU "${sku}" not found`);
        // Raising stock is a reception, so GET /api/rest/reception shows where the units came from.
        const received = units - product.available;
        recordReception(client, { id: deps.newId(), createdAt: deps.clock.now(), origin: "AJUSTE_SANDBOX" }, [
          { product, units: received },
        ]);
        product.available = units;
        return { body: { sku, disponibles: units } };
      },
    }),
    route({
      // The warehouse was short: it packs only these units, and the order's lines (detalle_orden)
      // say so from then on. Lines not named are not shipped.
      method: "POST",
      pattern: "/__sandbox/orders/:id/packed",
      body: "json",
      mutates: true,
      handle: ({ client, params, body }) => {
        const order = client.orders.get(params.id ?? "");
        if (!order) throw notFound(`Order ${params.id ?? ""} not found`);
        const { productos } = parseBody(packedSchema, body);
        const packed = new Map(productos.map((p) => [p.sku, p.cantidad]));
        for (const sku of packed.keys()) {
          if (!order.lines.some((line) => line.sku === sku)) throw notFound(`Order ${order.id} has no line with SKU "${sku}"`);
        }
        order.lines = order.lines
          .map((line) => ({ ...line, cantidad: Math.min(line.cantidad, packed.get(line.sku) ?? 0) }))
          .filter((line) => line.cantidad > 0);
        return { body: { id: order.id, productos: order.lines.map((l) => ({ sku: l.sku, cantidad: l.cantidad })) } };
      },
    }),
    route({
      // Goods arriving at the warehouse: each SKU's units are added to its stock, as one reception.
      method: "POST",
      pattern: "/__sandbox/reception",
      body: "json",
      mutates: true,
      handle: ({ client, body }) => {
        const { productos } = parseBody(receptionSchema, body);
        const lines = productos.map(({ sku, cantidad }) => {
          const product = client.bySku.get(sku);
          if (!product) throw notFound(`Product with SKU "${sku}" not found`);
          return { product, units: cantidad };
        });
        const id = deps.newId();
        recordReception(client, { id, createdAt: deps.clock.now(), origin: "RECEPCION" }, lines);
        for (const { product, units } of lines) product.available += units;
        return { body: { id, productos: lines.map(({ product }) => ({ sku: product.sku, disponibles: product.available })) } };
      },
    }),
    route({
      // What GET /api/rest/reception answers from now on (`{ "body": null }` goes back to the receptions).
      method: "POST",
      pattern: "/__sandbox/reception-answer",
      body: "json",
      mutates: false,
      handle: ({ client, body }) => {
        const { body: answer } = parseBody(receptionAnswerSchema, body);
        if (answer === null || answer === undefined) delete client.receptionAnswer;
        else client.receptionAnswer = { body: answer };
        return { body: { answer: answer ?? null } };
      },
    }),
    route({
      method: "POST",
      pattern: "/__sandbox/pickup-order",
      body: "json",
      mutates: true,
      handle: ({ client, body }) => {
        const pickup = createPickup(client, parseBody(pickupRequestSchema, body), deps.newId(), deps.clock.now());
        return { body: { id: pickup.id } };
      },
    }),
    route({
      method: "POST",
      pattern: "/__sandbox/reset",
      body: "optional-json",
      mutates: true,
      handle: ({ client, body }) => {
        const all = parseBody(resetSchema, body)?.all === true;
        if (all) deps.store.resetAll();
        else deps.store.reset(client.id);
        return { body: { reset: all ? "all" : client.id } };
      },
    }),
    route({
      method: "GET",
      pattern: "/__sandbox/clock",
      body: "none",
      mutates: false,
      handle: () => ({ body: clockView(deps) }),
    }),
    route({
      method: "POST",
      pattern: "/__sandbox/clock",
      body: "json",
      mutates: true,
      handle: ({ body }) => {
        const { advanceMs, speed } = parseBody(clockSchema, body);
        if (speed !== undefined) deps.clock.setSpeed(speed);
        if (advanceMs !== undefined) deps.clock.advance(advanceMs);
        return { body: clockView(deps) };
      },
    }),
  ];
}
