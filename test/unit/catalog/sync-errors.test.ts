// What stops the full catalogue sync is recorded as a code with parameters (never the exception's
// text) and worded from either catalogue: each exception a step can throw is classified by its
// type and codes, and every code reads in both languages, saying whether it is retried by itself.
// (The sync really failing and Catálogo wording it: test/integration/catalog/failed-jobs.test.ts.)
import { HttpMaxRetriesError, HttpRequestError, HttpResponseError, HttpThrottlingError } from "@shopify/shopify-api";
import { describe, expect, it } from "vitest";
import { bulkReadFailure } from "~/catalog/full-sync.server";
import {
  BULK_READ_FAILURES,
  CATALOG_SYNC_ERROR_CODES,
  catalogSyncErrorWords,
  catalogSyncProblem,
  retrying,
  storedSyncProblem,
  syncErrorColumns,
  willRetry,
} from "~/catalog/sync-errors";
import { CatalogSyncError, errorDetail, syncProblemOf } from "~/catalog/sync-errors.server";
import { translator } from "~/i18n/locale";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";
import { ShopifyAdminError } from "~/shopify/admin/errors";
import { SvcConnectionError, SvcInsufficientStockError, SvcUnauthorizedError, SvcUnexpectedError } from "~/svc/errors";

const ES = translator("es");
const EN = translator("en");
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("classifying what a full sync step threw", () => {
  it("keeps the sync's own failures' codes", () => {
    const thrown = new CatalogSyncError("bulkReadFailed", { why: "expired" }, "the bulk read ended: expired");
    expect(syncProblemOf(thrown)).toEqual({ code: "bulkReadFailed", params: { why: "expired" } });
    expect(syncProblemOf(new CatalogSyncError("resultUnreadable", {}, "line 3 is not JSON"))).toEqual({
      code: "resultUnreadable",
      params: {},
    });
  });

  it("words the service's failures from serviceErrors, by their type", () => {
    expect(syncProblemOf(new SvcUnauthorizedError({ endpoint: "auth", message: "bad key", status: 401 }))).toEqual({
      code: "serviceError",
      params: { error: "unauthorized" },
    });
    expect(syncProblemOf(new SvcConnectionError({ endpoint: "products", message: "ECONNREFUSED" }))).toEqual({
      code: "serviceError",
      params: { error: "unreachable" },
    });
    expect(syncProblemOf(new SvcUnexpectedError({ endpoint: "products", message: "boom", status: 503 }))).toEqual({
      code: "serviceError",
      params: { error: "unavailable" },
    });
    expect(
      syncProblemOf(new SvcInsufficientStockError({ endpoint: "orders", message: "no stock", product: "TAZA-1" })),
    ).toEqual({ code: "serviceError", params: { error: "insufficientStock", product: "TAZA-1" } });
  });

  it("reads Shopify's Admin answers by their codes: throttled, access denied, anything else", () => {
    const admin = (codes: string[]) =>
      new ShopifyAdminError({ operation: "CatalogBulkRead", kind: "graphql", message: "said", codes });
    expect(syncProblemOf(admin(["THROTTLED"])).code).toBe("shopifyThrottled");
    expect(syncProblemOf(admin(["ACCESS_DENIED"])).code).toBe("shopifyDenied");
    expect(syncProblemOf(admin(["INTERNAL_SERVER_ERROR"])).code).toBe("shopifyError");
    expect(syncProblemOf(admin([])).code).toBe("shopifyError");
  });

  it("reads the Shopify library's HTTP errors: 429, 401, 403 (the app's IP allowlist: the provider's), other statuses, no answer", () => {
    const response = (code: number) => ({ message: "said", code, statusText: "x" });
    expect(syncProblemOf(new HttpThrottlingError({ ...response(429), retryAfter: 2 })).code).toBe("shopifyThrottled");
    expect(syncProblemOf(new HttpResponseError(response(403))).code).toBe("shopifyProviderAccess");
    expect(syncProblemOf(new HttpResponseError(response(401))).code).toBe("shopifyDenied");
    expect(syncProblemOf(new HttpResponseError(response(502))).code).toBe("shopifyError");
    expect(syncProblemOf(new HttpMaxRetriesError("gave up")).code).toBe("shopifyError");
    expect(syncProblemOf(new HttpRequestError("no response")).code).toBe("network");
  });

  it("reads fetch's network failures by the socket code on the error or its cause, and a timeout", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" });
    expect(syncProblemOf(new TypeError("fetch failed", { cause: refused })).code).toBe("network");
    expect(syncProblemOf(Object.assign(new Error("reset"), { code: "ECONNRESET" })).code).toBe("network");
    const timeout = new Error("The operation was aborted due to timeout");
    timeout.name = "TimeoutError";
    expect(syncProblemOf(timeout).code).toBe("network");
  });

  it("makes anything else the generic failure, whatever its message says", () => {
    expect(syncProblemOf(new Error("Shopify THROTTLED ECONNREFUSED")).code).toBe("failed");
    expect(syncProblemOf(new TypeError("fetch failed")).code).toBe("failed");
    expect(syncProblemOf("a string")).toEqual({ code: "failed", params: {} });
    expect(syncProblemOf(null)).toEqual({ code: "failed", params: {} });
  });

  it("keeps the exception's own text only as the detail for support", () => {
    expect(errorDetail(new TypeError("fetch failed"))).toBe("TypeError: fetch failed");
    expect(errorDetail(42)).toBe("42");
    const columns = syncErrorColumns(catalogSyncProblem("failed"), "x".repeat(5000));
    expect(columns).toEqual({ errorCode: "failed", errorParams: {}, errorDetail: "x".repeat(2000) });
    expect(syncErrorColumns(null, "ignored")).toEqual({ errorCode: null, errorParams: {}, errorDetail: null });
  });

  it("names why Shopify's bulk read ended without a result", () => {
    expect(bulkReadFailure(null)).toBe("gone");
    expect(bulkReadFailure({ status: "FAILED", errorCode: "ACCESS_DENIED" })).toBe("accessDenied");
    expect(bulkReadFailure({ status: "FAILED", errorCode: "TIMEOUT" })).toBe("timeout");
    expect(bulkReadFailure({ status: "FAILED", errorCode: "INTERNAL_SERVER_ERROR" })).toBe("shopifyError");
    expect(bulkReadFailure({ status: "CANCELED", errorCode: null })).toBe("canceled");
    expect(bulkReadFailure({ status: "EXPIRED", errorCode: null })).toBe("expired");
  });
});

