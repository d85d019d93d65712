import { describe, expect, it } from "vitest";
import { readJwtTimes, tokenUsableUntil } from "~/svc/jwt";
import { makeJwt } from "./support/fake-service";

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
const s = (ms: number) => Math.floor(ms / 1000);

describe("readJwtTimes", () => {
  it("reads exp and iat from the payload without checking the signature", () => {
    expect(readJwtTimes(makeJwt({ exp: 1_700_003_600, iat: 1_700_000_000 }))).toEqual({
      exp: 1_700_003_600,
      iat: 1_700_000_000,
    });
  });

  it("yields no claims for an opaque or broken token", () => {
    expect(readJwtTimes("not-a-jwt")).toEqual({});
    expect(readJwtTimes("a.!!!.c")).toEqual({});
    expect(readJwtTimes(makeJwt({ exp: "soon" }))).toEqual({ exp: undefined, iat: undefined });
  });
});

describe("tokenUsableUntil", () => {
  it("stops reusing an hour-long token one minute before it expires", () => {
    const token = makeJwt({ iat: s(T0), exp: s(T0) + 3600 });
    expect(tokenUsableUntil(token, T0)).toBe(T0 + 3_540_000);
  });

  it("uses a margin of 10 % of the lifetime when that is shorter than a minute", () => {
    const token = makeJwt({ iat: s(T0), exp: s(T0) + 300 });
    expect(tokenUsableUntil(token, T0)).toBe(T0 + 270_000);
  });

  it("measures the lifetime on the service's clock so clock skew can't expire every token", () => {
    // GIVEN a service clock two hours behind ours issuing an hour-long token
    const serviceNow = T0 - 7_200_000;
    const token = makeJwt({ iat: s(serviceNow), exp: s(serviceNow) + 3600 });
    // THEN it is reused for 59 minutes of our time, not treated as long expired
    expect(tokenUsableUntil(token, T0)).toBe(T0 + 3_540_000);
  });

  it("falls back to exp against our clock when iat is missing", () => {
    const token = makeJwt({ exp: s(T0) + 1200 });
    expect(tokenUsableUntil(token, T0)).toBe(T0 + 1_140_000);
  });

  it("reuses a token without exp until the service refuses it", () => {
    expect(tokenUsableUntil("opaque-token", T0)).toBe(Number.POSITIVE_INFINITY);
  });
});
