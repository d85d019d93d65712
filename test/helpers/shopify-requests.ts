// Builds requests exactly as Shopify signs them, for route tests.
import { randomUUID } from "node:crypto";
import { getHmac, RequestType, setUpValidRequest } from "@shopify/shopify-api/test-helpers";

export const TEST_API_KEY = process.env.SHOPIFY_API_KEY ?? "test-api-key";
export const TEST_API_SECRET = process.env.SHOPIFY_API_SECRET ?? "test-api-secret";
export const TEST_APP_URL = process.env.SHOPIFY_APP_URL ?? "https://svc-app.example.test";
export const TEST_SHOP = "tienda-demo.myshopify.com";

export interface WebhookRequestArgs {
  topic: string;
  body: unknown;
  shop?: string;
  path?: string;
  eventId?: string;
  webhookId?: string;
  secret?: string;
  /** Replace the signature (to test rejection). */
  hmac?: string | null;
  rawBody?: string;
}

/** A webhook POST signed with the app secret, with every header Shopify sends. */
export async function signedWebhookRequest(args: WebhookRequestArgs): Promise<Request> {
  const raw = args.rawBody ?? JSON.stringify(args.body);
  const hmac = args.hmac === undefined ? getHmac(raw, args.secret ?? TEST_API_SECRET) : args.hmac;
  const headers = new Headers({
    "content-type": "application/json",
    "x-shopify-topic": args.topic,
    "x-shopify-shop-domain": args.shop ?? TEST_SHOP,
    "x-shopify-api-version": "2026-10",
    "x-shopify-webhook-id": args.webhookId ?? randomUUID(),
    "x-shopify-event-id": args.eventId ?? randomUUID(),
    "x-shopify-triggered-at": new Date().toISOString(),
  });
  if (hmac !== null) headers.set("x-shopify-hmac-sha256", hmac);
  const path = args.path ?? `/webhooks/${args.topic}`;
  return new Request(new URL(path, TEST_APP_URL), { method: "POST", headers, body: raw });
}

/** Shopify's carrier-service rate request: the raw body signed like a webhook. */
export function signedCarrierRequest(args: { body: unknown; shop?: string; secret?: string; hmac?: string | null; rawBody?: string }): Request {
  const raw = args.rawBody ?? JSON.stringify(args.body);
  const headers = new Headers({
    "content-type": "application/json",
    "x-shopify-shop-domain": args.shop ?? TEST_SHOP,
  });
  const hmac = args.hmac === undefined ? getHmac(raw, args.secret ?? TEST_API_SECRET) : args.hmac;
  if (hmac !== null) headers.set("x-shopify-hmac-sha256", hmac);
  return new Request(new URL("/carrier-service/rates", TEST_APP_URL), { method: "POST", headers, body: raw });
}

/** An embedded-admin request carrying a valid session token (id_token) for `shop`. */
export function sessionTokenRequest(path: string, shop = TEST_SHOP, init?: RequestInit): Promise<Request> {
  return setUpValidRequest(
    { type: RequestType.Admin, store: shop.replace(".myshopify.com", ""), apiKey: TEST_API_KEY, apiSecretKey: TEST_API_SECRET },
    new Request(new URL(path, TEST_APP_URL), init),
  );
}

/** A fetch-API request with a valid session token in the Authorization header (app fetches). */
export function bearerRequest(path: string, shop = TEST_SHOP, init?: RequestInit): Promise<Request> {
  return setUpValidRequest(
    { type: RequestType.Bearer, store: shop.replace(".myshopify.com", ""), apiKey: TEST_API_KEY, apiSecretKey: TEST_API_SECRET },
    new Request(new URL(path, TEST_APP_URL), init),
  );
}
