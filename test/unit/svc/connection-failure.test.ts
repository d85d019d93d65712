import { describe, expect, it } from "vitest";
import { describeFailure, errorCodesOf, provablyNotSent } from "~/svc/error-mapping";

const fetchFailed = (cause: unknown) => new TypeError("fetch failed", { cause });
const coded = (code: string) => Object.assign(new Error(code), { code });

describe("provablyNotSent", () => {
  it("is true for failures before a connection exists", () => {
    for (const code of ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"]) {
      expect(provablyNotSent(fetchFailed(coded(code)))).toBe(true);
    }
  });

  it("looks inside the AggregateError of a multi-address connect", () => {
    const aggregate = Object.assign(new AggregateError([coded("ECONNREFUSED"), coded("ECONNREFUSED")]), {
      code: "ECONNREFUSED",
    });
    expect(provablyNotSent(fetchFailed(aggregate))).toBe(true);
  });

  it("is false for a reset or closed socket, and for an error without codes", () => {
    expect(provablyNotSent(fetchFailed(coded("ECONNRESET")))).toBe(false);
    expect(provablyNotSent(fetchFailed(coded("UND_ERR_SOCKET")))).toBe(false);
    expect(provablyNotSent(new TypeError("fetch failed"))).toBe(false);
  });
});

describe("describeFailure", () => {
  it("names the codes, or the message when there are none", () => {
    expect(errorCodesOf(fetchFailed(coded("ENOTFOUND")))).toEqual(["ENOTFOUND"]);
    expect(describeFailure(fetchFailed(coded("ENOTFOUND")))).toBe("ENOTFOUND");
    expect(describeFailure(new Error("boom"))).toBe("boom");
  });
});
