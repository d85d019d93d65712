import { describe, expect, it } from "vitest";
import { english } from "../../helpers/reason-record";
import { classifySubmitError } from "~/fulfillment/core/submit-errors";
import {
  SvcConflictError,
  SvcDestinationNotServedError,
  SvcInsufficientStockError,
  SvcInvalidRequestError,
  SvcProductWithoutDimensionsError,
  SvcUnauthorizedError,
} from "~/svc";
import {
  SvcConnectionError,
  SvcInvalidResponseError,
  SvcRateLimitedError,
  SvcTimeoutError,
  SvcUnexpectedError,
} from "~/svc/errors";

const at = { endpoint: "createOrder", message: "createOrder: failed" };
const said = (error: string) => ({ error, code: "ConflictError", path: "$" });

describe("classifySubmitError", () => {
  it.each([
    [
      "no dimensions",
      new SvcProductWithoutDimensionsError({
        ...at,
        status: 409,
        product: "TAZA-AZ",
        body: said('Product "TAZA-AZ" has no dimensions'),
      }),
      /TAZA-AZ has no dimensions.*register them/,
    ],
    // The stock refusal on a status the contract does not name for it: a person looks.
    [
      "insufficient stock on a 400",
      new SvcInsufficientStockError({ ...at, status: 400, product: "TAZA-AZ", body: said("Insufficient stock") }),
      /not enough stock of TAZA-AZ/,
    ],
    ["an unattributed 409", new SvcConflictError({ ...at, status: 409, body: {} }), /refused the order/],
    [
      "a 400 from the service",
      new SvcUnexpectedError({
        ...at,
        status: 400,
        body: { error: "bad phone", code: "validation-error", path: "$.consumidor_destino.telefono" },
      }),
      /bad phone \(\$\.consumidor_destino\.telefono\)/,
    ],
    [
      "parameters the client refused to send",
      new SvcInvalidRequestError({ ...at, field: "productos[0].cantidad" }),
      /productos\[0\]\.cantidad/,
    ],
    ["a refused API key", new SvcUnauthorizedError({ ...at, status: 401 }), /API key/],
  ])("asks for attention on %s, with the service's message", (_name, error, reason) => {
    expect(english(classifySubmitError(error))).toEqual({
      kind: "needs_attention",
      reason: expect.stringMatching(reason),
    });
  });

  it("waits for stock when the service's 409 asks for an inventory reception (nothing created)", () => {
    const error = new SvcInsufficientStockError({
      ...at,
      status: 409,
      product: "TAZA-AZ",
      body: said("Insufficient stock. Inventory reception must be requested"),
    });
    expect(classifySubmitError(error)).toEqual({
      kind: "stock_refused",
      message: "Insufficient stock. Inventory reception must be requested",
      product: "TAZA-AZ",
    });
  });

  it("holds for the address when the service refuses the destination (409 SHP-003: nothing created)", () => {
    const error = new SvcDestinationNotServedError({
      ...at,
      status: 409,
      body: said('Error quoting with carrier integrations: {"code":"SHP-003"}'),
    });
    expect(classifySubmitError(error)).toEqual({ kind: "address_refused", message: expect.stringMatching(/SHP-003/) });
  });

  it.each([
    [
      "a 409 without SHP-003",
      new SvcConflictError({ ...at, status: 409, body: said("Service EXPRESS is not available") }),
    ],
    [
      "a 400 naming an address field (not a documented address refusal)",
      new SvcUnexpectedError({
        ...at,
        status: 400,
        body: { error: "bad", code: "validation-error", path: "$.consumidor_destino.codigo_postal" },
      }),
    ],
    [
      "a client-side check of the address",
      new SvcInvalidRequestError({ ...at, field: "consumidor_destino.codigo_postal" }),
    ],
  ])("does not hold for the address on %s: only SHP-003 means the destination", (_name, error) => {
    expect(classifySubmitError(error).kind).toBe("needs_attention");
  });

  it("never holds an SHP-003 whose outcome is unknown (a 5xx after sending)", () => {
    const error = new SvcDestinationNotServedError({ ...at, status: 500, outcomeUnknown: true, body: said("SHP-003") });
    expect(classifySubmitError(error).kind).toBe("unknown_outcome");
  });

  it.each([
    ["a connection refused before sending", new SvcConnectionError({ ...at, outcomeUnknown: false })],
    ["429", new SvcRateLimitedError({ ...at, status: 429, retryAfterMs: 1000 })],
    ["503", new SvcUnexpectedError({ ...at, status: 503, outcomeUnknown: true })],
    ["a failed token exchange", new SvcUnexpectedError({ endpoint: "auth", message: "auth: HTTP 500", status: 500 })],
    ["a deadline that passed before sending", new SvcTimeoutError({ ...at, outcomeUnknown: false })],
  ])("retries after %s (the order never reached the service)", (_name, error) => {
    expect(classifySubmitError(error).kind).toBe("retry");
  });

  it("honours the service's Retry-After", () => {
    expect(classifySubmitError(new SvcRateLimitedError({ ...at, status: 429, retryAfterMs: 7000 }))).toMatchObject({
      retryAfterMs: 7000,
    });
  });

  it.each([
    ["a timeout after sending", new SvcTimeoutError({ ...at, outcomeUnknown: true })],
    ["a reset after sending", new SvcConnectionError({ ...at, outcomeUnknown: true })],
    ["a 500", new SvcUnexpectedError({ ...at, status: 500, outcomeUnknown: true })],
    ["an unreadable 200", new SvcInvalidResponseError({ ...at, status: 200, outcomeUnknown: true })],
    ["an error that is not the client's", new TypeError("boom")],
  ])("never resubmits after %s: the outcome is unknown", (_name, error) => {
    expect(english(classifySubmitError(error))).toEqual({
      kind: "unknown_outcome",
      reason: expect.stringMatching(/may/),
    });
  });
});
