/**
 * Paces Admin GraphQL calls on Shopify's cost-based leaky bucket. Every answer reports
 * `extensions.cost.throttleStatus`; from the last one the pacer estimates what is available now
 * (restoring at `restoreRate` per second) and waits until the next query's cost fits, so a sync
 * never provokes THROTTLED. If one comes anyway (another app process spent the points, the bucket
 * was shrunk), it waits for the points the answer says are missing and sends the query again.
 */
import type { AdminGraphql, GraphqlResult, ThrottleStatus } from "../shopify/admin.server";

export type Sleep = (ms: number) => Promise<void>;

export interface PacerDeps {
  sleep: Sleep;
  /** Milliseconds; the same clock the bucket restores on. */
  nowMs: () => number;
}

/** The query asks for more points than the bucket can ever hold: only a smaller query can run. */
export class QueryTooExpensiveError extends Error {
  constructor(
    readonly requested: number,
    readonly maximumAvailable: number,
  ) {
    super(`a query of ${requested} points can never run in a bucket of ${maximumAvailable}`);
    this.name = "QueryTooExpensiveError";
  }
}

const MAX_THROTTLED_RETRIES = 8;
/** Shopify's single-query limit: a page must be priced at or below it. */
const MAX_QUERY_COST = 1000;

export interface ThrottlePacer {
  /**
   * The shop's Admin call, paced: each call waits until `expectedCost` points should be available
   * and is sent again after a THROTTLED answer; any other answer is handed back as it came, and
   * its requested cost to `onCost`. Throws QueryTooExpensiveError when the query can never fit.
   */
  paced(admin: AdminGraphql, expectedCost: number, onCost?: (requestedCost: number | null) => void): AdminGraphql;
  /** The most points a single query may ask for now: the bucket's size, at most Shopify's limit. */
  maxQueryCost(): number;
  /** How many THROTTLED answers were received (0 in normal operation). */
  readonly throttledCount: number;
}

/** One pacer per shop (the bucket is per app and store). */
export function createThrottlePacer(deps: PacerDeps): ThrottlePacer {
  let last: { status: ThrottleStatus; atMs: number } | undefined;
  let throttledCount = 0;

  const availableNow = (): number | undefined => {
    if (!last) return undefined;
    const restored = ((deps.nowMs() - last.atMs) / 1000) * last.status.restoreRate;
    return Math.min(last.status.maximumAvailable, last.status.currentlyAvailable + restored);
  };

  /** Sleeps until `cost` points should be available; false when no wait was needed or known. */
  const waitFor = async (cost: number): Promise<boolean> => {
    const available = availableNow();
    if (available === undefined || !last || last.status.restoreRate <= 0) return false;
    const cappedCost = Math.min(cost, last.status.maximumAvailable);
    if (available >= cappedCost) return false;
    await deps.sleep(Math.ceil(((cappedCost - available) / last.status.restoreRate) * 1000));
    return true;
  };

  const remember = (result: GraphqlResult<unknown>) => {
    const status = result.extensions?.cost?.throttleStatus;
    if (status) last = { status, atMs: deps.nowMs() };
  };

  return {
    get throttledCount() {
      return throttledCount;
    },
    maxQueryCost: () => Math.min(MAX_QUERY_COST, last?.status.maximumAvailable ?? MAX_QUERY_COST),
    paced(admin, expectedCost, onCost) {
      return async <T>(query: string, variables?: Record<string, unknown>) => {
        for (let attempt = 0; ; attempt++) {
          await waitFor(expectedCost);
          const result = await admin<T>(query, variables);
          remember(result);
          const throttled = result.errors?.some((e) => e.extensions?.code === "THROTTLED");
          if (throttled && attempt < MAX_THROTTLED_RETRIES) {
            throttledCount++;
            const requested = result.extensions?.cost?.requestedQueryCost ?? expectedCost;
            if (last && requested > last.status.maximumAvailable)
              throw new QueryTooExpensiveError(requested, last.status.maximumAvailable);
            // Without a usable status (or one that claims enough points), back off for a second.
            if (!(await waitFor(requested))) await deps.sleep(1000);
            continue;
          }
          onCost?.(result.extensions?.cost?.requestedQueryCost ?? null);
          return result;
        }
      };
    },
  };
}
