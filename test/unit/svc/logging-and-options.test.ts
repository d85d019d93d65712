import { afterEach, describe, expect, it } from "vitest";
import { createSvcClient } from "~/svc";
import { availabilityBody, destination, lineItems } from "./support/fixtures";
import { issueToken, sendJson, startFakeService, type FakeService } from "./support/fake-service";
import { TEST_API_KEY, recordingLogger, testClient } from "./support/test-client";

let fake: FakeService;
afterEach(async () => {
  await fake?.close();
});

describe("logging", () => {
  it("logs one entry per attempt with endpoint, status, duration, the service's request id and attempt; failures at info", async () => {
    const sentIds: Array<string | undefined> = [];
    fake = await startFakeService({
      "POST /api/rest/auth": issueToken(),
      "POST /api/rest/services": (req, res, n) => {
        sentIds.push(req.headers["x-request-id"] as string | undefined);
        if (n === 1) sendJson(res, 503, { error: "down", code: "unexpected" }, { "x-request-id": "req-a" });
        else sendJson(res, 200, availabilityBody(), { "x-request-id": "req-b" });
      },
    });
    const logger = recordingLogger();
    const attempts: unknown[] = [];
    const { client } = testClient(fake, {
      logger,
      requestId: () => "app-req-1",
      onAttempt: (attempt) => attempts.push(attempt),
    });
    await client.quote({ lines: lineItems, destination });
    const quoteLogs = logger.entries.filter((e) => e.obj.endpoint === "quote");
    expect(quoteLogs.map((e) => [e.level, e.obj])).toEqual([
      [
        "info",
        expect.objectContaining({
          endpoint: "quote",
          method: "POST",
          status: 503,
          svcRequestId: "req-a",
          attempt: 1,
          durationMs: expect.any(Number),
          error: "SvcUnexpectedError",
        }),
      ],
      ["debug", expect.objectContaining({ endpoint: "quote", status: 200, svcRequestId: "req-b", attempt: 2 })],
    ]);
    // The app's request id goes to the service on every attempt; each attempt is reported.
    expect(sentIds).toEqual(["app-req-1", "app-req-1"]);
    expect(attempts).toEqual([
      { endpoint: "auth", durationMs: expect.any(Number), error: undefined },
      { endpoint: "quote", durationMs: expect.any(Number), error: "SvcUnexpectedError" },
      { endpoint: "quote", durationMs: expect.any(Number), error: undefined },
    ]);
  });

  it("never logs the API key, the token or the address", async () => {
    fake = await startFakeService({
      "POST /api/rest/auth": issueToken(),
      "POST /api/rest/services": (_r, res) => sendJson(res, 200, availabilityBody()),
    });
    const logger = recordingLogger();
    const { client } = testClient(fake, { logger });
    await client.quote({ lines: lineItems, destination });
    const { accessToken } = await client.auth();
    const logged = JSON.stringify(logger.entries);
    expect(logger.entries.length).toBeGreaterThan(0);
    for (const secret of [TEST_API_KEY, accessToken, destination.street, destination.recipient, destination.phone]) {
      expect(logged).not.toContain(secret);
    }
  });
});

describe("options", () => {
  it("sends default headers on every request and per-call headers only on that call", async () => {
    fake = await startFakeService({
      "POST /api/rest/auth": issueToken(),
      "POST /api/rest/inventory/stock": (_r, res) => sendJson(res, 200, { inventario: [] }),
    });
    const { client } = testClient(fake, { defaultHeaders: { "x-shop": "tienda.myshopify.com" } });
    await client.getStock({ headers: { "x-sandbox-scenario": "slow:1" } });
    const [auth, stock] = fake.requests;
    expect(auth?.headers["x-shop"]).toBe("tienda.myshopify.com");
    expect(auth?.headers["x-sandbox-scenario"]).toBeUndefined();
    expect(stock?.headers["x-shop"]).toBe("tienda.myshopify.com");
    expect(stock?.headers["x-sandbox-scenario"]).toBe("slow:1");
  });

  it("does not let a per-call header replace the Bearer token", async () => {
    fake = await startFakeService({
      "POST /api/rest/auth": issueToken(),
      "POST /api/rest/inventory/stock": (_r, res) => sendJson(res, 200, { inventario: [] }),
    });
    const { client } = testClient(fake);
    await client.getStock({ headers: { authorization: "Bearer forged" } });
    expect(fake.requests.at(-1)?.headers.authorization).toMatch(/^Bearer ey/);
  });

  it("ignores a trailing slash in baseUrl", async () => {
    fake = await startFakeService({ "POST /api/rest/auth": issueToken() });
    const { client } = testClient(fake, { baseUrl: `${fake.url}/` });
    await client.auth();
    expect(fake.requests[0]?.path).toBe("/api/rest/auth");
  });

  it("refuses a service name that could not form the wire names, and a missing key", () => {
    expect(() => createSvcClient({ baseUrl: "http://127.0.0.1:1", apiKey: "k", serviceName: "svc-x" })).toThrow(
      /serviceName/,
    );
    expect(() => createSvcClient({ baseUrl: "http://127.0.0.1:1", apiKey: "" })).toThrow(/apiKey/);
    expect(() => createSvcClient({ baseUrl: "not a url", apiKey: "k" })).toThrow();
  });
});
