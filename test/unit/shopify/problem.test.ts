// What went wrong asking Shopify, as the code the engine records (app/shopify/admin/problem.ts),
// and its words in both languages: Shopify's own (English) text never reaches a page.
import { describe, expect, it } from "vitest";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";
import { dataOf, ShopifyAdminError, throwOnUserErrors } from "~/shopify/admin/errors";
import { isShopifyProblem, SHOPIFY_PROBLEMS, shopifyProblem, storedProblem } from "~/shopify/admin/problem";

const graphqlError = (errors: { message: string; extensions?: { code?: string } }[]) => {
  try {
    dataOf({ errors }, "CarrierServiceCreate");
  } catch (error) {
    return error;
  }
  throw new Error("dataOf did not throw");
};
const userError = (message: string, code: string | null = null) => {
  try {
    throwOnUserErrors("CarrierServiceCreate", [{ field: ["input"], message, code }]);
  } catch (error) {
    return error;
  }
  throw new Error("throwOnUserErrors did not throw");
};

describe("shopifyProblem", () => {
  it("reads Shopify's GraphQL error codes", () => {
    expect(shopifyProblem(graphqlError([{ message: "Throttled", extensions: { code: "THROTTLED" } }]))).toBe(
      "throttled",
    );
    expect(shopifyProblem(graphqlError([{ message: "nope", extensions: { code: "ACCESS_DENIED" } }]))).toBe(
      "access_denied",
    );
    // A missing scope answered without a code.
    expect(shopifyProblem(graphqlError([{ message: "Access denied for carrierServices field." }]))).toBe(
      "access_denied",
    );
    expect(shopifyProblem(graphqlError([{ message: "Internal error" }]))).toBe("unknown");
    expect(shopifyProblem(new ShopifyAdminError({ operation: "X", kind: "no_data", message: "no data" }))).toBe(
      "unknown",
    );
  });

  it("reads user errors: the plan (worded in prose only), something gone, any other refusal", () => {
    expect(
      shopifyProblem(userError("Your shop's plan does not allow third-party calculated rates. Upgrade to use them.")),
    ).toBe("not_allowed_by_plan");
    expect(shopifyProblem(userError("The carrier service could not be found."))).toBe("not_found");
    expect(shopifyProblem(userError("Something else", "NOT_FOUND"))).toBe("not_found");
    expect(shopifyProblem(userError("coversAllItems is not enabled for this shop", "INVALID"))).toBe("refused");
  });

  it("tells the network from anything else outside Shopify's answers", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" });
    expect(shopifyProblem(new TypeError("fetch failed", { cause: refused }))).toBe("network");
    expect(shopifyProblem(new TypeError("fetch failed"))).toBe("network");
    expect(shopifyProblem(Object.assign(new Error("aborted"), { name: "TimeoutError" }))).toBe("network");
    expect(shopifyProblem(new Error("boom"))).toBe("unknown");
    expect(shopifyProblem("a string")).toBe("unknown");
  });

  it("reads text stored before codes as unknown", () => {
    expect(storedProblem("throttled")).toBe("throttled");
    expect(storedProblem("Access denied for carrierServices field.")).toBe("unknown");
    expect(isShopifyProblem("network")).toBe(true);
    expect(isShopifyProblem("Network")).toBe(false);
    expect(isShopifyProblem(null)).toBe(false);
  });
});

describe("the words of each problem", () => {
  it("exist in Spanish and English for every code, differ, and carry no placeholder or code", () => {
    expect(Object.keys(es.shopifyProblems).sort()).toEqual([...SHOPIFY_PROBLEMS].sort());
    expect(Object.keys(en.shopifyProblems).sort()).toEqual([...SHOPIFY_PROBLEMS].sort());
    for (const code of SHOPIFY_PROBLEMS) {
      const [spanish, english] = [es.shopifyProblems[code], en.shopifyProblems[code]];
      expect(spanish).not.toBe(english);
      for (const words of [spanish, english]) {
        expect(words).not.toMatch(/[{}]|_/);
        expect(words.length).toBeGreaterThan(30);
      }
    }
  });

  it("the add-rates outcomes word the problem instead of Shopify's message", () => {
    for (const outcome of [es.readiness.outcome, en.readiness.outcome]) {
      expect(outcome.refused).toContain("{problem}");
      expect(outcome.failed).toContain("{problem}");
      expect(JSON.stringify(outcome)).not.toContain("{message}");
    }
    expect(JSON.stringify(es.settings.carrier)).not.toContain("{message}");
    expect(JSON.stringify(en.settings.carrier)).not.toContain("{message}");
  });
});
