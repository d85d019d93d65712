import { HttpResponseError } from "@shopify/shopify-api";
import { describe, expect, it } from "vitest";
import { jobErrorCode, storedJobErrorCode } from "~/job-errors/error-codes";
import { ShopifyAdminError, ShopifyForbiddenError } from "~/shopify/admin/errors";
import {
  SvcConnectionError,
  SvcInsufficientStockError,
  SvcRateLimitedError,
  SvcUnauthorizedError,
  SvcUnexpectedError,
} from "~/svc/errors";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";

const http = (code: number) =>
  new HttpResponseError({ message: `answered ${code}`, code, statusText: "x", body: {}, headers: {} });

describe("the code of what a background job's failure was", () => {
  it("words the service's failures by their type, naming no product", () => {
    expect(jobErrorCode(new SvcUnauthorizedError({ endpoint: "auth", message: "bad key", status: 401 }))).toBe(
      "unauthorized",
    );
    expect(jobErrorCode(new SvcUnexpectedError({ endpoint: "orders", message: "boom", status: 500 }))).toBe(
      "unavailable",
    );
    expect(jobErrorCode(new SvcRateLimitedError({ endpoint: "orders", message: "slow down", status: 429 }))).toBe(
      "rateLimited",
    );
    expect(jobErrorCode(new SvcConnectionError({ endpoint: "orders", message: "ECONNREFUSED" }))).toBe("unreachable");
    expect(
      jobErrorCode(new SvcInsufficientStockError({ endpoint: "orders", message: "x", status: 409, product: "TAZA-1" })),
    ).toBe("insufficientStockUnnamed");
  });

  it("tells Shopify's refusals, lost access and failures apart", () => {
    const admin = (kind: "graphql" | "user", codes: string[] = []) =>
      new ShopifyAdminError({ operation: "op", kind, message: "m", codes });
    expect(jobErrorCode(admin("user"))).toBe("shopifyRefused");
    expect(jobErrorCode(admin("graphql", ["ACCESS_DENIED"]))).toBe("shopifyAccess");
    expect(jobErrorCode(admin("graphql", ["THROTTLED"]))).toBe("shopifyFailed");
    expect(jobErrorCode(http(401))).toBe("shopifyAccess");
    expect(jobErrorCode(http(502))).toBe("shopifyFailed");
  });

  it("gives a 403 (the app's IP allowlist) to the app's provider, not to the merchant's access", () => {
    expect(jobErrorCode(http(403))).toBe("shopifyProviderAccess");
    expect(
      jobErrorCode(
        new ShopifyForbiddenError({ shop: "s.myshopify.com", operation: "FulfilmentOrderState", detail: "x" }),
      ),
    ).toBe("shopifyProviderAccess");
  });

  it("calls anything else unexpected", () => {
    expect(jobErrorCode(new TypeError("x is undefined"))).toBe("unexpected");
    expect(jobErrorCode("a string")).toBe("unexpected");
  });

  it("reads back only codes it knows, each worded in both languages", () => {
    for (const code of [
      "unavailable",
      "shopifyFailed",
      "shopifyProviderAccess",
      "insufficientStockUnnamed",
      "unexpected",
    ]) {
      const known = storedJobErrorCode(code)!;
      expect(known).toBe(code);
      for (const messages of [es, en]) {
        const words =
          known === "shopifyFailed" ||
          known === "shopifyRefused" ||
          known === "shopifyAccess" ||
          known === "shopifyProviderAccess"
            ? messages.attention.jobErrors[known]
            : messages.serviceErrors[known];
        expect(words, code).toMatch(/\w/);
      }
    }
    expect(storedJobErrorCode(null)).toBeNull();
    expect(storedJobErrorCode("insufficientStock")).toBeNull();
    expect(storedJobErrorCode("SvcConflictError")).toBeNull();
  });
});
