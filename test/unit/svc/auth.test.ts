import { afterEach, describe, expect, it } from "vitest";
import { SvcTokenCache, SvcUnauthorizedError } from "~/svc";
import { SvcUnexpectedError } from "~/svc/errors";
import { availabilityBody, destination, lineItems } from "./support/fixtures";
import { issueToken, makeJwt, sendJson, startFakeService, type FakeService } from "./support/fake-service";
import { TEST_API_KEY, testClient } from "./support/test-client";

const AUTH = "POST /api/rest/auth";
const QUOTE = "POST /api/rest/services";
const STOCK = "POST /api/rest/inventory/stock";
const quoteParams = { lines: lineItems, destination };

let fake: FakeService;
afterEach(async () => {
  await fake.close();
});

describe("authentication", () => {
  it("exchanges the API key once and reuses the token for later calls", async () => {
    // GIVEN a service that issues hour-long tokens
    fake = await startFakeService({
      [AUTH]: issueToken(),
      [QUOTE]: (_r, res) => sendJson(res, 200, availabilityBody()),
    });
    const { client } = testClient(fake);
    // WHEN three calls are made
    for (let i = 0; i < 3; i++) await client.quote(quoteParams);
    // THEN one auth call served them all, with the key in x-api-key and the token as Bearer
    expect(fake.count(AUTH)).toBe(1);
    const auth = fake.requests.find((r) => r.path === "/api/rest/auth");
    expect(auth?.headers["x-api-key"]).toBe(TEST_API_KEY);
    expect(auth?.body).toBe("");
    const quotes = fake.requests.filter((r) => r.path === "/api/rest/services");
    expect(quotes.map((r) => r.headers.authorization)).toEqual(Array(3).fill(quotes[0]?.headers.authorization));
    expect(quotes[0]?.headers.authorization).toMatch(/^Bearer ey/);
  });

  it("shares one token between clients of the same baseUrl and key", async () => {
    fake = await startFakeService({
      [AUTH]: issueToken(),
      [STOCK]: (_r, res) => sendJson(res, 200, { inventario: [] }),
    });
    const tokenCache = new SvcTokenCache();
    // GIVEN two client instances over one cache WHEN both call THEN the service sees one auth
    await testClient(fake, { tokenCache }).client.getStock();
    await testClient(fake, { tokenCache }).client.getStock();
    expect(fake.count(AUTH)).toBe(1);
  });

  it("keeps tokens of different keys apart", async () => {
    fake = await startFakeService({
      [AUTH]: issueToken(),
      [STOCK]: (_r, res) => sendJson(res, 200, { inventario: [] }),
    });
    const tokenCache = new SvcTokenCache();
    await testClient(fake, { tokenCache }).client.getStock();
    await testClient(fake, { tokenCache, apiKey: "sk_test_other" }).client.getStock();
    expect(fake.count(AUTH)).toBe(2);
  });

  it("fetches a new token once the cached one is within its expiry margin", async () => {
    // GIVEN a client clock we control and 600 s tokens (margin 60 s)
    let clock = Date.UTC(2025, 0, 15, 12, 0, 0);
    const now = () => clock;
    fake = await startFakeService({
      [AUTH]: issueToken({ ttlS: 600, now }),
      [STOCK]: (_r, res) => sendJson(res, 200, { inventario: [] }),
    });
    const { client } = testClient(fake, { now });
    await client.getStock();
    // WHEN time passes to just before the margin THEN the token is still reused
    clock += 539_000;
    await client.getStock();
    expect(fake.count(AUTH)).toBe(1);
    // WHEN time passes into the last minute THEN a new token is fetched before calling
    clock += 2_000;
    await client.getStock();
    expect(fake.count(AUTH)).toBe(2);
    expect(fake.count(STOCK)).toBe(3);
  });

  it("re-authenticates once and repeats the call when the service answers 401", async () => {
    // GIVEN a service that refuses the first token it issued
    fake = await startFakeService({
      [AUTH]: issueToken(),
      [QUOTE]: (_r, res, n) =>
        n === 1
          ? sendJson(res, 401, { error: "jwt expired", code: "invalid-jwt", path: "$" })
          : sendJson(res, 200, availabilityBody()),
    });
    const { client } = testClient(fake);
    // WHEN a quote is made THEN it succeeds after one fresh token and one repeat
    const result = await client.quote(quoteParams);
    expect(result.services).toHaveLength(2);
    expect(fake.count(AUTH)).toBe(2);
    expect(fake.count(QUOTE)).toBe(2);
    const [first, second] = fake.requests.filter((r) => r.path === "/api/rest/services");
    expect(first?.headers.authorization).not.toBe(second?.headers.authorization);
  });

  it("gives up with SvcUnauthorizedError when even a fresh token is refused", async () => {
    fake = await startFakeService({
      [AUTH]: issueToken(),
      [QUOTE]: (_r, res) => sendJson(res, 401, { error: "not allowed", code: "invalid-jwt", path: "$" }),
    });
    const { client } = testClient(fake);
    const error = await client.quote(quoteParams).catch((e: unknown) => e);
    // THEN exactly one re-authentication happened: no loop
    expect(error).toBeInstanceOf(SvcUnauthorizedError);
    expect(error).toMatchObject({ status: 401, code: "invalid-jwt", endpoint: "quote" });
    expect(fake.count(AUTH)).toBe(2);
    expect(fake.count(QUOTE)).toBe(2);
  });

  it("makes one auth call for 100 concurrent calls on a cold cache", async () => {
    fake = await startFakeService({
      [AUTH]: async (req, res, n) => {
        await new Promise((r) => setTimeout(r, 30)); // keep the flight open while the others arrive
        await issueToken()(req, res, n);
      },
      [STOCK]: (_r, res) => sendJson(res, 200, { inventario: [] }),
    });
    const { client } = testClient(fake);
    await Promise.all(Array.from({ length: 100 }, () => client.getStock()));
    expect(fake.count(AUTH)).toBe(1);
    expect(fake.count(STOCK)).toBe(100);
  });

  it("refreshes once for 100 concurrent calls that all meet a 401", async () => {
    const refused = new Set<string>();
    fake = await startFakeService({ [AUTH]: issueToken() });
    const { client } = testClient(fake);
    const firstToken = (await client.auth()).accessToken;
    refused.add(`Bearer ${firstToken}`);
    fake.route(STOCK, async (req, res) => {
      await new Promise((r) => setTimeout(r, 5));
      if (refused.has(String(req.headers.authorization))) sendJson(res, 401, { error: "expired", code: "invalid-jwt" });
      else sendJson(res, 200, { inventario: [] });
    });
    await Promise.all(Array.from({ length: 100 }, () => client.getStock()));
    expect(fake.count(AUTH)).toBe(2);
    expect(fake.count(STOCK)).toBe(200);
  });

  it("makes one auth call for 100 concurrent calls with a refused key, and none while the refusal is fresh", async () => {
    // GIVEN a service that refuses the key
    fake = await startFakeService({
      [AUTH]: async (_r, res) => {
        await new Promise((r) => setTimeout(r, 20));
        sendJson(res, 401, { error: "API key not valid", code: "unauthorized", path: "$" });
      },
    });
    const { client } = testClient(fake);
    // WHEN 100 calls run at once
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => client.getStock()));
    // THEN all fail as unauthorized after a single auth call, and the stock endpoint is never hit
    expect(results.every((r) => r.status === "rejected" && r.reason instanceof SvcUnauthorizedError)).toBe(true);
    expect(fake.count(AUTH)).toBe(1);
    // AND a call right after fails fast without asking again
    await expect(client.getStock()).rejects.toBeInstanceOf(SvcUnauthorizedError);
    expect(fake.count(AUTH)).toBe(1);
  });

  it("asks again after the refusal has aged out", async () => {
    let clock = 1_000_000;
    fake = await startFakeService({
      [AUTH]: (_r, res) => sendJson(res, 403, { error: "forbidden", code: "unauthorized" }),
    });
    const { client } = testClient(fake, { now: () => clock, tokenCache: new SvcTokenCache(5_000) });
    await expect(client.auth()).rejects.toBeInstanceOf(SvcUnauthorizedError);
    clock += 5_001;
    await expect(client.auth()).rejects.toBeInstanceOf(SvcUnauthorizedError);
    expect(fake.count(AUTH)).toBe(2);
  });

  it("retries the auth call on a 500 and reports the service's unexpected error if it persists", async () => {
    fake = await startFakeService({
      [AUTH]: (_r, res) => sendJson(res, 500, { error: "internal error", code: "unexpected", path: "$" }),
    });
    const { client, sleeps } = testClient(fake);
    const error = await client.getStock().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcUnexpectedError);
    expect(error).toMatchObject({ endpoint: "auth", status: 500, code: "unexpected", path: "$" });
    expect(fake.count(AUTH)).toBe(3);
    expect(sleeps).toHaveLength(2);
  });

  it("accepts the AuthWithApiKey spelling of the auth answer", async () => {
    fake = await startFakeService({
      [AUTH]: (_r, res) => sendJson(res, 200, { AuthWithApiKey: { accessToken: makeJwt({ exp: 4_000_000_000 }) } }),
    });
    const { client } = testClient(fake);
    await expect(client.auth()).resolves.toMatchObject({ accessToken: expect.stringMatching(/^ey/) });
  });

  it("fetches a new token when asked for a fresh one", async () => {
    fake = await startFakeService({ [AUTH]: issueToken() });
    const { client } = testClient(fake);
    const first = await client.auth();
    const second = await client.auth({ fresh: true });
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(fake.count(AUTH)).toBe(2);
  });
});
