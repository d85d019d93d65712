import http from "node:http";
import type { AddressInfo } from "node:net";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookFastPath } from "../../../server/webhook-http";

// Route modules as the Remix build holds them: the fast path must call their actions as Remix
// would, and leave every other request to Express and Remix (here: a 404 marked "framework").
const routes = {
  "routes/webhooks.orders.paid": {
    id: "routes/webhooks.orders.paid",
    path: "webhooks/orders/paid",
    module: {
      action: async ({ request }: { request: Request }) =>
        Response.json(
          {
            got: await request.text(),
            topic: request.headers.get("x-shopify-topic"),
            url: new URL(request.url).pathname,
          },
          { status: 200, headers: { "x-answered-by": "action" } },
        ),
    },
  },
  "routes/webhooks.shop.redact": {
    id: "routes/webhooks.shop.redact",
    path: "webhooks/shop/redact",
    module: {
      action: async () => {
        throw Response.json({ error: "malformed" }, { status: 400 });
      },
    },
  },
  "routes/webhooks.app.uninstalled": {
    id: "routes/webhooks.app.uninstalled",
    path: "webhooks/app/uninstalled",
    module: {
      action: async () => {
        throw new Error("boom");
      },
    },
  },
  "routes/app.orders": {
    id: "routes/app.orders",
    path: "app/orders",
    module: { action: async () => new Response("page") },
  },
} as unknown as ServerBuild["routes"];

// The routes here are stand-ins: they use nothing of the services the server would give them.
const context = { services: {} } as AppLoadContext;
const failures: string[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  const fast = webhookFastPath({
    routes,
    context,
    onError: (error, path) => failures.push(`${path}: ${String(error)}`),
  });
  server = http.createServer((req, res) => {
    if (!fast(req, res)) res.writeHead(404, { "x-answered-by": "framework" }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the webhook fast path", () => {
  it("hands a webhook's body and headers to its route action and returns the action's answer", async () => {
    const res = await fetch(`${base}/webhooks/orders/paid`, {
      method: "POST",
      headers: { "x-shopify-topic": "orders/paid", "content-type": "application/json" },
      body: '{"id":1}',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-answered-by")).toBe("action");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.json()).toEqual({ got: '{"id":1}', topic: "orders/paid", url: "/webhooks/orders/paid" });
  });

  it("answers a Response the action throws, as Remix does", async () => {
    const res = await fetch(`${base}/webhooks/shop/redact`, { method: "POST", body: "{}" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "malformed" });
  });

  it("answers 500 and reports an action that fails with an error", async () => {
    const res = await fetch(`${base}/webhooks/app/uninstalled`, { method: "POST", body: "{}" });
    expect(res.status).toBe(500);
    expect(failures).toEqual(["/webhooks/app/uninstalled: Error: boom"]);
  });

  it("leaves pages, unknown paths and other methods to the framework", async () => {
    for (const [path, method] of [
      ["/app/orders", "POST"],
      ["/webhooks/unknown/topic", "POST"],
      ["/webhooks/orders/paid", "GET"],
    ] as const) {
      const res = await fetch(`${base}${path}`, { method, ...(method === "POST" ? { body: "{}" } : {}) });
      expect({ path, method, by: res.headers.get("x-answered-by") }).toEqual({ path, method, by: "framework" });
    }
  });
});
