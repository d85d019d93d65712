import { afterEach, describe, expect, it } from "vitest";
import { SvcAbortedError, SvcTimeoutError } from "~/svc/errors";
import { abortableSleep } from "~/svc/abort";
import { availabilityBody, destination, lineItems } from "./support/fixtures";
import { issueToken, sendJson, startFakeService, type FakeService } from "./support/fake-service";
import { testClient } from "./support/test-client";

const AUTH = "POST /api/rest/auth";
const QUOTE = "POST /api/rest/services";
const quoteParams = { lines: lineItems, destination };
const never = () => undefined;

let fake: FakeService;
afterEach(async () => {
  await fake.close();
});

describe("timeouts and deadlines", () => {
  it("ends an attempt that gets no answer within timeoutMs and retries a quote", async () => {
    // GIVEN a service whose first quote never answers
    fake = await startFakeService({
      [AUTH]: issueToken(),
      [QUOTE]: (_r, res, n) => (n === 1 ? never() : sendJson(res, 200, availabilityBody())),
    });
    const { client } = testClient(fake, { timeoutMs: 100 });
    // WHEN quoting THEN the second attempt answers
    await expect(client.quote(quoteParams)).resolves.toMatchObject({ services: expect.any(Array) });
    expect(fake.count(QUOTE)).toBe(2);
  });

  it("ends the whole call, retries included, by its deadline with SvcTimeoutError", async () => {
    // GIVEN a service that never answers, real sleeps, and a 5 s per-attempt limit
    fake = await startFakeService({ [AUTH]: issueToken(), [QUOTE]: never });
    const { client } = testClient(fake, { timeoutMs: 5_000, sleep: abortableSleep });
    await client.auth();
    const started = Date.now();
    // WHEN the caller allows 250 ms in all
    const error = await client.quote({ ...quoteParams, deadline: started + 250 }).catch((e: unknown) => e);
    // THEN it times out near the deadline, long before a single attempt's limit
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(SvcTimeoutError);
    expect((error as Error).message).toMatch(/deadline/);
    expect(elapsed).toBeGreaterThanOrEqual(240);
    expect(elapsed).toBeLessThan(2_500);
  });

  it("splits a deadline over several attempts when each times out sooner", async () => {
    fake = await startFakeService({ [AUTH]: issueToken(), [QUOTE]: never });
    const { client } = testClient(fake, { timeoutMs: 80, maxRetries: 10 });
    await client.auth();
    const started = Date.now();
    const error = await client.quote({ ...quoteParams, deadline: started + 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcTimeoutError);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(fake.count(QUOTE)).toBeGreaterThanOrEqual(3);
  });

  it("stops waiting for a slow token at the caller's deadline", async () => {
    fake = await startFakeService({ [AUTH]: never });
    const { client } = testClient(fake, { timeoutMs: 5_000 });
    const started = Date.now();
    const error = await client.getStock({ deadline: started + 150 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcTimeoutError);
    expect(error).toMatchObject({ endpoint: "getStock", outcomeUnknown: false });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("turns a caller's AbortSignal.timeout() into SvcTimeoutError", async () => {
    fake = await startFakeService({ [AUTH]: issueToken(), [QUOTE]: never });
    const { client } = testClient(fake);
    await expect(client.quote({ ...quoteParams, signal: AbortSignal.timeout(100) })).rejects.toBeInstanceOf(
      SvcTimeoutError,
    );
  });

  it("turns a caller's abort into SvcAbortedError without retrying", async () => {
    fake = await startFakeService({ [AUTH]: issueToken(), [QUOTE]: never });
    const { client } = testClient(fake);
    const controller = new AbortController();
    const pending = client.quote({ ...quoteParams, signal: controller.signal });
    setTimeout(() => controller.abort(new Error("shopper left")), 80);
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcAbortedError);
    expect(fake.count(QUOTE)).toBe(1);
  });

  it("treats a deadline months away as no limit rather than an overflowed timer", async () => {
    fake = await startFakeService({
      [AUTH]: issueToken(),
      [QUOTE]: (_r, res) => sendJson(res, 200, availabilityBody()),
    });
    const { client } = testClient(fake);
    const inAYear = Date.now() + 365 * 24 * 3600 * 1000;
    await expect(client.quote({ ...quoteParams, deadline: inAYear })).resolves.toMatchObject({
      services: expect.any(Array),
    });
  });

  it("fails at once when the deadline has already passed, sending nothing", async () => {
    fake = await startFakeService({ [AUTH]: issueToken() });
    const { client } = testClient(fake);
    await client.auth();
    await expect(client.getStock({ deadline: Date.now() - 1 })).rejects.toBeInstanceOf(SvcTimeoutError);
    expect(fake.count("POST /api/rest/inventory/stock")).toBe(0);
  });
});
