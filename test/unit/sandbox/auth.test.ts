import { createHmac } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ServiceSandbox } from "../../../sandbox/service/server";
import { authenticate, call, startSandbox } from "./sandbox-fixture";

const SECRET = "test-secret-for-the-sandbox-jwts";

function decodePart(part: string) {
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
}

function signWith(secret: string, header: object, claims: object): string {
  const body = `${Buffer.from(JSON.stringify(header)).toString("base64url")}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}`;
  return `${body}.${createHmac("sha256", secret).update(body).digest("base64url")}`;
}

describe("sandbox auth", () => {
  let sandbox: ServiceSandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({ apiKeys: ["key-a", "key-b"], jwtSecret: SECRET, tokenTtlS: 60 });
  });
  afterEach(() => sandbox.close());

  it("exchanges a configured API key for an HS256 JWT with sub, iat and exp", async () => {
    // GIVEN a configured key WHEN it is exchanged
    const res = await call(`${sandbox.url}/api/rest/auth`, { method: "POST", headers: { "x-api-key": "key-a" } });
    // THEN the token endpoint answers the contract's shape with a verifiable JWT
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(Object.keys(res.json)).toEqual(["AuthWithAPIkey"]);
    const [header, payload, signature] = (res.json.AuthWithAPIkey.accessToken as string).split(".");
    expect(decodePart(header!)).toEqual({ alg: "HS256", typ: "JWT" });
    const claims = decodePart(payload!);
    expect(claims.exp - claims.iat).toBe(60);
    expect(typeof claims.sub).toBe("string");
    expect(createHmac("sha256", SECRET).update(`${header}.${payload}`).digest("base64url")).toBe(signature);
  });

  it("gives each key its own client id", async () => {
    const subOf = async (key: string) => decodePart((await authenticate(sandbox.url, key)).split(".")[1]!).sub;
    expect(await subOf("key-a")).not.toBe(await subOf("key-b"));
  });

  it("answers 401 unauthorized with the error body for an unknown or missing key", async () => {
    const unknown = await call(`${sandbox.url}/api/rest/auth`, { method: "POST", headers: { "x-api-key": "nope" } });
    const missing = await call(`${sandbox.url}/api/rest/auth`, { method: "POST" });
    for (const res of [unknown, missing]) {
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ error: expect.any(String), code: "unauthorized", path: "$" });
    }
  });

  it("answers 401 when the Bearer token is missing or not a Bearer header", async () => {
    const missing = await call(`${sandbox.url}/api/rest/inventory/stock`, { method: "POST" });
    const basic = await call(`${sandbox.url}/api/rest/inventory/stock`, {
      method: "POST",
      headers: { authorization: "Basic a2V5LWE6" },
    });
    expect([missing.status, basic.status]).toEqual([401, 401]);
    expect(missing.json.code).toBe("unauthorized");
    expect(basic.json.code).toBe("unauthorized");
  });

  it("rejects a token once sandbox time passes its exp", async () => {
    // GIVEN a token with a 60 s lifetime that works now
    const token = await authenticate(sandbox.url, "key-a");
    expect((await call(`${sandbox.url}/api/rest/inventory/stock`, { method: "POST", token })).status).toBe(200);
    // WHEN the sandbox clock moves 61 s forward
    const moved = await call(`${sandbox.url}/__sandbox/clock`, { token, body: { advanceMs: 61_000 } });
    expect(moved.status).toBe(200);
    // THEN the same token is refused and a fresh one works
    const expired = await call(`${sandbox.url}/api/rest/inventory/stock`, { method: "POST", token });
    expect(expired.status).toBe(401);
    expect(expired.json).toEqual({ error: expect.stringContaining("expired"), code: "unauthorized", path: "$" });
    const fresh = await authenticate(sandbox.url, "key-a");
    expect((await call(`${sandbox.url}/api/rest/inventory/stock`, { method: "POST", token: fresh })).status).toBe(200);
  });

  it("rejects forged tokens: altered claims, another secret, alg none", async () => {
    const real = await authenticate(sandbox.url, "key-a");
    const [header, payload, signature] = real.split(".") as [string, string, string];
    const claims = decodePart(payload);
    const otherSub = decodePart((await authenticate(sandbox.url, "key-b")).split(".")[1]!).sub;
    const forged = [
      `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: otherSub })).toString("base64url")}.${signature}`,
      signWith("some-other-secret-entirely", { alg: "HS256", typ: "JWT" }, claims),
      `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`,
      "not-a-jwt",
    ];
    for (const token of forged) {
      const res = await call(`${sandbox.url}/api/rest/inventory/stock`, { method: "POST", token });
      expect(res.status).toBe(401);
      expect(res.json.code).toBe("unauthorized");
    }
  });

  it("puts an x-request-id on every response, errors included", async () => {
    const ok = await call(`${sandbox.url}/api/rest/auth`, { method: "POST", headers: { "x-api-key": "key-a" } });
    const bad = await call(`${sandbox.url}/api/rest/auth`, { method: "POST" });
    const missingRoute = await call(`${sandbox.url}/api/rest/nothing-here`);
    const ids = [ok, bad, missingRoute].map((r) => r.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
    expect(missingRoute.status).toBe(404);
    expect(missingRoute.json).toEqual({ error: expect.any(String), code: "not-found", path: "$" });
  });
});
