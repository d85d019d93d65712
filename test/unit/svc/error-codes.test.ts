// Every failure of a service call a merchant can meet has a code with a plain sentence saying
// what to do, in both languages, with the same placeholders; the service's JSON, the inner code
// (SHP-003) and the error's class name never reach those words.
import { describe, expect, it } from "vitest";
import { translator } from "~/i18n/locale";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";
import {
  SvcConflictError,
  SvcConstraintViolationError,
  SvcDestinationNotServedError,
  SvcInsufficientStockError,
  SvcInvalidRequestError,
  SvcPermissionError,
  SvcProductWithoutDimensionsError,
  SvcUnauthorizedError,
} from "~/svc";
import {
  SvcConnectionError,
  SvcInvalidResponseError,
  SvcNotFoundError,
  SvcRateLimitedError,
  SvcTimeoutError,
  SvcUnexpectedError,
} from "~/svc/errors";
import { SERVICE_ERROR_CODES, serviceErrorOf, type ServiceErrorCode } from "~/svc/error-codes";

const conflictBody = (error: string) => ({ error, code: "ConflictError", path: "$" });
const at = (status: number | undefined, body?: unknown) => ({
  endpoint: "quote",
  status,
  body,
  message: `quote: HTTP ${status} ConflictError: ${JSON.stringify(body)}`,
});

const SHP_003 = conflictBody('Carrier error {"code":"SHP-003","type":"BusinessError","message":"not available"}');

// The seed's 409 scenarios, SHP-003, stock, unknown product and auth, as the client throws them.
const CASES: [string, unknown, ServiceErrorCode, Record<string, string>][] = [
  ["409 SHP-003", new SvcDestinationNotServedError(at(409, SHP_003)), "destinationNotServed", {}],
  [
    "409 no dimensions, product named",
    new SvcProductWithoutDimensionsError({ ...at(409, conflictBody("TAZA-AZ sin dimensiones")), product: "TAZA-AZ" }),
    "noDimensions",
    { product: "TAZA-AZ" },
  ],
  [
    "409 no dimensions, product unnamed",
    new SvcProductWithoutDimensionsError(at(409, conflictBody("sin dimensiones"))),
    "noDimensionsUnnamed",
    {},
  ],
  [
    "409 insufficient stock",
    new SvcInsufficientStockError({ ...at(409, conflictBody("solicite recepción")), product: "PLATO-GR" }),
    "insufficientStock",
    { product: "PLATO-GR" },
  ],
  ["409 with an empty body", new SvcConflictError(at(409, {})), "conflict", {}],
  ["404 unknown product", new SvcNotFoundError(at(404)), "unknownProduct", {}],
  ["401 refused key", new SvcUnauthorizedError({ ...at(401), endpoint: "auth" }), "unauthorized", {}],
  ["403 permission", new SvcPermissionError(at(403)), "forbidden", {}],
  ["duplicate SKU", new SvcConstraintViolationError(at(400)), "duplicateProduct", {}],
  ["429", new SvcRateLimitedError({ ...at(429), retryAfterMs: 1000 }), "rateLimited", {}],
  ["503", new SvcUnexpectedError(at(503)), "unavailable", {}],
  ["timeout", new SvcTimeoutError(at(undefined)), "timeout", {}],
  ["connection refused", new SvcConnectionError(at(undefined)), "unreachable", {}],
  ["unreadable answer", new SvcInvalidResponseError(at(200)), "invalidAnswer", {}],
  [
    "invalid request",
    new SvcInvalidRequestError({ ...at(undefined), field: "productos[0].cantidad" }),
    "invalidRequest",
    {},
  ],
  ["our own bug", new TypeError("x is undefined"), "unexpected", {}],
];

describe("serviceErrorOf", () => {
  it.each(CASES)("%s", (_name, error, code, params) => {
    const coded = serviceErrorOf(error);
    expect(coded).toEqual({ code, params });
    for (const locale of ["es", "en"] as const) {
      const i18n = translator(locale);
      const words = i18n.format(i18n.messages.serviceErrors[coded.code], coded.params);
      expect(words).not.toMatch(/[{}]|SHP-|Error\b|HTTP|gid:\/\//);
    }
  });
});

describe("the catalogues", () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it("word every service error in Spanish and English with the same placeholders", () => {
    expect(Object.keys(es.serviceErrors).sort()).toEqual([...SERVICE_ERROR_CODES].sort());
    for (const code of SERVICE_ERROR_CODES) {
      expect(es.serviceErrors[code], code).toMatch(/\S/);
      expect(en.serviceErrors[code], code).not.toBe(es.serviceErrors[code]);
      expect(placeholders(en.serviceErrors[code]), code).toEqual(placeholders(es.serviceErrors[code]));
    }
  });
});
