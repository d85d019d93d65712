// The «Tienda simulada» page of the admin stand-in, over real HTTP: a person creates and pays an
// order, cancels, holds and releases it, changes its address and moves the service sandbox's
// warehouse and clock; each store action reaches a real HTTP app as Shopify's signed webhooks.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { verifyBody } from "../../../sandbox/store";
import { startServiceSandbox } from "../../../sandbox/service/server";
import { DOMAIN, demoStore } from "./store-fixture";

const SECRET = "page-secret";
const SVC_KEY = "page-key";
const A_YEAR_S = 365 * 24 * 3600;

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

interface Received {
  topic: string;
  body: string;
  signed: boolean;
}

/** A real HTTP app that records the webhooks the store POSTs to it and checks their signature. */
async function receiver(): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({
        topic: String(req.headers["x-shopify-topic"]),
        body,
        signed: verifyBody(body, SECRET, String(req.headers["x-shopify-hmac-sha256"])),
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const TOPICS = [
  "orders/create",
  "orders/paid",
  "orders/cancelled",
  "orders/updated",
  "fulfillment_orders/placed_on_hold",
  "fulfillment_orders/hold_released",
];

async function setup(opts: { linked?: boolean } = {}) {
  const { store } = demoStore({ name: "Tienda Demo" });
  const server = await store.listen(0);
  closers.push(() => server.close());
  const app = await receiver();
  store.control.setApp(DOMAIN, {
    secret: SECRET,
    appUrl: app.url,
    webhooks: TOPICS.map((topic) => ({ topic, uri: `/webhooks/${topic}` })),
  });
  const sandbox = await startServiceSandbox({ port: 0, apiKeys: [SVC_KEY], tokenTtlS: A_YEAR_S });
  closers.push(() => sandbox.close());
  const moves: string[] = [];
  if (opts.linked !== false)
    store.linkService({
      url: sandbox.url,
      apiKey: SVC_KEY,
      afterMove: async () => {
        moves.push((await (await fetch(`${sandbox.url}/__sandbox/health`)).json()).ok ? "moved" : "?");
      },
    });
  const pageUrl = (locale = "es") => store.simulatedShopUrl(server, { domain: DOMAIN, locale });
  const get = async (locale = "es") => {
    const response = await fetch(pageUrl(locale));
    return { status: response.status, html: await response.text() };
  };
  const post = async (fields: Record<string, string>, locale = "es") => {
    const response = await fetch(pageUrl(locale), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
    return { status: response.status, location: response.headers.get("location"), html: await response.text() };
  };
  const service = async (path: string, body?: unknown) => {
    const auth = await fetch(`${sandbox.url}/api/rest/auth`, { method: "POST", headers: { "x-api-key": SVC_KEY } });
    const token = ((await auth.json()) as { AuthWithAPIkey: { accessToken: string } }).AuthWithAPIkey.accessToken;
    const response = await fetch(`${sandbox.url}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return (await response.json()) as any;
  };
  const variantId = (sku: string) => {
    const variant = store.products
      .list(DOMAIN)
      .flatMap((p) => p.variants)
      .find((v) => v.sku === sku);
    if (!variant) throw new Error(`no variant ${sku}`);
    return String(variant.id);
  };
  const orders = () => store.orders.list(DOMAIN);
  /** The app sends the paid order to the service, as the app's submit does (tienda_orden_ref = the order's name). */
  const reachWarehouse = async (name: string, sku: string, cantidad: number) => {
    await service("/api/rest/product/new", {
      productos: [
        {
          sku,
          upc: "",
          nombre: sku,
          imagen_url: `https://cdn.example.com/${sku}.jpg`,
          dimension: { data: { peso: "450", ancho: "10", largo: "10", altura: "12", volumen: "1200" } },
        },
      ],
    });
    await service("/__sandbox/stock", { sku, units: 50 });
    const created = await service("/api/rest/orders", {
      productos: [{ identificador: sku, cantidad }],
      consumidor_destino: {
        calle: "Av. Paseo de la Reforma",
        no_exterior: "222",
        no_interior: "",
        colonia: "Juárez",
        codigo_postal: "06600",
        ciudad: "Ciudad de México",
        estado: "CDMX",
        pais: "Mexico",
        nombre: "Ana López",
        telefono: "+52 55 5555 0101",
      },
      servicio_svc: "NACIONAL",
      tienda_orden_ref: name,
    });
    return created.orden.ordenRef as string;
  };
  const serviceStatus = async (id: string) =>
    ((await service("/__sandbox/orders")).orders as { id: string; status: string }[]).find((o) => o.id === id)?.status;
  return { store, server, app, get, post, service, variantId, orders, reachWarehouse, serviceStatus, moves };
}

