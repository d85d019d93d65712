// OpenTelemetry through the built server (`npm start`), configured only by the standard OTEL_*
// variables and exporting to a small OTLP/HTTP receiver in this test (http/json): a checkout rate
// callback and an orders/paid webhook give spans for the HTTP server, PostgreSQL and the service,
// and the order's job runs in a span of the webhook's trace, its log lines carrying the webhook's
// request id. Without the variables (or with OTEL_SDK_DISABLED=true) nothing of OpenTelemetry
// but its no-op API is loaded (the app's main thread records every module it resolves) and nothing
// is exported.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceSandbox } from "../../sandbox/service/server";
import type { SimulatedStore } from "../../sandbox/store";
import type { AppProcess } from "../helpers/app-process";
import { TEST_API_KEY, TEST_API_SECRET } from "../helpers/shopify-requests";
import { startBuiltApp, startConnectedDemoShop } from "./support/running-app";

const SHOP = "tienda-traza.myshopify.com";

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  scope: string;
  service: unknown;
}

/** An OTLP/HTTP receiver (JSON encoding) on port 0, keeping every span it is sent. */
async function startReceiver() {
  const spans: ExportedSpan[] = [];
  let posts = 0;
  const value = (v: Record<string, unknown>): unknown =>
    v.stringValue ?? v.intValue ?? v.doubleValue ?? v.boolValue ?? v.arrayValue;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      posts++;
      if (req.url === "/v1/traces" && req.headers["content-type"]?.includes("json")) {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as {
          resourceSpans: Array<{
            resource: { attributes: Array<{ key: string; value: Record<string, unknown> }> };
            scopeSpans: Array<{
              scope: { name: string };
              spans: Array<
                Omit<ExportedSpan, "scope" | "attributes" | "service"> & {
                  attributes?: Array<{ key: string; value: Record<string, unknown> }>;
                }
              >;
            }>;
          }>;
        };
        for (const rs of body.resourceSpans) {
          const service = value(rs.resource.attributes.find((a) => a.key === "service.name")?.value ?? {});
          for (const ss of rs.scopeSpans)
            for (const span of ss.spans)
              spans.push({
                ...span,
                parentSpanId: span.parentSpanId || undefined,
                attributes: Object.fromEntries((span.attributes ?? []).map((a) => [a.key, value(a.value)])),
                scope: ss.scope.name,
                service,
              });
        }
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    posts: () => posts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let world: Awaited<ReturnType<typeof startConnectedDemoShop>>;
let db: PrismaClient;
let sandbox: ServiceSandbox;
let store: SimulatedStore;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const apps: AppProcess[] = [];

beforeAll(async () => {
  world = await startConnectedDemoShop({ name: "tracing", shop: SHOP, svcKey: "sk_test_tracing" });
  ({ db, sandbox, store } = world);
  receiver = await startReceiver();
}, 180_000);

afterAll(async () => {
  for (const app of apps) await app.stop().catch(() => {});
  await receiver?.close();
  await world?.close();
});

async function start(env: Record<string, string>): Promise<AppProcess> {
  const app = await startBuiltApp(world.database.url, {
    LOG_LEVEL: "info",
    SHOPIFY_API_KEY: TEST_API_KEY,
    SHOPIFY_API_SECRET: TEST_API_SECRET,
    SVC_BASE_URL: sandbox.url,
    SVC_QA_BASE_URL: sandbox.url,
    SIMULATED_STORE_URL: world.storeServer.url,
    ...env,
  });
  apps.push(app);
  return app;
}

/** Env that makes the app's main thread record every module it resolves (support/record-loads.mjs). */
function recordingLoads() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "svc-app-loads-")), "loaded.txt");
  const hook = pathToFileURL(path.join(import.meta.dirname, "support/record-loads.mjs")).href;
  return {
    env: { NODE_OPTIONS: `--import=${hook}`, RECORD_LOADS_FILE: file },
    loaded: () => (fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n").filter(Boolean) : []),
  };
}

