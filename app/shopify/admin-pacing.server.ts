/**
 * The one pacer of Shopify's Admin GraphQL budget: a cost-based leaky bucket per app and shop,
 * shared by every call of every process (docs/decisions/026-shared-admin-api-budget.md). Each
 * answer reports `extensions.cost.throttleStatus`; the budget store keeps an estimate of the
 * shop's bucket (restoring at `restoreRate`), and a call reserves its expected cost there before it
 * is sent, waiting until the points should be back, so the jobs and requests of all app instances
 * share the points instead of provoking THROTTLED. In production the store is a row per shop in
 * PostgreSQL, updated by single atomic statements (admin-budget.server.ts); a process alone (tests,
 * scripts) may keep it in memory.
 *
 * Within a process the calls of a shop take turns (first come, first served). A THROTTLED answer
 * that comes anyway (something outside the app spent the points) is sent again once the points it
 * asked for should be back, within `maxWaitMs`; after that the THROTTLED answer goes to the caller,
 * whose job retries later.
 *
 * A call's expected cost is what the caller says (the catalogue prices its pages), else what the
 * same query with the same page sizes (its numeric variables) asked for last time (Shopify charges
 * the requested cost up front and refunds the difference after), else the most any call of this
 * process asked for (at least `defaultCost`): a query not seen yet is priced high rather than
 * THROTTLED, and what it took beyond its cost comes back with its answer.
 */
import type { AdminGraphql, GraphqlResult, ThrottleStatus } from "./admin.server";

/** Shopify's single-query limit: a page must be priced at or below it. */
const MAX_QUERY_COST = 1000;
const MAX_THROTTLED_RETRIES = 8;

export type Sleep = (ms: number) => Promise<void>;

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

/** The bucket's size and refill, as Shopify last reported them. */
type BucketShape = Pick<ThrottleStatus, "maximumAvailable" | "restoreRate">;

/**
 * Where a shop's bucket estimate lives. Both operations are atomic, so any number of pacers
 * (processes) on one store share the budget.
 */
export interface BudgetStore {
  /**
   * Takes `cost` points (at most the bucket's size) if the estimate at `nowMs` holds them, and
   * answers how many it took. Answers `waitMs: 0` when taken or when nothing is known about the
   * bucket yet (the call goes, taking nothing, and its answer tells), else how long until the
   * points should be there (nothing taken).
   */
  reserve(shop: string, cost: number, nowMs: number): Promise<{ waitMs: number; taken: number; shape?: BucketShape }>;
  /**
   * What an answer said: the bucket's shape and its level at `nowMs`. Like Shopify, the estimate
   * gives back `refund` (what the call took less what it cost), then goes down to the reported
   * level if that is lower (something else spent points); a higher report does not raise it, as
   * the report does not count the points other calls in flight have taken.
   */
  report(shop: string, status: ThrottleStatus, nowMs: number, refund: number): Promise<void>;
  /** The bucket's shape as last reported to the store (by any process), if ever. */
  shape(shop: string): Promise<BucketShape | undefined>;
}

interface Estimate {
  shape: BucketShape;
  available: number;
  atMs: number;
}

const level = (e: Estimate, nowMs: number) =>
  Math.min(e.shape.maximumAvailable, e.available + (Math.max(0, nowMs - e.atMs) / 1000) * e.shape.restoreRate);

/**
 * The budget of one process (tests, scripts, a single instance without a database).
 * @internal
 */
