import { describe, expect, it } from "vitest";
import { outcomeOfQuoteError } from "~/rates/upstream-outcome";
import {
  SvcConflictError,
  SvcDestinationNotServedError,
  SvcInsufficientStockError,
  SvcProductWithoutDimensionsError,
  SvcUnauthorizedError,
} from "~/svc";
import { SvcConnectionError, SvcInvalidResponseError, SvcTimeoutError, SvcUnexpectedError } from "~/svc/errors";

const details = { endpoint: "quote", message: "m", status: 409 };

describe("outcomeOfQuoteError", () => {
  it("tells the three quotation conflicts apart by type", () => {
    expect(outcomeOfQuoteError(new SvcDestinationNotServedError(details))).toEqual({ kind: "not_served" });
    expect(outcomeOfQuoteError(new SvcProductWithoutDimensionsError(details)).kind).toBe("unquotable");
    expect(outcomeOfQuoteError(new SvcInsufficientStockError(details)).kind).toBe("insufficient_stock");
  });

  it("treats any other 409 (an unknown product, an empty body) as a cart the service cannot price", () => {
    expect(outcomeOfQuoteError(new SvcConflictError(details)).kind).toBe("unquotable");
  });

  it.each([SvcTimeoutError, SvcConnectionError, SvcUnexpectedError, SvcInvalidResponseError, SvcUnauthorizedError])(
    "treats %o as a failure",
    (Type) => {
      expect(outcomeOfQuoteError(new Type(details)).kind).toBe("failed");
    },
  );

  it("treats anything unexpected as a failure", () => {
    // The class and message are for the logs; the page words the code.
    expect(outcomeOfQuoteError(new TypeError("bug"))).toEqual({
      kind: "failed",
      detail: "TypeError: bug",
      error: { code: "unexpected", params: {} },
    });
  });
});
