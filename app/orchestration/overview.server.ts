import type { PrismaClient } from "@prisma/client";
import { readShopState } from "./shop-state.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the app's home page shows for `shop`: its one state (app/orchestration/shop-state.ts: the
 * connection, the setup guide, the checklist and the catalogue's and orders' figures) and the last
 * day of checkout quotes.
 */
export async function shopOverview({ db, shop, now = new Date() }: { db: PrismaClient; shop: string; now?: Date }) {
  const since = new Date(now.getTime() - DAY_MS);
  const [state, quotes] = await Promise.all([
    readShopState(db, shop),
    db.$queryRaw<
      { total: number; hits: number; p50: number | null; p99: number | null; answered: number; stale: number }[]
    >`
      SELECT count(*)::int AS total,
             count(*) FILTER (WHERE "cacheHit")::int AS hits,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY "durationMs") AS p50,
             percentile_cont(0.99) WITHIN GROUP (ORDER BY "durationMs") AS p99,
             count(*) FILTER (WHERE outcome IN ('rates', 'fallback', 'stale'))::int AS answered,
             count(*) FILTER (WHERE outcome = 'stale')::int AS stale
      FROM "QuoteLog" WHERE shop = ${shop} AND at >= ${since}`,
  ]);
  const q = quotes[0] ?? { total: 0, hits: 0, p50: null, p99: null, answered: 0, stale: 0 };
  return {
    ...state,
    quotesLastDay: {
      total: q.total,
      answeredWithRates: q.answered,
      /** Answered with the last rates quoted for the cart because the service failed (stale-if-error). */
      answeredStale: q.stale,
      cacheHitPercent: q.total ? Math.round((q.hits / q.total) * 100) : null,
      medianMs: q.p50 === null ? null : Math.round(Number(q.p50)),
      p99Ms: q.p99 === null ? null : Math.round(Number(q.p99)),
    },
  };
}
