import { insertProducts } from "../catalogue/insert-products";
import { productBatchSchema } from "../catalogue/product-schema";
import { findByIdentifier, viewProduct } from "../catalogue/product-view";
import type { Route, SandboxDeps } from "../context";
import { notFound } from "../http/sandbox-error";
import { parseBody } from "../http/validate";
import { createOrder } from "../orders/create-order";
import { viewOrder } from "../orders/order-view";
import { quote } from "../shipping/quote";
import { orderRequestSchema, quotationRequestSchema, readServiceField } from "../shipping/request-schema";
import { normaliseService } from "../shipping/service-table";
import { viewPickups } from "../stock/pickups";
import { recordReception, viewReceptions } from "../stock/receptions";
import { stockReport } from "../stock/stock-report";

/** The service's own endpoints, under /api/rest, as service-api.md and service-facts.md give them. */
export function apiRoutes(deps: SandboxDeps): Route[] {
  const serviceField = `servicio_${deps.config.serviceName}`;
  const availabilityRoot = `${deps.config.serviceName}ServiceAvailability`;

  return [
    {
      method: "POST",
      pattern: "/api/rest/auth",
      auth: "api-key",
      body: "none",
      mutates: false,
      handle: ({ client }) => ({ body: { AuthWithAPIkey: { accessToken: deps.tokens.issue(client.id) } } }),
    },
    {
      method: "POST",
      pattern: "/api/rest/product/new",
      auth: "bearer",
      body: "json",
      mutates: true,
      handle: ({ client, body }) => {
        const { productos } = parseBody(productBatchSchema, body);
        const now = deps.clock.now();
        const result = insertProducts(
          { store: deps.store, newId: deps.newId, now, initialStock: deps.config.initialStock },
          client,
          productos,
        );
        recordReception(
          client,
          { id: deps.newId(), createdAt: now, origin: "ALTA_PRODUCTO" },
          result.inserted.map((product) => ({ product, units: deps.config.initialStock })),
        );
        return { body: { insert_producto: result.insert_producto } };
      },
    },
    {
      method: "GET",
      pattern: "/api/rest/product/:identifier",
      auth: "bearer",
      body: "none",
      mutates: false,
      handle: ({ client, params }) => ({
        body: { producto: findByIdentifier(client, params.identifier ?? "").map((p) => viewProduct(p, client.id)) },
      }),
    },
    {
      method: "POST",
      pattern: "/api/rest/services",
      auth: "bearer",
      body: "json",
      mutates: false,
      handle: ({ client, body }) => {
        const request = parseBody(quotationRequestSchema, body);
        const requested = readServiceField(body, serviceField, false);
        const q = quote(client, request.productos, request.consumidor_destino.codigo_postal);
        const only = requested === undefined ? undefined : normaliseService(requested);
        const services = only ? q.services.filter((s) => s.service === only) : q.services;
        return { body: { [availabilityRoot]: { products: q.products, services } } };
      },
    },
    {
      method: "POST",
      pattern: "/api/rest/orders",
      auth: "bearer",
      body: "json",
      mutates: true,
      handle: ({ client, body }) => {
        const request = parseBody(orderRequestSchema, body);
        const requested = readServiceField(body, serviceField, true) ?? "";
        const order = createOrder({ newId: deps.newId, now: deps.clock.now() }, client, request, body, requested);
        return { body: { orden: { ordenRef: order.id } } };
      },
    },
    {
      method: "GET",
      pattern: "/api/rest/order/:id",
      auth: "bearer",
      body: "none",
      mutates: false,
      handle: ({ client, params }) => {
        const order = client.orders.get(params.id ?? "");
        if (!order) throw notFound(`Order ${params.id ?? ""} not found`);
        return { body: viewOrder(order, deps.clock.now()) };
      },
    },
    {
      method: "POST",
      pattern: "/api/rest/inventory/stock",
      auth: "bearer",
      body: "none",
      mutates: false,
      handle: ({ client }) => ({ body: stockReport(client, deps.clock.now()) }),
    },
    {
      method: "GET",
      pattern: "/api/rest/reception",
      auth: "bearer",
      body: "none",
      mutates: false,
      handle: ({ client }) => ({ body: client.receptionAnswer ? client.receptionAnswer.body : viewReceptions(client) }),
    },
    {
      method: "GET",
      pattern: "/api/rest/pickup-order",
      auth: "bearer",
      body: "none",
      mutates: false,
      handle: ({ client }) => ({ body: viewPickups(client, deps.clock.now()) }),
    },
  ];
}
