/**
 * Every Admin GraphQL call of a process, paced on Shopify's cost-based leaky bucket (one bucket
 * per app and shop). Each answer reports `extensions.cost.throttleStatus`; from the last one this
 * keeps a mirror of the bucket, restoring at `restoreRate`, and a call waits (first come, first
 * served) until its expected cost fits before it is sent, so many jobs of one shop share the
 * points instead of all failing THROTTLED and backing off for seconds. A THROTTLED answer that
 * comes anyway (another process spent the points) is sent again once the points it asked for
 * should be back, within `maxWaitMs`; after that the THROTTLED answer goes to the caller, whose
 * job retries later.
 *
 * A call's expected cost is what the same query asked for last time (Shopify charges the
 * requested cost up front and refunds the difference after), `defaultCost` until then.
 */
import type { AdminGraphql, GraphqlResult, ThrottleStatus } from "./admin.server";

export interface PacingDeps {
  sleep: (ms: number) => Promise<void>;
  nowMs: () => number;
  /** Longest a call waits for points in all (default 60 s). */
  maxWaitMs?: number;
  defaultCost?: number;
}

interface Bucket {
  status?: ThrottleStatus;
  /** Points estimated available at `atMs`, after the reservations of calls sent since. */
  available: number;
  atMs: number;
  /** Calls waiting for points, in order. */
  queue: Promise<void>;
}

export function createAdminPacing(deps: PacingDeps) {
  const maxWaitMs = deps.maxWaitMs ?? 60_000;
  const defaultCost = deps.defaultCost ?? 50;
  const buckets = new Map<string, Bucket>();
  const costs = new Map<string, number>();

  const availableNow = (b: Bucket): number => {
    if (!b.status) return Number.POSITIVE_INFINITY;
    const restored = ((deps.nowMs() - b.atMs) / 1000) * b.status.restoreRate;
    return Math.min(b.status.maximumAvailable, b.available + restored);
  };

  /** Waits (in turn) until `cost` points should be there and reserves them; false when they cannot be by `deadline`. */
  const reserve = (b: Bucket, cost: number, deadline: number): Promise<boolean> => {
    const turn = b.queue.then(async () => {
      for (;;) {
        const status = b.status;
        if (!status || status.restoreRate <= 0) return true;
        const available = availableNow(b);
        const needed = Math.min(cost, status.maximumAvailable);
        if (available >= needed) {
          b.available = available - needed;
          b.atMs = deps.nowMs();
          return true;
        }
        const wait = Math.ceil(((needed - available) / status.restoreRate) * 1000);
        if (deps.nowMs() + wait > deadline) return false;
        await deps.sleep(wait);
      }
    });
    b.queue = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  };

  const remember = (b: Bucket, result: GraphqlResult<unknown>) => {
    const status = result.extensions?.cost?.throttleStatus;
    if (!status) return;
    b.status = status;
    b.available = status.currentlyAvailable;
    b.atMs = deps.nowMs();
  };

  return function paced(shop: string, admin: AdminGraphql): AdminGraphql {
    let b = buckets.get(shop);
    if (!b) buckets.set(shop, (b = { available: 0, atMs: deps.nowMs(), queue: Promise.resolve() }));
    const bucket = b;
    return async <T>(query: string, variables?: Record<string, unknown>) => {
      const deadline = deps.nowMs() + maxWaitMs;
      let throttledAnswer: GraphqlResult<T> | undefined;
      for (;;) {
        const reserved = await reserve(bucket, costs.get(query) ?? defaultCost, deadline);
        // Out of time: the first call is sent anyway (Shopify decides); a retry gives up.
        if (!reserved && throttledAnswer) return throttledAnswer;
        const result = await admin<T>(query, variables);
        remember(bucket, result);
        const requested = result.extensions?.cost?.requestedQueryCost;
        if (typeof requested === "number") costs.set(query, requested);
        const throttled = result.errors?.some((e) => e.extensions?.code === "THROTTLED");
        if (!throttled) return result;
        const max = bucket.status?.maximumAvailable;
        if (typeof requested === "number" && max !== undefined && requested > max) return result; // can never fit
        if (!bucket.status || bucket.status.restoreRate <= 0 || deps.nowMs() >= deadline) return result;
        throttledAnswer = result;
      }
    };
  };
}