export function memoryBudgetStore(): BudgetStore {
  const estimates = new Map<string, Estimate>();
  return {
    async reserve(shop, cost, nowMs) {
      const e = estimates.get(shop);
      if (!e || e.shape.restoreRate <= 0) return { waitMs: 0, taken: 0, shape: e?.shape };
      const available = level(e, nowMs);
      const needed = Math.min(cost, e.shape.maximumAvailable);
      if (available >= needed) {
        estimates.set(shop, { ...e, available: available - needed, atMs: Math.max(e.atMs, nowMs) });
        return { waitMs: 0, taken: needed, shape: e.shape };
      }
      return { waitMs: Math.ceil(((needed - available) / e.shape.restoreRate) * 1000), taken: 0, shape: e.shape };
    },
    async report(shop, status, nowMs, refund) {
      const e = estimates.get(shop);
      const shape = { maximumAvailable: status.maximumAvailable, restoreRate: status.restoreRate };
      const available = e
        ? Math.min(status.maximumAvailable, level(e, nowMs) + refund, status.currentlyAvailable)
        : status.currentlyAvailable;
      estimates.set(shop, { shape, available, atMs: Math.max(e?.atMs ?? nowMs, nowMs) });
    },
    shape: async (shop) => estimates.get(shop)?.shape,
  };
}

export interface PacingDeps {
  sleep: Sleep;
  /** Milliseconds; the clock the bucket restores on (the same on every process sharing a store). */
  nowMs: () => number;
  /** Defaults to a budget of this process alone. */
  budget?: BudgetStore;
  /** Longest a call waits for points in all (default 60 s). */
  maxWaitMs?: number;
  defaultCost?: number;
}

/** A shop's view of the pacing. */
export interface ShopPacer {
  /**
   * The shop's Admin call, paced. With `expectedCost` (a priced page) a THROTTLED answer for a
   * query larger than the whole bucket throws QueryTooExpensiveError, so the caller can ask for a
   * smaller page; `onCost` hears each answer's requested cost. An admin that is already paced is
   * not paced twice: its own Admin call is paced with this cost instead.
   */
  paced(admin: AdminGraphql, expectedCost?: number, onCost?: (requestedCost: number | null) => void): AdminGraphql;
  /** The most points a single query may ask for now: the bucket's size, at most Shopify's limit. */
  maxQueryCost(): number;
  /** How many THROTTLED answers this process received for the shop (0 in normal operation). */
  readonly throttledCount: number;
}

export interface AdminPacing {
  /** The shop's Admin call, paced (what the app context hands out). */
  (shop: string, admin: AdminGraphql): AdminGraphql;
  forShop(shop: string): ShopPacer;
  /** forShop, once the bucket's size any process learnt is known here (so maxQueryCost tells it). */
  loadShop(shop: string): Promise<ShopPacer>;
}

/** A paced admin remembers the Admin call it wraps, so pacing it again re-paces that one. */
const UNPACED = Symbol("unpaced admin");
type MarkedAdmin = AdminGraphql & { [UNPACED]?: AdminGraphql };

interface ShopState {
  queue: Promise<void>;
  shape?: BucketShape;
  throttled: number;
}

