import { describe, expect, it } from "vitest";
import {
  SvcConflictError,
  SvcConstraintViolationError,
  SvcDestinationNotServedError,
  SvcInsufficientStockError,
  SvcPermissionError,
  SvcProductWithoutDimensionsError,
  SvcUnauthorizedError,
} from "~/svc";
import { SvcNotFoundError, SvcRateLimitedError, SvcUnexpectedError } from "~/svc/errors";
import { errorFromResponse, productNamedIn, type FailedResponse } from "~/svc/error-mapping";
import { indexFromPath } from "~/svc/errors";

const base: FailedResponse = { endpoint: "quote", status: 409, json: {}, text: "{}", sideEffects: false };
const conflict = (error: string, identifiers?: string[]) =>
  errorFromResponse({ ...base, json: { path: "$", code: "ConflictError", error }, identifiers });

describe("errorFromResponse", () => {
  it("tells the three quotation conflicts apart by their message", () => {
    expect(conflict("Carrier error SHP-003: código postal sin cobertura")).toBeInstanceOf(SvcDestinationNotServedError);
    expect(conflict("Product X has no dimensions")).toBeInstanceOf(SvcProductWithoutDimensionsError);
    expect(conflict("El producto X no tiene dimensiones")).toBeInstanceOf(SvcProductWithoutDimensionsError);
    expect(conflict("Inventario insuficiente, solicita recepción")).toBeInstanceOf(SvcInsufficientStockError);
    expect(conflict("Not enough stock; request an inventory reception")).toBeInstanceOf(SvcInsufficientStockError);
    expect(conflict("Something else entirely")).toBeInstanceOf(SvcConflictError);
  });

  it("makes every quotation conflict an SvcConflictError so callers can catch them together", () => {
    expect(conflict("SHP-003")).toBeInstanceOf(SvcConflictError);
    expect(conflict("sin dimensiones")).toBeInstanceOf(SvcConflictError);
  });

  it("carries status, code, path and request id", () => {
    const error = errorFromResponse({
      ...base,
      status: 400,
      json: { path: "$.selectionSet.insert_producto.args.objects[2]", code: "constraint-violation", error: "dup" },
      requestId: "r-1",
    });
    expect(error).toBeInstanceOf(SvcConstraintViolationError);
    expect(error).toMatchObject({
      status: 400,
      code: "constraint-violation",
      path: "$.selectionSet.insert_producto.args.objects[2]",
      requestId: "r-1",
      index: 2,
    });
    expect(error.message).toBe("quote: HTTP 400 constraint-violation: dup");
  });

  it("maps permission errors, 401, 404, 429 and anything else", () => {
    expect(errorFromResponse({ ...base, status: 400, json: { code: "permission-error", error: "no" } })).toBeInstanceOf(
      SvcPermissionError,
    );
    expect(errorFromResponse({ ...base, status: 401, json: { code: "invalid-jwt", error: "no" } })).toBeInstanceOf(
      SvcUnauthorizedError,
    );
    const limited = errorFromResponse({ ...base, status: 429, json: {}, retryAfterMs: 1000 });
    expect(limited).toBeInstanceOf(SvcRateLimitedError);
    expect(limited).toMatchObject({ retryAfterMs: 1000 });
    expect(
      errorFromResponse({ ...base, status: 500, json: { code: "unexpected", error: "internal error", path: "$" } }),
    ).toBeInstanceOf(SvcUnexpectedError);
    expect(errorFromResponse({ ...base, status: 404, json: undefined, text: "<html>Not Found</html>" })).toBeInstanceOf(
      SvcNotFoundError,
    );
    expect(
      errorFromResponse({ ...base, status: 400, json: { code: "validation-error", error: "bad" } }),
    ).toBeInstanceOf(SvcUnexpectedError);
  });

  it("quotes a short excerpt of a body that is not JSON", () => {
    const error = errorFromResponse({
      ...base,
      status: 502,
      json: undefined,
      text: "<html>\n  Bad   Gateway\n</html>",
    });
    expect(error.message).toBe("quote: HTTP 502: <html> Bad Gateway </html>");
  });

  it("sets outcomeUnknown only for a 5xx of a call with side effects", () => {
    expect(errorFromResponse({ ...base, status: 500, sideEffects: true }).outcomeUnknown).toBe(true);
    expect(errorFromResponse({ ...base, status: 500, sideEffects: false }).outcomeUnknown).toBe(false);
    expect(errorFromResponse({ ...base, status: 409, sideEffects: true }).outcomeUnknown).toBe(false);
  });
});

describe("productNamedIn", () => {
  it("prefers a requested identifier found as a whole word, longest first", () => {
    expect(productNamedIn("Producto SKU-10 sin dimensiones", ["SKU-1", "SKU-10"])).toBe("SKU-10");
    expect(productNamedIn("Producto SKU-1 sin dimensiones", ["SKU-10", "SKU-1"])).toBe("SKU-1");
  });

  it("falls back to a quoted token, and to nothing", () => {
    expect(productNamedIn('El producto "ABC.7" no tiene dimensiones')).toBe("ABC.7");
    expect(productNamedIn("sin dimensiones")).toBeUndefined();
  });
});

describe("indexFromPath", () => {
  it("reads the last array index of a path", () => {
    expect(indexFromPath("$.selectionSet.insert_producto.args.objects[3]")).toBe(3);
    expect(indexFromPath("$.productos[12].sku")).toBe(12);
    expect(indexFromPath("$")).toBeUndefined();
    expect(indexFromPath(undefined)).toBeUndefined();
  });
});
