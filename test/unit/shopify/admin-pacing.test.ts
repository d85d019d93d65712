import { describe, expect, it } from "vitest";
import { createAdminPacing } from "~/shopify/admin-pacing.server";
import type { AdminGraphql } from "~/shopify/admin.server";
import { DOMAIN, demoStore } from "../store/store-fixture";

// Requested 202 points, charged 2 + 37 × 4 = 150 on the demo catalogue (test/unit/store/throttle.test.ts).
const FIFTY_WEIGHTS = `{ productVariants(first: 50) { nodes { id sku inventoryItem { measurement { weight { unit value } } } } } }`;

/** The simulated store's real bucket on a manual clock; sleeping moves the clock. */
function setUp(opts: { maxWaitMs?: number } = {}) {
  const { store, clock } = demoStore();
  const slept: number[] = [];
  let sent = 0;
  const admin = (async (query: string, variables?: Record<string, unknown>) => {
    sent++;
    return store.graphql(DOMAIN, query, variables);
  }) as AdminGraphql;
  const pacing = createAdminPacing({
    nowMs: clock.now,
    sleep: async (ms) => {
      slept.push(ms);
      clock.advance(ms);
    },
    ...opts,
  });
  return { store, clock, slept, sent: () => sent, admin: pacing(DOMAIN, admin) };
}

describe("Admin API pacing on Shopify's leaky bucket", () => {
  it("sends at once while the bucket has points", async () => {
    // GIVEN a full standard bucket (2,000 points, 100 a second)
    const { admin, slept } = setUp();
    // WHEN five queries of 150 points run
    for (let i = 0; i < 5; i++) expect((await admin(FIFTY_WEIGHTS)).errors).toBeUndefined();
    // THEN none waited
    expect(slept).toEqual([]);
  });

  it("waits for the points a query asks for instead of being throttled", async () => {
    // GIVEN a bucket the first answer says holds 150 points, and a query that asks for 202
    const { admin, store, slept, sent } = setUp();
    await admin(FIFTY_WEIGHTS); // learns the status and that this query asks for 202
    store.setThrottle(DOMAIN, { currentlyAvailable: 150 });
    await admin(`{ shop { name } }`); // a cheap call reports the drained bucket
    // WHEN the expensive query runs again
    const result = await admin(FIFTY_WEIGHTS);
    // THEN it waited for the missing points (~0.5 s at 100/s), was never throttled, and was sent once
    expect(result.errors).toBeUndefined();
    expect(slept).toHaveLength(1);
    expect(slept[0]).toBeGreaterThanOrEqual(500);
    expect(slept[0]).toBeLessThanOrEqual(600);
    expect(sent()).toBe(3);
  });

  it("sends a THROTTLED query again once its points are back", async () => {
    // GIVEN another process drained the bucket unseen by this one
    const { admin, store, slept, sent } = setUp();
    store.setThrottle(DOMAIN, { currentlyAvailable: 10 });
    // WHEN a 202-point query is sent
    const result = await admin(FIFTY_WEIGHTS);
    // THEN the first answer was THROTTLED, the pacing waited for 192 points, and the retry succeeded
    expect(result.errors).toBeUndefined();
    expect(sent()).toBe(2);
    expect(slept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1_920);
  });

  it("gives the THROTTLED answer back when the points cannot come within the wait limit", async () => {
    // GIVEN an empty bucket restoring 1 point a second and a 5-second limit
    const { admin, store, sent } = setUp({ maxWaitMs: 5_000 });
    store.setThrottle(DOMAIN, { currentlyAvailable: 0, restoreRate: 1 });
    // WHEN a 202-point query is sent
    const result = await admin(FIFTY_WEIGHTS);
    // THEN the caller gets Shopify's THROTTLED answer (its job retries later) after one call
    expect(result.errors?.[0]?.extensions?.code).toBe("THROTTLED");
    expect(sent()).toBe(1);
  });

  it("shares one bucket among concurrent calls of a shop, first come first served", async () => {
    // GIVEN a bucket with room for two 150-point queries
    const { admin, store, slept } = setUp();
    await admin(FIFTY_WEIGHTS);
    store.setThrottle(DOMAIN, { currentlyAvailable: 420 });
    await admin(`{ shop { name } }`);
    // WHEN four run at once
    const results = await Promise.all([1, 2, 3, 4].map(() => admin(FIFTY_WEIGHTS)));
    // THEN all succeed: the last two waited for points rather than being throttled
    expect(results.every((r) => r.errors === undefined)).toBe(true);
    expect(slept.length).toBeGreaterThanOrEqual(1);
  });

  it("sends a shop's first call alone: the others wait for the bucket its answer reports", async () => {
    // GIVEN a bucket holding one 202-point query and nothing known of it yet
    const { admin, store } = setUp();
    store.setThrottle(DOMAIN, { currentlyAvailable: 250 });
    // WHEN four such queries start at once
    const results = await Promise.all([1, 2, 3, 4].map(() => admin(FIFTY_WEIGHTS)));
    // THEN none was THROTTLED: the first went alone, the others were paced on what it reported
    expect(results.every((r) => r.errors === undefined)).toBe(true);
    expect(store.inspect(DOMAIN).operations.map((op) => op.outcome)).toEqual(["ok", "ok", "ok", "ok"]);
  });
});
