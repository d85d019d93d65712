import { describe, expect, it } from "vitest";
import { DEMO_CATALOGUE_FACTS } from "../../../sandbox/store";
import { demoStore, queryData } from "./store-fixture";

const PAGE = /* GraphQL */ `
  query Variants(
    $first: Int
    $after: String
    $last: Int
    $before: String
    $query: String
    $sortKey: ProductVariantSortKeys
  ) {
    productVariants(first: $first, after: $after, last: $last, before: $before, query: $query, sortKey: $sortKey) {
      edges {
        cursor
        node {
          id
          sku
        }
      }
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
    }
  }
`;

interface Page {
  productVariants: {
    edges: Array<{ cursor: string; node: { id: string; sku: string | null } }>;
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  };
}

describe("productVariants pagination over the demo catalogue", () => {
  it("walks every variant exactly once by following endCursor", async () => {
    // GIVEN a shop seeded with the demo catalogue
    const { store } = demoStore();
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    // WHEN the app pages through with first: 10
    for (;;) {
      const data: Page = await queryData<Page>(store, PAGE, { first: 10, after });
      seen.push(...data.productVariants.edges.map((edge) => edge.node.id));
      pages += 1;
      if (!data.productVariants.pageInfo.hasNextPage) break;
      after = data.productVariants.pageInfo.endCursor;
    }
    // THEN it sees all variants, in id order, without repeats
    expect(seen).toHaveLength(DEMO_CATALOGUE_FACTS.length);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBe(Math.ceil(DEMO_CATALOGUE_FACTS.length / 10));
    expect([...seen].sort()).toEqual(seen);
  });

  it("has at least 30 variants", () => {
    expect(DEMO_CATALOGUE_FACTS.length).toBeGreaterThanOrEqual(30);
  });

  it("pages backwards with last and before", async () => {
    // GIVEN the second page of five
    const { store } = demoStore();
    const first = await queryData<Page>(store, PAGE, { first: 5 });
    const second = await queryData<Page>(store, PAGE, { first: 5, after: first.productVariants.pageInfo.endCursor });
    // WHEN the app asks for the five before the second page
    const back = await queryData<Page>(store, PAGE, { last: 5, before: second.productVariants.pageInfo.startCursor });
    // THEN it gets the first page again, and knows there is nothing earlier
    expect(back.productVariants.edges.map((e) => e.node.id)).toEqual(first.productVariants.edges.map((e) => e.node.id));
    expect(back.productVariants.pageInfo.hasPreviousPage).toBe(false);
    expect(back.productVariants.pageInfo.hasNextPage).toBe(true);
  });

  it("keeps paging correctly when the cursor's variant is deleted between pages", async () => {
    // GIVEN a first page whose last variant belongs to a product that is then deleted
    const { store } = demoStore();
    const first = await queryData<Page>(store, PAGE, { first: 4 });
    const taza = store.products.list("tienda-demo.myshopify.com").find((p) => p.handle === "taza-de-barro")!;
    store.products.delete("tienda-demo.myshopify.com", taza.id);
    // WHEN the app asks for the next page with the old cursor
    const next = await queryData<Page>(store, PAGE, { first: 3, after: first.productVariants.pageInfo.endCursor });
    // THEN it continues with the next product's variants
    expect(next.productVariants.edges.map((e) => e.node.sku)).toEqual(["TAL-PL-CH", "TAL-PL-MD", "TAL-PL-GR"]);
  });

  it("filters by a sku search term", async () => {
    const { store } = demoStore();
    const data = await queryData<Page>(store, PAGE, { first: 10, query: "sku:JAB-LAV" });
    expect(data.productVariants.edges.map((e) => e.node.sku)).toEqual(["JAB-LAV", "JAB-LAV"]);
  });

  it("sorts by SKU when asked, with variants lacking a SKU first", async () => {
    const { store } = demoStore();
    const data = await queryData<Page>(store, PAGE, { first: 4, sortKey: "SKU" });
    expect(data.productVariants.edges.map((e) => e.node.sku)).toEqual([null, null, "ALE-G", "ALE-P"]);
  });

  it("answers an invalid cursor with Shopify's error", async () => {
    const { store } = demoStore();
    const result = await store.graphql("tienda-demo.myshopify.com", PAGE, { first: 5, after: "not-a-cursor" });
    expect(result.errors?.[0]?.message).toBe("Invalid cursor for current pagination sort.");
  });
});