describe("the retrying flag and stored columns", () => {
  it("sets and clears retrying as a parameter, and reads stored columns back (unknown codes as none)", () => {
    const busy = retrying(catalogSyncProblem("bulkReadFailed", { why: "canceled", nothing: null }), true);
    expect(busy).toEqual({ code: "bulkReadFailed", params: { why: "canceled", retrying: "true" } });
    expect(willRetry(busy)).toBe(true);
    expect(retrying(busy, false)).toEqual({ code: "bulkReadFailed", params: { why: "canceled" } });
    expect(willRetry(retrying(busy, false))).toBe(false);
    expect(storedSyncProblem("network", { retrying: "true", n: 3 })).toEqual({
      code: "network",
      params: { retrying: "true" },
    });
    expect(storedSyncProblem("Se interrumpió sin terminar.", {})).toBeNull();
    expect(storedSyncProblem(null, {})).toBeNull();
    expect(storedSyncProblem("failed", ["x"])).toEqual({ code: "failed", params: {} });
  });
});

describe("wording a sync's problem", () => {
  it("has every code and part in both languages, with the same placeholders", () => {
    for (const code of CATALOG_SYNC_ERROR_CODES) {
      expect(es.catalog.syncErrors[code], code).toBeTruthy();
      expect(placeholders(en.catalog.syncErrors[code]), code).toEqual(placeholders(es.catalog.syncErrors[code]));
    }
    expect(Object.keys(es.catalog.syncErrors).sort()).toEqual([...CATALOG_SYNC_ERROR_CODES].sort());
    expect(Object.keys(es.catalog.bulkReadFailures).sort()).toEqual([...BULK_READ_FAILURES].sort());
  });

  it("says what happened, then that it is retried by itself or that it stopped, in the page's language", () => {
    const network = catalogSyncProblem("network");
    expect(catalogSyncErrorWords(ES, retrying(network, true))).toBe(
      "No se pudo conectar con Shopify o con el servicio. Se reintentará automáticamente; no tienes que hacer nada.",
    );
    expect(catalogSyncErrorWords(EN, retrying(network, true))).toBe(
      "Shopify or the service could not be reached. It will be retried automatically; you don't need to do anything.",
    );
    expect(catalogSyncErrorWords(EN, catalogSyncProblem("failed"))).toBe(
      "The sync could not finish. If it happens again, contact support. The sync stopped: press “Sync catalogue” to start it again.",
    );
    expect(catalogSyncErrorWords(ES, catalogSyncProblem("interrupted"))).toBe(
      "La sincronización se interrumpió antes de terminar. La sincronización se detuvo: pulsa «Sincronizar catálogo» para empezarla de nuevo.",
    );
    expect(catalogSyncErrorWords(ES, null)).toBeNull();
  });

  it("words the bulk read's why and the service's error in the same language, an unknown one generically", () => {
    expect(catalogSyncErrorWords(EN, catalogSyncProblem("bulkReadFailed", { why: "expired" }))).toMatch(
      /^Shopify did not finish reading the catalogue: the read took too long and expired\. /,
    );
    expect(catalogSyncErrorWords(ES, catalogSyncProblem("bulkReadFailed", { why: "TIMEOUT" }))).toMatch(
      /^Shopify no terminó la lectura del catálogo: Shopify tuvo un error interno\. /,
    );
    expect(catalogSyncErrorWords(EN, catalogSyncProblem("serviceError", { error: "unauthorized" }))).toBe(
      `The service answered with an error. ${en.serviceErrors.unauthorized} ${en.catalog.syncErrorParts.stopped}`,
    );
    expect(catalogSyncErrorWords(ES, catalogSyncProblem("serviceError", { error: "insufficientStock", product: "TAZA-1" }))).toContain(
      "No hay suficiente inventario de TAZA-1",
    );
    expect(catalogSyncErrorWords(ES, catalogSyncProblem("serviceError", { error: "SvcWeird" }))).toContain(
      es.serviceErrors.unexpected,
    );
  });

  it("never shows a code, a placeholder or a parameter it does not word", () => {
    for (const code of CATALOG_SYNC_ERROR_CODES) {
      for (const i18n of [ES, EN]) {
        const words = catalogSyncErrorWords(i18n, catalogSyncProblem(code, { said: "RAW-TEXT", retrying: "true" }))!;
        expect(words, code).not.toMatch(/\{\w+\}|RAW-TEXT|undefined/);
        // No code name reads on the page (the one-word codes are ordinary words: «failed», «network»).
        for (const other of CATALOG_SYNC_ERROR_CODES.filter((c) => /[A-Z]/.test(c))) expect(words).not.toContain(other);
      }
    }
  });
});
