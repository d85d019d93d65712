import { describe, expect, it } from "vitest";
import { catalogQueryError, parseCatalogQuery } from "~/catalog/catalog-query";

const url = (query: string) => new URL(`http://app.test/app/catalog${query}`);

describe("Catálogo's filter in the URL", () => {
  it("takes the groups Inicio's figures link to, as well as single statuses", () => {
    expect(parseCatalogQuery(url("?status=registered")).filter).toBe("registered");
    expect(parseCatalogQuery(url("?status=needs_work")).filter).toBe("needs_work");
    expect(parseCatalogQuery(url("?status=skipped")).filter).toBe("skipped");
    expect(catalogQueryError(url("?status=needs_work"))).toBeNull();
  });

  it("refuses anything else by name", () => {
    expect(parseCatalogQuery(url("?status=constructor")).filter).toBe("all");
    expect(catalogQueryError(url("?status=constructor"))).toMatchObject({ field: "status" });
  });
});