export function createAdminPacing(deps: PacingDeps): AdminPacing {
  const maxWaitMs = deps.maxWaitMs ?? 60_000;
  const defaultCost = deps.defaultCost ?? 50;
  const budget = deps.budget ?? memoryBudgetStore();
  const shops = new Map<string, ShopState>();
  const costs = new Map<string, number>();
  let highestCost = defaultCost;
  /** Shopify prices a query by its text and its connections' sizes: the numbers among its variables. */
  const costKey = (query: string, variables?: Record<string, unknown>) =>
    `${query}\u0000${Object.entries(variables ?? {})
      .filter(([, v]) => typeof v === "number")
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(",")}`;

  const stateOf = (shop: string): ShopState => {
    let s = shops.get(shop);
    if (!s) shops.set(shop, (s = { queue: Promise.resolve(), throttled: 0 }));
    return s;
  };

  /**
   * Waits (in turn) until `cost` points should be there and reserves them: the points taken, or
   * false when they cannot be there by `deadline`. While nothing is known of the bucket, the call
   * goes alone: the shop's next calls wait for its answer (`release`), which tells the bucket.
   */
  const reserve = (
    shop: string,
    s: ShopState,
    cost: () => number,
    deadline: number,
  ): Promise<{ taken: number | false; release: () => void }> => {
    let release = () => {};
    const answered = new Promise<void>((r) => (release = r));
    const turn = s.queue.then(async () => {
      for (;;) {
        // Priced in turn: a call ahead of it may have learnt what this query costs.
        const { waitMs, taken, shape } = await budget.reserve(shop, cost(), deps.nowMs());
        if (shape) s.shape = shape;
        if (waitMs <= 0) return { taken, alone: !shape };
        if (deps.nowMs() + waitMs > deadline) return { taken: false as const, alone: false };
        await deps.sleep(waitMs);
      }
    });
    s.queue = turn.then(
      ({ alone }) => (alone ? answered : undefined),
      () => undefined,
    );
    return turn.then(({ taken }) => ({ taken, release }));
  };

  const remember = async (shop: string, s: ShopState, result: GraphqlResult<unknown>, taken: number) => {
    const cost = result.extensions?.cost;
    if (!cost?.throttleStatus) return;
    const status = cost.throttleStatus;
    s.shape = { maximumAvailable: status.maximumAvailable, restoreRate: status.restoreRate };
    // Shopify charged the requested cost and refunded down to the actual one (nothing when throttled).
    const throttled = result.errors?.some((e) => e.extensions?.code === "THROTTLED");
    const charged = throttled ? 0 : (cost.actualQueryCost ?? cost.requestedQueryCost ?? taken);
    await budget.report(shop, status, deps.nowMs(), taken - charged);
  };

  function pace(
    shop: string,
    given: AdminGraphql,
    opts: { expectedCost?: number; onCost?: (requestedCost: number | null) => void } = {},
  ): AdminGraphql {
    const admin = (given as MarkedAdmin)[UNPACED] ?? given;
    const s = stateOf(shop);
    const paced: MarkedAdmin = async <T>(query: string, variables?: Record<string, unknown>) => {
      const deadline = deps.nowMs() + maxWaitMs;
      let throttledAnswer: GraphqlResult<T> | undefined;
      for (let attempt = 0; ; attempt++) {
        const key = costKey(query, variables);
        const cost = () => opts.expectedCost ?? costs.get(key) ?? highestCost;
        const { taken, release } = await reserve(shop, s, cost, deadline);
        // Out of time: the first call is sent anyway (Shopify decides); a retry gives up.
        if (taken === false && throttledAnswer) {
          release();
          return throttledAnswer;
        }
        let result: GraphqlResult<T>;
        try {
          result = await admin<T>(query, variables);
          await remember(shop, s, result, taken || 0);
        } finally {
          release();
        }
        const requested = result.extensions?.cost?.requestedQueryCost;
        if (typeof requested === "number") {
          costs.set(key, requested);
          highestCost = Math.max(highestCost, Math.min(requested, MAX_QUERY_COST));
        }
        const throttled = result.errors?.some((e) => e.extensions?.code === "THROTTLED");
        if (!throttled) {
          opts.onCost?.(requested ?? null);
          return result;
        }
        s.throttled++;
        const max = s.shape?.maximumAvailable;
        if (typeof requested === "number" && max !== undefined && requested > max) {
          if (opts.expectedCost !== undefined) throw new QueryTooExpensiveError(requested, max);
          return result; // can never fit
        }
        if (attempt >= MAX_THROTTLED_RETRIES || deps.nowMs() >= deadline) return result;
        // Without a known bucket, back off for a second before the next try.
        if (!s.shape || s.shape.restoreRate <= 0) await deps.sleep(1000);
        throttledAnswer = result;
      }
    };
    paced[UNPACED] = admin;
    return paced;
  }

  const pacing = ((shop: string, admin: AdminGraphql) => pace(shop, admin)) as AdminPacing;
  pacing.loadShop = async (shop) => {
    const s = stateOf(shop);
    s.shape ??= await budget.shape(shop);
    return pacing.forShop(shop);
  };
  pacing.forShop = (shop) => ({
    paced: (admin, expectedCost, onCost) => pace(shop, admin, { expectedCost, onCost }),
    maxQueryCost: () => Math.min(MAX_QUERY_COST, stateOf(shop).shape?.maximumAvailable ?? MAX_QUERY_COST),
    get throttledCount() {
      return stateOf(shop).throttled;
    },
  });
  return pacing;
}
