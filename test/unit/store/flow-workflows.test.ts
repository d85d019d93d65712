// The simulated store's Flow plays the merchant's workflows: each enable or disable POSTs the signed
// trigger lifecycle callback to the app's url (relative to its appUrl), over real HTTP, driven
// through the control API; an enable stands only on a 2xx, a disable whatever the app answers.
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { DOMAIN, demoStore } from "./store-fixture";

const SECRET = "flow-secret";
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A real HTTP app answering `status()` to each callback, keeping what it got. */
async function app(status: () => number) {
  const received: { path: string; signature: string; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ path: req.url ?? "", signature: String(req.headers["x-shopify-hmac-sha256"]), body });
      res.writeHead(status()).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

async function setup(answer: () => number) {
  const { store, clock } = demoStore();
  const server = await store.listen(0);
  closers.push(() => server.close());
  const receiver = await app(answer);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}/__sandbox/shops/${DOMAIN}${path}`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, body: (await response.json()) as any };
  };
  await call("PUT", "/app", { secret: SECRET, appUrl: receiver.url, webhooks: [] });
  const triggers = [{ handle: "order-sent-to-warehouse", name: "Order sent to warehouse", fields: [] }];
  expect((await call("PUT", "/flow/triggers", { triggers, lifecycleUrl: "/flow/triggers/lifecycle" })).status).toBe(200);
  return { call, receiver, clock };
}

describe("the store's Flow workflows and lifecycle callbacks", () => {
  it("POSTs Flow's signed callback to the app's relative url when a workflow is enabled, and the enable stands on a 2xx", async () => {
    const { call, receiver, clock } = await setup(() => 200);
    const enabled = await call("POST", "/flow/workflows", { handle: "order-sent-to-warehouse", enabled: true });
    expect(enabled.body.workflow).toEqual({ id: "order-sent-to-warehouse", handle: "order-sent-to-warehouse", enabled: true });
    const [got] = receiver.received;
    expect(got!.path).toBe("/flow/triggers/lifecycle");
    expect(got!.signature).toBe(createHmac("sha256", SECRET).update(got!.body, "utf8").digest("base64"));
    expect(JSON.parse(got!.body)).toEqual({
      flow_trigger_definition_id: "Order sent to warehouse",
      has_enabled_flow: true,
      shop_id: expect.any(Number),
      shopify_domain: DOMAIN,
      timestamp: new Date(clock.now()).toISOString(),
    });
  });

  it("keeps a workflow disabled when the app refuses the enable, and disables one whatever the app answers", async () => {
    let status = 500;
    const { call } = await setup(() => status);
    const refused = await call("POST", "/flow/workflows", { handle: "order-sent-to-warehouse", enabled: true });
    expect(refused.body).toMatchObject({ workflow: { enabled: false }, callback: { status: 500 } });
    status = 200;
    await call("POST", "/flow/workflows", { handle: "order-sent-to-warehouse", enabled: true });
    status = 503;
    const disabled = await call("POST", "/flow/workflows", { handle: "order-sent-to-warehouse", enabled: false });
    expect(disabled.body).toMatchObject({ workflow: { enabled: false }, callback: { status: 503 } });
  });

  it("holds a disable's callback and delivers it late, with its own timestamp", async () => {
    const { call, receiver, clock } = await setup(() => 200);
    await call("POST", "/flow/workflows", { handle: "order-sent-to-warehouse", enabled: true });
    clock.advance(1_000);
    const held = await call("POST", "/flow/workflows", { handle: "order-sent-to-warehouse", enabled: false, hold: true });
    const heldAt = new Date(clock.now()).toISOString();
    expect(receiver.received).toHaveLength(1);
    clock.advance(1_000);
    const late = await call("POST", "/flow/lifecycle/deliver", { id: held.body.callback.id });
    expect(late.body.callback).toMatchObject({ status: 200, held: false });
    expect(JSON.parse(receiver.received[1]!.body)).toMatchObject({ has_enabled_flow: false, timestamp: heldAt });
    expect((await call("GET", "/flow/workflows")).body.lifecycle).toHaveLength(2);
  });

  it("answers 400 naming what is wrong, and 404 for a callback it does not hold", async () => {
    const { call } = await setup(() => 200);
    expect(await call("POST", "/flow/workflows", { handle: "order-sent-to-warehouse" })).toEqual({
      status: 400,
      body: { error: "enabled must be true or false" },
    });
    expect((await call("POST", "/flow/workflows", { handle: "no-such", enabled: true })).body.error).toMatch(
      /no trigger of the app has the handle 'no-such'/,
    );
    expect((await call("POST", "/flow/lifecycle/deliver", { id: "nope" })).status).toBe(404);
  });
});
