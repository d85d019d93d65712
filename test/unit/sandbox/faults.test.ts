import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ServiceSandbox } from "../../../sandbox/service/server";
import {
  authenticate,
  call,
  clientOf,
  destination,
  product,
  startSandbox,
  type SandboxClient,
} from "./sandbox-fixture";

const scenario = (value: string) => ({ "x-sandbox-scenario": value });

describe("sandbox fault scenarios", () => {
  let sandbox: ServiceSandbox;
  let api: SandboxClient;
  beforeEach(async () => {
    sandbox = await startSandbox();
    api = await clientOf(sandbox.url);
  });
  afterEach(() => sandbox.close());

  it("timeout: never answers, so the client's own timeout fires", async () => {
    const started = Date.now();
    const attempt = fetch(`${sandbox.url}/api/rest/inventory/stock`, {
      method: "POST",
      headers: { authorization: `Bearer ${api.token}`, ...scenario("timeout") },
      signal: AbortSignal.timeout(150),
    });
    await expect(attempt).rejects.toMatchObject({ name: "TimeoutError" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("timeout: close() ends a hanging connection instead of waiting for it", async () => {
    // GIVEN a request the sandbox will never answer, and no client-side timeout
    const hanging = fetch(`${sandbox.url}/api/rest/auth`, {
      method: "POST",
      headers: { "x-api-key": "sandbox-key", ...scenario("timeout") },
    });
    const settled = hanging.then(
      () => "answered",
      () => "connection closed",
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    // WHEN the sandbox closes THEN it does so promptly and the client sees the connection end
    const started = Date.now();
    await sandbox.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await settled).toBe("connection closed");
  });

  it("slow:<ms>: answers normally after the delay", async () => {
    const started = Date.now();
    const res = await api.post("/api/rest/inventory/stock", undefined, scenario("slow:200"));
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(res).toMatchObject({ status: 200, json: { inventario: [] } });
  });

  it("server-error: 500 with the service's internal-error body", async () => {
    const res = await api.post("/api/rest/inventory/stock", undefined, scenario("server-error"));
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ error: "internal error", code: "unexpected", path: "$" });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("malformed-json: 200 with a JSON content type and a body that does not parse", async () => {
    const res = await api.post("/api/rest/inventory/stock", undefined, scenario("malformed-json"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.text.length).toBeGreaterThan(0);
    expect(res.json).toBeUndefined();
  });

  it("unauthorized: 401 even on the token endpoint with a good key", async () => {
    const res = await call(`${sandbox.url}/api/rest/auth`, {
      method: "POST",
      headers: { "x-api-key": "sandbox-key", ...scenario("unauthorized") },
    });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: expect.any(String), code: "unauthorized", path: "$" });
  });

  it("rate-limited: 429 with Retry-After: 1; unavailable: 503", async () => {
    const limited = await api.post("/api/rest/inventory/stock", undefined, scenario("rate-limited"));
    const unavailable = await api.post("/api/rest/inventory/stock", undefined, scenario("unavailable"));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("1");
    expect(limited.json).toEqual({ error: expect.any(String), code: "rate-limited", path: "$" });
    expect(unavailable.status).toBe(503);
    expect(unavailable.json).toEqual({ error: expect.any(String), code: "unavailable", path: "$" });
  });

  it("empty-200 and empty-409 answer the empty objects the contract's examples show", async () => {
    const ok = await api.post("/api/rest/services", {}, scenario("empty-200"));
    const conflict = await api.post("/api/rest/services", {}, scenario("empty-409"));
    expect([ok.status, ok.json]).toEqual([200, {}]);
    expect([conflict.status, conflict.json]).toEqual([409, {}]);
  });

  it("faults have no side effects, except commit-then-timeout which creates the order and never answers", async () => {
    await api.post("/api/rest/product/new", { productos: [product("TAZA-AZ")] });
    const body = {
      productos: [{ identificador: "TAZA-AZ", cantidad: 1 }],
      consumidor_destino: destination(),
      servicio_svc: "NACIONAL",
    };
    await api.post("/api/rest/orders", body, scenario("server-error"));
    expect((await api.get("/__sandbox/orders")).json.orders).toHaveLength(0);
    const lost = fetch(`${sandbox.url}/api/rest/orders`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${api.token}`,
        "content-type": "application/json",
        ...scenario("commit-then-timeout"),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(200),
    });
    await expect(lost).rejects.toMatchObject({ name: "TimeoutError" });
    expect((await api.get("/__sandbox/orders")).json.orders).toHaveLength(1);
  });

  it("rejects an unknown scenario with 400 rather than ignoring it", async () => {
    const res = await api.post("/api/rest/inventory/stock", undefined, scenario("explode"));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: expect.stringContaining("explode"),
      code: "validation-error",
      path: "$.headers.x-sandbox-scenario",
    });
  });

  it("does not apply scenarios to the sandbox-only routes", async () => {
    const res = await api.get("/__sandbox/orders", scenario("server-error"));
    expect(res.status).toBe(200);
  });
});

describe("sandbox process-wide faults", () => {
  it("adds SANDBOX_LATENCY_MS to every API request", async () => {
    const sandbox = await startSandbox({ latencyMs: 120 });
    try {
      const started = Date.now();
      await authenticate(sandbox.url);
      expect(Date.now() - started).toBeGreaterThanOrEqual(110);
    } finally {
      await sandbox.close();
    }
  });

  it("fails the same requests on every run with the same seed, with 500 or 503 only", async () => {
    const pattern = async (seed: number) => {
      const sandbox = await startSandbox({ failureRate: 0.5, seed });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 30; i++) {
          statuses.push(
            (await call(`${sandbox.url}/api/rest/auth`, { method: "POST", headers: { "x-api-key": "sandbox-key" } }))
              .status,
          );
        }
        return statuses;
      } finally {
        await sandbox.close();
      }
    };
    const first = await pattern(42);
    expect(await pattern(42)).toEqual(first);
    expect(new Set(first)).toEqual(new Set([200, 500, 503]));
    expect(await pattern(7)).not.toEqual(first);
  });
});
