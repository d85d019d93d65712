import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import ordersPaidFixture from "../../fixtures/orders-paid.mx.json";
import rateRequestFixture from "../../fixtures/carrier-rate-request.mx.json";
import { DOMAIN, demoStore, queryData } from "./store-fixture";

const SECRET = "test-api-secret";

const hmac = (body: string) => createHmac("sha256", SECRET).update(body, "utf8").digest("base64");

function capturingFetch() {
  const requests: Request[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    return new Response(null, { status: 200 });
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

/** Every key of `shape` (recursively into the first array element) is present in `value`. */
function missingKeys(shape: unknown, value: unknown, path = "$"): string[] {
  if (Array.isArray(shape)) return missingKeys(shape[0], Array.isArray(value) ? value[0] : undefined, `${path}[0]`);
  if (!shape || typeof shape !== "object") return [];
  if (!value || typeof value !== "object") return [path];
  return Object.keys(shape).flatMap((key) =>
    key in value
      ? missingKeys((shape as Record<string, unknown>)[key], (value as Record<string, unknown>)[key], `${path}.${key}`)
      : [`${path}.${key}`],
  );
}

const servers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((close) => close()));
});

describe("sendWebhook", () => {
  it("signs the raw body with the app secret and sends Shopify's headers", async () => {
    // GIVEN a paid order
    const { store } = demoStore();
    const payload = store.orders.createPaid(DOMAIN, { lineItems: [{ sku: "TAZA-AZ", quantity: 2 }] });
    const { fetch, requests } = capturingFetch();
    // WHEN its orders/paid webhook is delivered
    await store.sendWebhook({
      url: "https://app.example.test/webhooks/orders/paid",
      secret: SECRET,
      topic: "orders/paid",
      domain: DOMAIN,
      payload,
      fetch,
    });
    // THEN an independent HMAC of the body matches the header
    const request = requests[0]!;
    const body = await request.text();
    expect(JSON.parse(body)).toEqual(payload);
    expect(request.headers.get("x-shopify-hmac-sha256")).toBe(hmac(body));
    expect(request.method).toBe("POST");
    expect(Object.fromEntries(request.headers)).toMatchObject({
      "content-type": "application/json",
      "x-shopify-topic": "orders/paid",
      "x-shopify-shop-domain": DOMAIN,
      "x-shopify-api-version": "2026-10",
      "x-shopify-triggered-at": "2026-11-20T16:00:00.000Z",
    });
    expect(request.headers.get("x-shopify-webhook-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.headers.get("x-shopify-event-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("redelivers with the same event id when asked, as Shopify's retries do", async () => {
    const { store } = demoStore();
    const { fetch, requests } = capturingFetch();
    const delivery = {
      url: "https://app.example.test/w",
      secret: SECRET,
      topic: "products/update",
      domain: DOMAIN,
      payload: { id: 1 },
      fetch,
      eventId: "evt-1",
    };
    await store.sendWebhook(delivery);
    await store.sendWebhook(delivery);
    expect(requests.map((r) => r.headers.get("x-shopify-event-id"))).toEqual(["evt-1", "evt-1"]);
    expect(requests[0]!.headers.get("x-shopify-webhook-id")).not.toBe(requests[1]!.headers.get("x-shopify-webhook-id"));
  });

  it("delivers over real HTTP to a receiver that verifies the signature", async () => {
    // GIVEN a receiver on a free port that checks the HMAC like the app must
    const received: Array<{ valid: boolean; topic: string | undefined }> = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        received.push({
          valid: req.headers["x-shopify-hmac-sha256"] === hmac(body),
          topic: req.headers["x-shopify-topic"] as string,
        });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    const { store } = demoStore();
    // WHEN a products/create webhook is sent with the global fetch
    const payload = store.products.create(DOMAIN, {
      title: "Olla de barro",
      variants: [{ sku: "OLLA-1", price: "450.00" }],
    });
    const response = await store.sendWebhook({
      url: `http://127.0.0.1:${port}/webhooks`,
      secret: SECRET,
      topic: "products/create",
      domain: DOMAIN,
      payload,
    });
    // THEN it arrived signed
    expect(response.status).toBe(200);
    expect(received).toEqual([{ valid: true, topic: "products/create" }]);
  });
});

describe("sendRateRequest", () => {
  it("posts a signed { rate } body shaped like Shopify's", async () => {
    // GIVEN a cart of two cups and a gift card
    const { store } = demoStore();
    const rate = store.buildRateRequest(DOMAIN, {
      items: [
        { sku: "TAZA-AZ", quantity: 2 },
        { sku: "GIFT-500", quantity: 1 },
      ],
    });
    const { fetch, requests } = capturingFetch();
    // WHEN the checkout asks the carrier service for rates
    await store.sendRateRequest({
      url: "https://app.example.test/carrier-service/rates",
      secret: SECRET,
      domain: DOMAIN,
      rate,
      fetch,
    });
    // THEN the body has every field of the fixture and a valid signature
    const body = await requests[0]!.text();
    expect(requests[0]!.headers.get("x-shopify-hmac-sha256")).toBe(hmac(body));
    expect(requests[0]!.headers.get("x-shopify-shop-domain")).toBe(DOMAIN);
    expect(missingKeys(rateRequestFixture, JSON.parse(body))).toEqual([]);
    expect(rate.items.map((item) => [item.sku, item.grams, item.price, item.requires_shipping])).toEqual([
      ["TAZA-AZ", 450, 24900, true],
      ["GIFT-500", 0, 50000, false],
    ]);
    expect(rate.origin).toMatchObject({ country: "MX", postal_code: "54060", province: "MEX" });
    expect(rate.destination).toMatchObject({ postal_code: "06500", province: "DF", name: "Ana López" });
  });
});

describe("webhook payloads", () => {
  it("builds orders/paid with every field of Shopify's example and the carrier's shipping line", async () => {
    // GIVEN a shop where the app registered its carrier service
    const { store } = demoStore();
    const created = await queryData(
      store,
      `mutation { carrierServiceCreate(input: { name: "Envíos svc", callbackUrl: "https://app.example.test/rates", active: true, supportsServiceDiscovery: true }) { carrierService { id } } }`,
    );
    // WHEN a buyer pays with one of its rates
    const payload = store.orders.createPaid(DOMAIN, {
      lineItems: [{ variantId: 45123456789012, quantity: 2 }],
      shippingLine: { title: "Express (1-2 días hábiles)", code: "EXPRESS", price: "139.00" },
    });
    // THEN the payload matches the fixture's shape and values
    expect(missingKeys(ordersPaidFixture, payload)).toEqual([]);
    expect(payload).toMatchObject({
      id: ordersPaidFixture.id,
      admin_graphql_api_id: ordersPaidFixture.admin_graphql_api_id,
      name: "#1001",
      currency: "MXN",
      financial_status: "paid",
      subtotal_price: "498.00",
      total_price: "637.00",
      line_items: [{ sku: "TAZA-AZ", grams: 450, quantity: 2, variant_id: 45123456789012, product_id: 8123456789012 }],
      shipping_lines: [{ title: "Express (1-2 días hábiles)", code: "EXPRESS", source: "Envíos svc" }],
      shipping_address: ordersPaidFixture.shipping_address,
    });
    expect(payload.shipping_lines[0]!.carrier_identifier).toMatch(/^[0-9a-f]{32}$/);
    expect(created.carrierServiceCreate.carrierService.id).toBeTruthy();
  });

  it("leaves weight out of products/create variants, as API 2024-07 and later do", () => {
    const { store } = demoStore();
    const payload = store.products.create(DOMAIN, {
      title: "Olla de barro",
      options: ["Tamaño"],
      variants: [{ options: ["Chica"], sku: "OLLA-CH", price: "450.00", weight: { unit: "KILOGRAMS", value: 2 } }],
    });
    expect(payload).toMatchObject({ title: "Olla de barro", handle: "olla-de-barro", status: "active" });
    expect(payload.admin_graphql_api_id).toBe(`gid://shopify/Product/${payload.id}`);
    const variant = payload.variants[0]!;
    expect(variant).toMatchObject({ sku: "OLLA-CH", title: "Chica", option1: "Chica", product_id: payload.id });
    expect(variant).not.toHaveProperty("grams");
    expect(variant).not.toHaveProperty("weight");
    expect(variant).not.toHaveProperty("requires_shipping");
    expect(typeof variant.inventory_item_id).toBe("number");
  });

  it("answers products/delete with just the id", () => {
    const { store } = demoStore();
    const product = store.products.list(DOMAIN)[0]!;
    expect(store.products.delete(DOMAIN, product.admin_graphql_api_id)).toEqual({ id: product.id });
    expect(store.products.get(DOMAIN, product.id)).toBeUndefined();
  });

  it("answers a weight change with products/update and inventory_items/update payloads", async () => {
    // GIVEN the molinillo, whose weight is 180 g
    const { store } = demoStore();
    const molinillo = store.products.list(DOMAIN).find((p) => p.handle === "molinillo-de-madera")!;
    const variantId = molinillo.variants[0]!.admin_graphql_api_id;
    // WHEN the merchant changes the weight and makes it not need shipping
    const { product, inventoryItem } = store.products.updateVariant(DOMAIN, variantId, {
      weight: { unit: "GRAMS", value: 200 },
      requiresShipping: false,
    });
    // THEN the payloads carry the change and the API returns the new weight
    expect(product.id).toBe(molinillo.id);
    expect(inventoryItem).toMatchObject({
      id: molinillo.variants[0]!.inventory_item_id,
      sku: "MOL-01",
      requires_shipping: false,
    });
    const data = await queryData(
      store,
      `query V($id: ID!) { productVariant(id: $id) { inventoryItem { measurement { weight { unit value } } } } }`,
      { id: variantId },
    );
    expect(data.productVariant.inventoryItem.measurement.weight).toEqual({ unit: "GRAMS", value: 200 });
  });
});
