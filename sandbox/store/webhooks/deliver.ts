import { randomUUID } from "node:crypto";
import { signBody } from "./signature";

export interface WebhookDelivery {
  url: string;
  secret: string;
  topic: string;
  domain: string;
  payload: unknown;
  /** Reuse an event id to simulate Shopify's at-least-once redelivery of the same event. */
  eventId?: string;
  webhookId?: string;
  /** The subscription's name, sent as X-Shopify-Name when given. */
  name?: string;
  /** When the event happened (X-Shopify-Triggered-At); defaults to now. A late delivery keeps its old time. */
  triggeredAt?: string;
  fetch?: typeof fetch;
}

export interface RateRequestDelivery {
  url: string;
  secret: string;
  domain: string;
  rate: unknown;
  fetch?: typeof fetch;
}

export interface FulfillmentServiceNotification {
  /** The fulfilment service's callback URL; the notification goes to `<url>/fulfillment_order_notification`. */
  callbackUrl: string;
  secret: string;
  domain: string;
  body: { kind: string };
  fetch?: typeof fetch;
}

export interface WebhookSender {
  sendWebhook(args: WebhookDelivery): Promise<Response>;
  /** Shopify's POST to a fulfilment service: signed like a webhook, the body only names the kind. */
  sendFulfillmentServiceNotification(args: FulfillmentServiceNotification): Promise<Response>;
  sendRateRequest(args: RateRequestDelivery): Promise<Response>;
}

/**
 * Signs and POSTs webhooks and carrier rate requests as Shopify does. Webhook and event ids are
 * random unless given: apps de-duplicate on them, so two stores must never reuse each other's.
 */
export function createWebhookSender(opts: { apiVersion: string; now: () => number }): WebhookSender {
  return {
    async sendWebhook(args) {
      const body = JSON.stringify(args.payload);
      const headers: Record<string, string> = {
        "Content-Type": "application/json",
        "X-Shopify-Topic": args.topic,
        "X-Shopify-Hmac-Sha256": signBody(body, args.secret),
        "X-Shopify-Shop-Domain": args.domain,
        "X-Shopify-API-Version": opts.apiVersion,
        "X-Shopify-Webhook-Id": args.webhookId ?? randomUUID(),
        "X-Shopify-Event-Id": args.eventId ?? randomUUID(),
        "X-Shopify-Triggered-At": args.triggeredAt ?? new Date(opts.now()).toISOString(),
      };
      if (args.name) headers["X-Shopify-Name"] = args.name;
      return (args.fetch ?? fetch)(args.url, { method: "POST", headers, body });
    },
    async sendFulfillmentServiceNotification(args) {
      const body = JSON.stringify(args.body);
      const headers = {
        "Content-Type": "application/json",
        "X-Shopify-Hmac-Sha256": signBody(body, args.secret),
        "X-Shopify-Shop-Domain": args.domain,
      };
      const url = `${args.callbackUrl.replace(/\/$/, "")}/fulfillment_order_notification`;
      return (args.fetch ?? fetch)(url, { method: "POST", headers, body });
    },
    async sendRateRequest(args) {
      const body = JSON.stringify({ rate: args.rate });
      const headers = {
        "Content-Type": "application/json",
        "X-Shopify-Hmac-Sha256": signBody(body, args.secret),
        "X-Shopify-Shop-Domain": args.domain,
      };
      return (args.fetch ?? fetch)(args.url, { method: "POST", headers, body });
    },
  };
}
