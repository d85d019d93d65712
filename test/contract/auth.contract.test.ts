import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SvcTokenCache, SvcUnauthorizedError } from "~/svc";
import { SANDBOX_KEY, clientFor, control, startSandbox, type Sandbox } from "./support/sandbox-harness";

const TOKEN_TTL_S = 600;
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ tokenTtlS: TOKEN_TTL_S });
});
afterAll(async () => {
  await sandbox.close();
});

describe("auth against the sandbox", () => {
  it("reuses one token for many calls", async () => {
    const { client, wire } = clientFor(sandbox);
    for (let i = 0; i < 5; i++) await client.getStock();
    expect(wire.count("POST", "/api/rest/auth")).toBe(1);
    expect(wire.count("POST", "/api/rest/inventory/stock")).toBe(5);
  });

  it("re-authenticates once when the sandbox says the token expired, and the call succeeds", async () => {
    // GIVEN a client holding a token, and sandbox time moved past the token's expiry
    const { client, wire } = clientFor(sandbox);
    await client.getStock();
    await control(sandbox, clientFor(sandbox).client, "POST", "/__sandbox/clock", {
      advanceMs: (TOKEN_TTL_S + 1) * 1000,
    });
    // WHEN the client calls again (its own clock still thinks the token is fresh)
    await expect(client.getStock()).resolves.toEqual(expect.any(Array));
    // THEN the 401 led to exactly one new token and one repeat
    expect(wire.count("POST", "/api/rest/auth")).toBe(2);
    expect(wire.count("POST", "/api/rest/inventory/stock")).toBe(3);
  });

  it("refreshes before expiry when its own clock says the token is about to lapse", async () => {
    // GIVEN a client whose clock follows the sandbox clock
    let offset = 0;
    const { client, wire } = clientFor(sandbox, { now: () => Date.now() + offset });
    const before = (await control(sandbox, client, "GET", "/__sandbox/clock")) as { now: string };
    offset = Date.parse(before.now) - Date.now();
    await client.auth({ fresh: true });
    // WHEN both clocks move past the token's lifetime minus the margin
    const advanceMs = (TOKEN_TTL_S - 30) * 1000;
    await control(sandbox, client, "POST", "/__sandbox/clock", { advanceMs });
    offset += advanceMs;
    await client.getStock();
    // THEN the client fetched a new token first, and the stock call never met a 401
    expect(wire.count("POST", "/api/rest/auth")).toBe(3);
    expect(wire.count("POST", "/api/rest/inventory/stock")).toBe(1);
  });

  it("shares a token between clients of the same key through one cache", async () => {
    const tokenCache = new SvcTokenCache();
    const first = clientFor(sandbox, { tokenCache });
    const second = clientFor(sandbox, { tokenCache });
    await first.client.getStock();
    await second.client.getStock();
    expect(first.wire.count("POST", "/api/rest/auth") + second.wire.count("POST", "/api/rest/auth")).toBe(1);
  });

  it("fails a refused key with SvcUnauthorizedError after one auth call, even for 50 concurrent calls", async () => {
    const { client, wire } = clientFor(sandbox, { apiKey: "sk_not_issued" });
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => client.getStock()));
    expect(results.every((r) => r.status === "rejected" && r.reason instanceof SvcUnauthorizedError)).toBe(true);
    expect(results[0]).toMatchObject({ reason: { status: 401, code: "unauthorized", endpoint: "auth" } });
    expect(wire.count("POST", "/api/rest/auth")).toBe(1);
    expect(wire.count("POST", "/api/rest/inventory/stock")).toBe(0);
  });

  it("makes one auth call for 100 concurrent first calls", async () => {
    const { client, wire } = clientFor(sandbox);
    await Promise.all(Array.from({ length: 100 }, () => client.getStock()));
    expect(wire.count("POST", "/api/rest/auth")).toBe(1);
  });

  it("never sends the API key anywhere but the auth call", async () => {
    const { client, wire } = clientFor(sandbox);
    await client.getStock();
    const carriers = wire.requests.filter((r) => r.headers.get("x-api-key") === SANDBOX_KEY).map((r) => r.path);
    expect(carriers).toEqual(["/api/rest/auth"]);
  });
});
