import { afterEach, describe, expect, it } from "vitest";
import { SvcDestinationNotServedError } from "~/svc";
import { SvcConnectionError, SvcRateLimitedError, SvcUnexpectedError } from "~/svc/errors";
import { availabilityBody, destination, lineItems } from "./support/fixtures";
import { issueToken, sendJson, startFakeService, type FakeService } from "./support/fake-service";
import { testClient } from "./support/test-client";

const AUTH = "POST /api/rest/auth";
const QUOTE = "POST /api/rest/services";
const quoteParams = { lines: lineItems, destination };

let fake: FakeService;
afterEach(async () => {
  await fake.close();
});

describe("retries of calls that are safe to repeat", () => {
  it("repeats a quote after 503s and succeeds on the third attempt, with exponential full-jitter backoff", async () => {
    // GIVEN a service that is unavailable twice
    fake = await startFakeService({
      [AUTH]: issueToken(),
      [QUOTE]: (_r, res, n) =>
        n <= 2
          ? sendJson(res, 503, { error: "unavailable", code: "unexpected" })
          : sendJson(res, 200, availabilityBody()),
    });
    const { client, sleeps } = testClient(fake, { random: () => 0.5 });
    // WHEN quoting
    const result = await client.quote(quoteParams);
    // THEN three attempts were made, waiting half of 100 ms then half of 200 ms
    expect(result.services.map((s) => s.service)).toEqual(["NACIONAL", "EXPRESS"]);
    expect(fake.count(QUOTE)).toBe(3);
    expect(sleeps).toEqual([50, 100]);
  });

  it("stops after maxRetries and throws the last error", async () => {
    fake = await startFakeService({
      [AUTH]: issueToken(),
      [QUOTE]: (_r, res) =>
        sendJson(res, 500, { error: "internal error", code: "unexpected", path: "$" }, { "x-request-id": "req-500" }),
    });
    const { client } = testClient(fake, { maxRetries: 3 });
    const error = await client.quote(quoteParams).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcUnexpectedError);
    expect(error).toMatchObject({
      status: 500,
      code: "unexpected",
      path: "$",
      requestId: "req-500",
      endpoint: "quote",
      outcomeUnknown: false,
    });
    expect(fake.count(QUOTE)).toBe(4);
  });

  it("waits what Retry-After asks after a 429 instead of its own backoff", async () => {
    fake = await startFakeService({
      [AUTH]: issueToken(),
      [QUOTE]: (_r, res, n) =>
        n === 1
          ? sendJson(res, 429, { error: "slow down", code: "rate-limited" }, { "retry-after": "3" })
          : sendJson(res, 200, availabilityBody()),
    });
    const { client, sleeps } = testClient(fake);
    await client.quote(quoteParams);
    expect(sleeps).toEqual([3_000]);
    expect(fake.count(QUOTE)).toBe(2);
  });

  it("reads Retry-After given as an HTTP date", async () => {
    const now = Date.UTC(2025, 0, 15, 12, 0, 0);
    fake = await startFakeService({
      [AUTH]: issueToken(),
      [QUOTE]: (_r, res, n) =>
        n === 1
          ? sendJson(
              res,
              503,
              { error: "maintenance", code: "unexpected" },
              { "retry-after": new Date(now + 7_000).toUTCString() },
            )
          : sendJson(res, 200, availabilityBody()),
    });
    const { client, sleeps } = testClient(fake, { now: () => now });
    await client.quote(quoteParams);
    expect(sleeps).toEqual([7_000]);
  });

  it("fails at once with SvcRateLimitedError when Retry-After reaches past the deadline", async () => {
    fake = await startFakeService({
      [AUTH]: issueToken(),
      [QUOTE]: (_r, res) => sendJson(res, 429, { error: "slow down", code: "rate-limited" }, { "retry-after": "30" }),
    });
    const { client, sleeps } = testClient(fake);
    const started = Date.now();
    const error = await client.quote({ ...quoteParams, deadline: Date.now() + 2_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcRateLimitedError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 30_000 });
    expect(sleeps).toEqual([]);
    expect(fake.count(QUOTE)).toBe(1);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("does not wait for a Retry-After longer than a minute even without a deadline", async () => {
    fake = await startFakeService({
      [AUTH]: issueToken(),
      [QUOTE]: (_r, res) => sendJson(res, 429, {}, { "retry-after": "3600" }),
    });
    const { client, sleeps } = testClient(fake);
    await expect(client.quote(quoteParams)).rejects.toMatchObject({
      name: "SvcRateLimitedError",
      retryAfterMs: 3_600_000,
    });
    expect(sleeps).toEqual([]);
  });

  it("repeats a lookup after a connection failure", async () => {
    // GIVEN a service that drops the first lookup's connection
    fake = await startFakeService({
      [AUTH]: issueToken(),
      "GET /api/rest/product/TAZA-MX-001": (_r, res, n) =>
        n === 1 ? void res.socket?.destroy() : sendJson(res, 200, { producto: [] }),
    });
    const { client, sleeps } = testClient(fake);
    await expect(client.getProduct("TAZA-MX-001")).resolves.toEqual([]);
    expect(fake.count("GET /api/rest/product/TAZA-MX-001")).toBe(2);
    expect(sleeps).toHaveLength(1);
  });

  it("reports a refused connection as SvcConnectionError after its retries", async () => {
    // GIVEN an address where nothing listens
    fake = await startFakeService();
    const { client, sleeps } = testClient(fake);
    await fake.close();
    const error = await client.getStock().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcConnectionError);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
    expect(sleeps).toHaveLength(2);
  });

  it("never repeats a 409: a conflict answers the same every time", async () => {
    fake = await startFakeService({
      [AUTH]: issueToken(),
      [QUOTE]: (_r, res) =>
        sendJson(res, 409, {
          path: "$",
          code: "ConflictError",
          error: "Carrier integration error: {code: SHP-003, message: Código postal no cubierto}",
        }),
    });
    const { client, sleeps } = testClient(fake);
    await expect(client.quote(quoteParams)).rejects.toBeInstanceOf(SvcDestinationNotServedError);
    expect(fake.count(QUOTE)).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it("does not repeat an answer that fails validation", async () => {
    fake = await startFakeService({
      [AUTH]: issueToken(),
      [QUOTE]: (_r, res) => sendJson(res, 200, { svcServiceAvailability: { products: "none", services: [] } }),
    });
    const { client } = testClient(fake);
    await expect(client.quote(quoteParams)).rejects.toMatchObject({ name: "SvcInvalidResponseError" });
    expect(fake.count(QUOTE)).toBe(1);
  });
});