async function waitFor<T>(what: string, find: () => T | undefined | Promise<T | undefined>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = receiver.spans.map((s) => `${s.traceId.slice(0, 8)} ${s.kind} ${s.scope} ${s.name}`);
      throw new Error(`timed out waiting for ${what}; spans received:\n${seen.join("\n")}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A checkout rate callback for a cart not quoted before, and a paid order's webhook with our request id. */
async function traffic(app: AppProcess, requestId: string) {
  const cart = world.variants[2]!;
  const rate = await store.sendRateRequest({
    url: `${app.url}/carrier-service/rates`,
    secret: TEST_API_SECRET,
    domain: SHOP,
    rate: store.buildRateRequest(SHOP, { items: [{ variantId: cart.variantId, quantity: 7 }] }),
  });
  expect(rate.status).toBe(200);
  const order = store.orders.createPaid(SHOP, {
    lineItems: [{ variantId: cart.variantId, quantity: 1 }],
    shippingLine: { title: "Envío express", code: "EXPRESS", price: "150.00" },
  });
  const webhook = await store.sendWebhook({
    url: `${app.url}/webhooks/orders/paid`,
    secret: TEST_API_SECRET,
    topic: "orders/paid",
    domain: SHOP,
    payload: order,
    eventId: randomUUID(),
    fetch: (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as object), "x-request-id": requestId } }),
  });
  expect(webhook.status).toBe(200);
  return order;
}

describe("OpenTelemetry", () => {
  it(
    "traces the HTTP server, PostgreSQL and the service, and carries the webhook's trace and request id into its job",
    { timeout: 240_000 },
    async () => {
      const loads = recordingLoads();
      const app = await start({
        ...loads.env,
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_SERVICE_NAME: "svc-app-under-test",
        OTEL_BSP_SCHEDULE_DELAY: "100",
      });
      const requestId = `trace-${randomUUID()}`;
      const order = await traffic(app, requestId);
      // A page with personal data in its query string: its span keeps the path only.
      await fetch(`${app.url}/auth/login?email=${encodeURIComponent("ana.lopez@example.com")}&shop=${SHOP}`, {
        redirect: "manual",
      });

      // The webhook's server span: its trace is the one the job must continue.
      const isServer = (s: ExportedSpan, path: string) =>
        s.kind === 2 && (s.attributes["http.target"] === path || s.attributes["url.path"] === path);
      const webhookSpan = await waitFor("the webhook's server span", () =>
        receiver.spans.find((s) => isServer(s, "/webhooks/orders/paid")),
      );
      const rateSpan = await waitFor("the rate callback's server span", () =>
        receiver.spans.find((s) => isServer(s, "/carrier-service/rates")),
      );
      expect(webhookSpan.service).toBe("svc-app-under-test");
      const loginSpan = await waitFor("the login page's server span", () =>
        receiver.spans.find((s) => isServer(s, "/auth/login")),
      );
      expect(JSON.stringify(loginSpan)).not.toContain("ana.lopez");
      expect(webhookSpan.attributes["http.method"] ?? webhookSpan.attributes["http.request.method"]).toBe("POST");

      // The rate callback asked the service for a quote: a client span in its trace.
      const inTrace = (traceId: string) => receiver.spans.filter((s) => s.traceId === traceId);
      await waitFor("the quotation's client span", () =>
        inTrace(rateSpan.traceId).find((s) => s.kind === 3 && s.scope.includes("undici")),
      );
      // PostgreSQL, within the webhook's request (its delivery and the order's job are written).
      await waitFor("a PostgreSQL span of the webhook", () =>
        inTrace(webhookSpan.traceId).find(
          (s) => s.scope.endsWith("instrumentation-pg") && s.name.startsWith("pg.query"),
        ),
      );

      // The order's job: a span of the webhook's trace, run by the job thread, calling the service.
      const jobSpan = await waitFor("the order job's span in the webhook's trace", () =>
        inTrace(webhookSpan.traceId).find((s) => s.name.startsWith("job ") && s.kind === 5),
      );
      expect(jobSpan.attributes["job.queue"]).toEqual(expect.any(String));
      const serviceCall = await waitFor("the job's call to the service", () =>
        receiver.spans.find(
          (s) =>
            s.traceId === webhookSpan.traceId &&
            s.kind === 3 &&
            s.scope.includes("undici") &&
            String(s.attributes["url.full"] ?? s.attributes["http.url"]).startsWith(sandbox.url),
        ),
      );
      expect(serviceCall.traceId).toBe(webhookSpan.traceId);

      // The job row kept the webhook's request id and trace context.
      const jobs = await db.job.findMany({ where: { shop: SHOP, requestId } });
      expect(jobs.length).toBeGreaterThan(0);
      for (const job of jobs)
        expect(job.traceparent).toMatch(new RegExp(`^00-${webhookSpan.traceId}-[0-9a-f]{16}-0[01]$`));

      // The job's log lines carry the webhook's request id.
      const line = await waitFor("the job's log line with the webhook's request id", () =>
        app
          .output()
          .split("\n")
          .filter((l) => l.startsWith("{"))
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .find((l) => l.msg === "order submitted to the service" && l.order === order.name),
      );
      expect(line).toMatchObject({ requestId, shop: SHOP });
      await app.stop();
      // The SDK and the instrumentations were loaded (the control for the test below).
      const otel = loads.loaded().filter((url) => url.includes("/node_modules/@opentelemetry/"));
      expect(otel.some((url) => url.includes("/@opentelemetry/sdk-node/"))).toBe(true);
      expect(otel.some((url) => url.includes("/@opentelemetry/instrumentation-pg/"))).toBe(true);
    },
  );

  it(
    "loads and exports nothing with OTEL_SDK_DISABLED=true, nor without an endpoint",
    { timeout: 180_000 },
    async () => {
      const before = receiver.posts();
      const runs: Array<Record<string, string>> = [
        {
          OTEL_SDK_DISABLED: "true",
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
          OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        },
        { OTEL_EXPORTER_OTLP_PROTOCOL: "http/json", OTEL_BSP_SCHEDULE_DELAY: "100" },
      ];
      for (const env of runs) {
        const loads = recordingLoads();
        const app = await start({ ...env, ...loads.env });
        const requestId = `untraced-${randomUUID()}`;
        await traffic(app, requestId);
        // The order's job ran (it sent the order), with the request id and no trace context to keep.
        await waitFor("the order's job to send it", () =>
          app.output().includes(`"requestId":"${requestId}"`) && app.output().includes("order submitted to the service")
            ? true
            : undefined,
        );
        const jobs = await db.job.findMany({ where: { requestId } });
        expect(jobs.length).toBeGreaterThan(0);
        expect(jobs.map((j) => j.traceparent)).toEqual(jobs.map(() => null));
        // Stopping flushes whatever a running SDK would hold.
        expect(await app.stop()).toBe(0);
        // The server and the Remix build were loaded, and nothing of OpenTelemetry but its no-op API
        // (which prom-client loads for its exemplars, with or without tracing): no SDK, instrumentation,
        // exporter or loader hook.
        expect(loads.loaded().some((url) => url.endsWith("/build/app-server.js"))).toBe(true);
        const otel = loads
          .loaded()
          .filter((url) => url.includes("import-in-the-middle") || url.includes("/node_modules/@opentelemetry/"));
        expect(otel.filter((url) => !url.includes("/node_modules/@opentelemetry/api/"))).toEqual([]);
      }
      expect(receiver.posts()).toBe(before);
    },
  );
});
