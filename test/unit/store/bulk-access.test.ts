import { describe, expect, it } from "vitest";
import { DOMAIN, demoStore } from "./store-fixture";

// Shopify since 2026-11-07 (changelog "Apps must enable bulk operations before use"): bulk
// queries need the app's access, enabled per operation type, lapsing after 31 days without a run
// of that type; without it `bulkOperationRunQuery` answers an access-denied error.
const RUN = /* GraphQL */ `
  mutation Run($query: String!) {
    bulkOperationRunQuery(query: $query) {
      bulkOperation {
        id
      }
      userErrors {
        message
      }
    }
  }
`;
const QUERY = "{ productVariants { edges { node { id sku } } } }";
const DAY = 24 * 60 * 60_000;

describe("bulk operations access", () => {
  it("is on for bulk queries at first, and refused with ACCESS_DENIED once the app's access is turned off", async () => {
    const { store } = demoStore();
    const ok = await store.graphql(DOMAIN, RUN, { query: QUERY });
    expect(ok.errors).toBeUndefined();
    expect(ok.data?.bulkOperationRunQuery.bulkOperation.id).toMatch(/^gid:\/\/shopify\/BulkOperation\//);
    await store.bulkOperationsIdle();

    store.setBulkAccess("query", false);
    const refused = await store.graphql(DOMAIN, RUN, { query: QUERY });
    expect(refused.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/^Access denied for bulkOperationRunQuery field/),
        path: ["bulkOperationRunQuery"],
        extensions: expect.objectContaining({ code: "ACCESS_DENIED" }),
      }),
    ]);
    expect(refused.data?.bulkOperationRunQuery).toBeNull();
    // Only bulk queries: bulk mutations keep their own access
    expect(store.bulkAccess("mutation").enabled).toBe(true);
    store.close();
  });

  it("lapses 31 days after the last bulk query on the store's clock, and a run keeps it", async () => {
    const { store, clock } = demoStore();
    clock.advance(30 * DAY);
    expect((await store.graphql(DOMAIN, RUN, { query: QUERY })).errors).toBeUndefined();
    await store.bulkOperationsIdle();
    // 31 days after that run: still there
    clock.advance(31 * DAY);
    expect(store.bulkAccess("query").enabled).toBe(true);
    // a moment later, without a run: lapsed
    clock.advance(1);
    expect(store.bulkAccess("query").enabled).toBe(false);
    expect((await store.graphql(DOMAIN, RUN, { query: QUERY })).errors?.[0]?.extensions?.code).toBe("ACCESS_DENIED");
    // Enabled again in the Partner Dashboard: no app version, no merchant action
    store.setBulkAccess("query", true);
    expect((await store.graphql(DOMAIN, RUN, { query: QUERY })).errors).toBeUndefined();
    await store.bulkOperationsIdle();
    store.close();
  });
});
