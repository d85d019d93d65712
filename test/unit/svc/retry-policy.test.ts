import { describe, expect, it } from "vitest";
import { BACKOFF_CAP_MS, backoffDelayMs, isRetryableStatus, parseRetryAfterMs } from "~/svc/retry-policy";

describe("backoffDelayMs", () => {
  it("draws uniformly below 100 ms · 2^n", () => {
    expect(backoffDelayMs(0, () => 0)).toBe(0);
    expect(backoffDelayMs(0, () => 0.999)).toBe(99);
    expect(backoffDelayMs(1, () => 0.5)).toBe(100);
    expect(backoffDelayMs(3, () => 0.5)).toBe(400);
  });

  it("never exceeds the 2 s cap however many retries came before", () => {
    expect(backoffDelayMs(30, () => 0.999_999)).toBeLessThan(BACKOFF_CAP_MS);
  });
});

describe("parseRetryAfterMs", () => {
  const now = Date.UTC(2025, 0, 15, 12, 0, 0);

  it("reads delay seconds, including fractions", () => {
    expect(parseRetryAfterMs("1", now)).toBe(1_000);
    expect(parseRetryAfterMs(" 2.5 ", now)).toBe(2_500);
  });

  it("reads an HTTP date relative to now, never negative", () => {
    expect(parseRetryAfterMs(new Date(now + 4_000).toUTCString(), now)).toBe(4_000);
    expect(parseRetryAfterMs(new Date(now - 4_000).toUTCString(), now)).toBe(0);
  });

  it("ignores a missing or unreadable header", () => {
    expect(parseRetryAfterMs(null, now)).toBeUndefined();
    expect(parseRetryAfterMs("soon", now)).toBeUndefined();
    expect(parseRetryAfterMs("-3", now)).toBeUndefined();
  });
});

describe("isRetryableStatus", () => {
  it("repeats rate limiting and server faults only", () => {
    expect([429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 422].some(isRetryableStatus)).toBe(false);
  });
});