describe("the «Tienda simulada» page", () => {
  it("lists the catalogue and the orders in Spanish and English, and is linked from the admin's chrome", async () => {
    const { get, server } = await setup();
    const es = await get("es");
    expect(es.status).toBe(200);
    expect(es.html).toContain('<html lang="es">');
    expect(es.html).toContain("<h1>Tienda simulada</h1>");
    expect(es.html).toContain("Crear y pagar un pedido");
    expect(es.html).toContain('data-sku="TAZA-AZ"');
    expect(es.html).toContain("Camino Real a Tlalixtac S/N");
    const en = await get("en");
    expect(en.html).toContain('<html lang="en">');
    expect(en.html).toContain("<h1>Simulated store</h1>");
    expect(en.html).toContain("Create and pay an order");

    const chrome = await (await fetch(`${server.url}/shopifycloud/app-bridge.js`)).text();
    expect(chrome).toContain('"/admin/simulated-shop?shop="');
    expect(chrome).toContain('"Tienda simulada"');

    const unknown = await fetch(`${server.url}/admin/simulated-shop?shop=nope.myshopify.com`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("nope.myshopify.com");
  });

  it("creates and pays an order to an address without an exterior number, sending the app signed orders/create and orders/paid", async () => {
    const { post, get, variantId, orders, app, server } = await setup();
    const done = await post({
      action: "create",
      [`qty:${variantId("TAZA-AZ")}`]: "2",
      [`qty:${variantId("TAZA-VE")}`]: "0",
      address: "sin-numero",
    });
    expect(done.status).toBe(303);
    expect(done.location).toContain("done=create");
    const [order] = orders();
    expect(order!.line_items.map((l) => [l.sku, l.quantity])).toEqual([["TAZA-AZ", 2]]);
    expect(order!.shipping_address?.address1).toBe("Camino Real a Tlalixtac");
    expect(app.received.map((r) => r.topic)).toEqual(["orders/create", "orders/paid"]);
    expect(app.received.every((r) => r.signed)).toBe(true);
    expect(JSON.parse(app.received[1]!.body).name).toBe(order!.name);

    const back = await fetch(new URL(done.location!, server.url));
    expect(await back.text()).toContain("Hecho: Pedido creado y pagado");
    const page = await get();
    expect(page.html).toContain(`data-order="${order!.name}"`);
    expect(page.html).toContain("TAZA-AZ × 2");
    expect(page.html).toContain("Aún no llega al almacén");
  });

  it("refuses bad input naming what and where, and creates nothing", async () => {
    const { post, variantId, orders, app } = await setup();
    const negative = await post({ action: "create", [`qty:${variantId("TAZA-AZ")}`]: "-1", address: "cdmx" });
    expect(negative.status).toBe(400);
    expect(negative.html).toContain("quantity of TAZA-AZ must be a whole number from 0 to 999 (got &quot;-1&quot;)");
    const nothing = await post({ action: "create", [`qty:${variantId("TAZA-AZ")}`]: "0", address: "cdmx" });
    expect(nothing.status).toBe(400);
    expect(nothing.html).toContain("choose at least one product");
    const nowhere = await post({ action: "create", [`qty:${variantId("TAZA-AZ")}`]: "1", address: "marte" });
    expect(nowhere.status).toBe(400);
    expect(nowhere.html).toContain("unknown address marte");
    const unknownVariant = await post({ action: "create", "qty:999999": "1", address: "cdmx" });
    expect(unknownVariant.status).toBe(404);
    const unknownAction = await post({ action: "explode" });
    expect(unknownAction.status).toBe(400);
    expect(unknownAction.html).toContain("unknown action &quot;explode&quot;");
    expect(orders()).toEqual([]);
    expect(app.received).toEqual([]);
  });

  it("escapes every value it shows", async () => {
    const { store, get } = await setup();
    await store.control.createOrder(DOMAIN, {
      lineItems: [{ sku: "TAZA-AZ", quantity: 1 }],
      shippingAddress: { address1: `<script>alert("x")</script>`, city: `"><img src=x onerror=alert(1)>` },
      deliver: false,
    });
    const { html } = await get();
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
  });

  it("holds, releases, changes the address and cancels, each sending the app its webhook", async () => {
    const { post, variantId, orders, app, store } = await setup();
    await post({ action: "create", [`qty:${variantId("TAZA-AZ")}`]: "1", address: "cdmx" });
    const order = orders()[0]!;
    const orderId = String(order.id);
    const foStatus = () => store.control.order(DOMAIN, orderId).fulfillmentOrders[0]!.status;
    const foId = store.control.order(DOMAIN, orderId).fulfillmentOrders[0]!.id.split("/").pop()!;
    app.received.length = 0;

    expect((await post({ action: "hold", fulfillmentOrder: foId })).status).toBe(303);
    expect(foStatus()).toBe("ON_HOLD");
    expect((await post({ action: "release", fulfillmentOrder: foId })).status).toBe(303);
    expect(foStatus()).toBe("OPEN");
    expect((await post({ action: "address", order: orderId, address: "monterrey" })).status).toBe(303);
    expect(orders()[0]!.shipping_address?.city).toBe("Monterrey");
    expect((await post({ action: "cancel", order: orderId }, "en")).location).toContain("locale=en");
    expect(orders()[0]!.cancelled_at).not.toBeNull();

    expect(app.received.map((r) => r.topic)).toEqual([
      "fulfillment_orders/placed_on_hold",
      "fulfillment_orders/hold_released",
      "orders/updated",
      "orders/cancelled",
      "orders/updated",
    ]);
    expect(app.received.every((r) => r.signed)).toBe(true);

    const refused = await post({ action: "release", fulfillmentOrder: "424242" });
    expect(refused.status).toBe(404);
    expect(refused.html).toContain("no fulfilment order 424242");
  });

  it("advances the warehouse (accept, ship, deliver) and a short shipment through the service sandbox, and moves its clock", async () => {
    const { post, get, variantId, orders, reachWarehouse, serviceStatus, service, moves } = await setup();
    await post({ action: "create", [`qty:${variantId("TAZA-AZ")}`]: "2", address: "cdmx" });
    const order = orders()[0]!;
    const orderId = String(order.id);

    const early = await post({ action: "ship", order: orderId });
    expect(early.status).toBe(409);
    expect(early.html).toContain(`order ${order.name} has not reached the warehouse`);

    const serviceId = await reachWarehouse(order.name, "TAZA-AZ", 2);
    expect(await serviceStatus(serviceId)).toBe("WAITING");
    expect((await get()).html).toContain(`data-service-order="${serviceId}">WAITING`);

    expect((await post({ action: "short", order: orderId })).status).toBe(303);
    const detail = (await service(`/api/rest/order/${serviceId}`)).orden.detalle_orden as { cantidad: number }[];
    expect(detail.map((d) => d.cantidad)).toEqual([1]);

    expect((await post({ action: "accept", order: orderId })).status).toBe(303);
    expect(await serviceStatus(serviceId)).toBe("PICK");
    expect((await post({ action: "ship", order: orderId })).status).toBe(303);
    expect(await serviceStatus(serviceId)).toBe("IN_TRANSIT");
    expect((await post({ action: "deliver", order: orderId })).status).toBe(303);
    expect(await serviceStatus(serviceId)).toBe("DELIVERED");
    expect((await get("en")).html).toContain(`data-service-order="${serviceId}">DELIVERED`);

    const before = Date.parse((await service("/__sandbox/clock")).now);
    expect((await post({ action: "clock", minutes: "60" })).status).toBe(303);
    expect(Date.parse((await service("/__sandbox/clock")).now) - before).toBeGreaterThanOrEqual(60 * 60_000);
    // Each move of the warehouse or the clock, and nothing else, tells whoever linked the service.
    expect(moves).toEqual(["moved", "moved", "moved", "moved", "moved"]);
    const odd = await post({ action: "clock", minutes: "7" });
    expect(odd.status).toBe(400);
    expect(odd.html).toContain("minutes must be one of 5, 30, 60, 240, 1440");
  });

  it("says the warehouse is unavailable when the store knows no service", async () => {
    const { post, get, variantId, orders } = await setup({ linked: false });
    await post({ action: "create", [`qty:${variantId("TAZA-AZ")}`]: "1", address: "cdmx" });
    const orderId = String(orders()[0]!.id);
    const refused = await post({ action: "accept", order: orderId });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("the store is not linked to a service sandbox");
    expect((await get()).html).toContain("La tienda no conoce el servicio");
  });
});
