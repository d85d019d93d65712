import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SvcError, SvcUnauthorizedError, type SvcClient } from "~/svc";
import { SvcInvalidResponseError, SvcRateLimitedError, SvcTimeoutError, SvcUnexpectedError } from "~/svc/errors";
import {
  cdmx,
  clientFor,
  control,
  productWithDimensions,
  startSandbox,
  type Sandbox,
  type WireLog,
} from "./support/sandbox-harness";

const QUOTE_PATH = "/api/rest/services";
const ORDERS_PATH = "/api/rest/orders";
const quoteParams = { lines: [{ identifier: "TAZA-1", quantity: 1 }], destination: cdmx };
const orderParams = { ...quoteParams, service: "NACIONAL" as const };
const scenario = (name: string) => ({ "x-sandbox-scenario": name });

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
  const { client } = clientFor(sandbox);
  await client.createProducts({ productos: [productWithDimensions("TAZA-1")] });
});
afterAll(async () => {
  await sandbox.close();
});

/** A warmed-up client (token cached) with fast backoff waits, and the time a call took. */
async function warmClient(
  options: Parameters<typeof clientFor>[1] = {},
): Promise<{ client: SvcClient; wire: WireLog }> {
  const built = clientFor(sandbox, { random: () => 0.1, ...options });
  await built.client.auth();
  return built;
}

// The clock starts before the call (and before its deadline is computed), so a stall between the
// two on a loaded machine can never make a wait look shorter than it was.
async function timed<T>(work: () => Promise<T>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  const error = await work().then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, ms: performance.now() - started };
}

describe("fault scenarios: quote (safe to repeat)", () => {
  it("timeout: ends with SvcTimeoutError by the caller's deadline", async () => {
    const { client } = await warmClient({ timeoutMs: 5_000 });
    const { error, ms } = await timed(() =>
      client.quote({ ...quoteParams, headers: scenario("timeout"), deadline: Date.now() + 400 }),
    );
    expect(error).toBeInstanceOf(SvcTimeoutError);
    expect(ms).toBeGreaterThanOrEqual(390);
    expect(ms).toBeLessThan(1_500);
  });

  it("timeout: per-attempt limits retry until the deadline, never beyond", async () => {
    const { client, wire } = await warmClient({ timeoutMs: 150, maxRetries: 5 });
    const { error, ms } = await timed(() =>
      client.quote({ ...quoteParams, headers: scenario("timeout"), deadline: Date.now() + 600 }),
    );
    expect(error).toBeInstanceOf(SvcTimeoutError);
    expect(ms).toBeLessThan(1_500);
    expect(wire.count("POST", QUOTE_PATH)).toBeGreaterThanOrEqual(2);
  });

  it("slow: an answer slower than the timeout is a timeout, a slightly slow one succeeds", async () => {
    const { client } = await warmClient({ timeoutMs: 200, maxRetries: 0 });
    const { error, ms } = await timed(() => client.quote({ ...quoteParams, headers: scenario("slow:1000") }));
    expect(error).toBeInstanceOf(SvcTimeoutError);
    expect(ms).toBeLessThan(900);
    await expect(client.quote({ ...quoteParams, headers: scenario("slow:50") })).resolves.toMatchObject({
      services: expect.any(Array),
    });
  });

  it("server-error: retried, then SvcUnexpectedError with the service's body", async () => {
    const { client, wire } = await warmClient();
    const error = await client.quote({ ...quoteParams, headers: scenario("server-error") }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcUnexpectedError);
    expect(error).toMatchObject({
      status: 500,
      code: "unexpected",
      path: "$",
      requestId: expect.any(String),
      outcomeUnknown: false,
    });
    expect(wire.count("POST", QUOTE_PATH)).toBe(3);
  });

  it("unavailable: retried, then SvcUnexpectedError with status 503", async () => {
    const { client, wire } = await warmClient();
    const error = await client.quote({ ...quoteParams, headers: scenario("unavailable") }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcUnexpectedError);
    expect(error).toMatchObject({ status: 503 });
    expect(wire.count("POST", QUOTE_PATH)).toBe(3);
  });

  it("malformed-json: SvcInvalidResponseError naming the endpoint, not retried", async () => {
    const { client, wire } = await warmClient();
    const error = await client.quote({ ...quoteParams, headers: scenario("malformed-json") }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcInvalidResponseError);
    expect(error).toMatchObject({ endpoint: "quote", status: 200 });
    expect(wire.count("POST", QUOTE_PATH)).toBe(1);
  });

  it("unauthorized: one fresh token, one repeat, then SvcUnauthorizedError", async () => {
    const { client, wire } = await warmClient();
    const error = await client.quote({ ...quoteParams, headers: scenario("unauthorized") }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcUnauthorizedError);
    expect(error).toMatchObject({ status: 401, endpoint: "quote" });
    expect(wire.count("POST", QUOTE_PATH)).toBe(2);
    expect(wire.count("POST", "/api/rest/auth")).toBe(2);
  });

  it("rate-limited: waits the Retry-After second, then reports SvcRateLimitedError", async () => {
    const { client, wire } = await warmClient({ maxRetries: 1 });
    const { error, ms } = await timed(() => client.quote({ ...quoteParams, headers: scenario("rate-limited") }));
    expect(error).toBeInstanceOf(SvcRateLimitedError);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 1_000 });
    expect(wire.count("POST", QUOTE_PATH)).toBe(2);
    expect(ms).toBeGreaterThanOrEqual(990);
  });

  it("rate-limited: gives up at once when Retry-After would cross the deadline", async () => {
    const { client, wire } = await warmClient();
    const { error, ms } = await timed(() =>
      client.quote({ ...quoteParams, headers: scenario("rate-limited"), deadline: Date.now() + 500 }),
    );
    expect(error).toBeInstanceOf(SvcRateLimitedError);
    expect(ms).toBeLessThan(500);
    expect(wire.count("POST", QUOTE_PATH)).toBe(1);
  });
});

