import type { PrismaClient } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { lookupSku } from "~/catalog/sku-lookup.server";
import { translator } from "~/i18n/locale";
import type { SvcClient } from "~/svc";
import { SvcUnauthorizedError } from "~/svc/errors";

describe("a SKU lookup the service did not answer", () => {
  it("carries what failed as a code Catálogo words, beside the client's own text", async () => {
    const client = {
      getProduct: async () => {
        throw new SvcUnauthorizedError({ endpoint: "auth", message: "SvcUnauthorizedError: bad key", status: 401 });
      },
    } as unknown as SvcClient;
    const lookup = await lookupSku({
      // No catalogue row spells the SKU otherwise (a lookup reads it as the catalogue spells it).
      db: { catalogVariant: { findFirst: async () => null } } as unknown as PrismaClient,
      shop: "tienda-demo.myshopify.com",
      sku: "JAB-LAV",
      svcClientFor: async () => client,
    });
    expect(lookup).toEqual({
      kind: "failed",
      sku: "JAB-LAV",
      error: "SvcUnauthorizedError: bad key",
      problem: { code: "unauthorized", params: {} },
    });
    // What the page says with it, in each language.
    for (const locale of ["es", "en"] as const) {
      const { messages, format } = translator(locale);
      if (lookup.kind !== "failed") throw new Error(lookup.kind);
      const text = format(messages.catalog.lookupFailed, {
        error: format(messages.serviceErrors[lookup.problem.code], lookup.problem.params),
      });
      expect(text).not.toMatch(/SvcUnauthorizedError|bad key/);
      expect(text).toContain(messages.serviceErrors.unauthorized);
    }
  });
});