describe("fault scenarios: createOrder (never repeated)", () => {
  const cases: { name: string; type: typeof SvcError; outcomeUnknown: boolean; timeoutMs?: number }[] = [
    { name: "timeout", type: SvcTimeoutError, outcomeUnknown: true, timeoutMs: 250 },
    { name: "server-error", type: SvcUnexpectedError, outcomeUnknown: true },
    { name: "unavailable", type: SvcUnexpectedError, outcomeUnknown: true },
    { name: "malformed-json", type: SvcInvalidResponseError, outcomeUnknown: true },
    { name: "rate-limited", type: SvcRateLimitedError, outcomeUnknown: false },
  ];

  it.each(cases)(
    "$name: $type.name, outcomeUnknown=$outcomeUnknown, sent once",
    async ({ name, type, outcomeUnknown, timeoutMs }) => {
      const { client, wire } = await warmClient(timeoutMs ? { timeoutMs } : {});
      const { error, ms } = await timed(() => client.createOrder({ ...orderParams, headers: scenario(name) }));
      expect(error).toBeInstanceOf(type);
      expect(error).toMatchObject({ outcomeUnknown, endpoint: "createOrder" });
      expect(wire.count("POST", ORDERS_PATH)).toBe(1);
      expect(ms).toBeLessThan(2_000);
    },
  );

  it("unauthorized: repeated once with a fresh token, since the service refused it", async () => {
    const { client, wire } = await warmClient();
    const error = await client
      .createOrder({ ...orderParams, headers: scenario("unauthorized") })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcUnauthorizedError);
    expect(error).toMatchObject({ outcomeUnknown: false });
    expect(wire.count("POST", ORDERS_PATH)).toBe(2);
    const { orders } = (await control(sandbox, client, "GET", "/__sandbox/orders")) as { orders: unknown[] };
    expect(orders).toHaveLength(0);
  });
});

describe("fault scenarios: auth", () => {
  it("a refused auth call surfaces as SvcUnauthorizedError without a loop", async () => {
    const { client, wire } = clientFor(sandbox, { defaultHeaders: scenario("unauthorized") });
    await expect(client.getStock()).rejects.toBeInstanceOf(SvcUnauthorizedError);
    await expect(client.getStock()).rejects.toBeInstanceOf(SvcUnauthorizedError);
    expect(wire.count("POST", "/api/rest/auth")).toBe(1);
    expect(wire.count("POST", "/api/rest/inventory/stock")).toBe(0);
  });

  it("an auth call answering 500 is retried, then surfaces the contract's unexpected error", async () => {
    const { client, wire } = clientFor(sandbox, { defaultHeaders: scenario("server-error"), random: () => 0.1 });
    const error = await client.getStock().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcUnexpectedError);
    expect(error).toMatchObject({ endpoint: "auth", status: 500, code: "unexpected", path: "$" });
    expect(wire.count("POST", "/api/rest/auth")).toBe(3);
  });

  it("an auth call that hangs ends at the caller's deadline", async () => {
    const { client } = clientFor(sandbox, { defaultHeaders: scenario("timeout"), timeoutMs: 5_000 });
    const { error, ms } = await timed(() => client.getStock({ deadline: Date.now() + 300 }));
    expect(error).toBeInstanceOf(SvcTimeoutError);
    expect(ms).toBeLessThan(1_500);
  });
});
