import type { PrismaClient } from "@prisma/client";

const HOUR_MS = 60 * 60 * 1000;
/** @internal */
export const CHART_HOURS = 24;

/** One clock hour of checkout quotes. */
export interface QuoteHour {
  /** Start of the hour (ISO instant). */
  hour: string;
  quotes: number;
  /** Median answer time in ms; null in an hour without quotes. */
  medianMs: number | null;
  /** Share answered from the cache, 0–100; null in an hour without quotes. */
  cachePercent: number | null;
}

/**
 * The shop's checkout quotes per clock hour over the last 24 hours (the current hour last), every
 * hour present, for Inicio's chart. One grouped query on QuoteLog's (shop, at) index.
 */
export async function quotesPerHour({
  db,
  shop,
  now = new Date(),
}: {
  db: Pick<PrismaClient, "$queryRaw">;
  shop: string;
  now?: Date;
}): Promise<QuoteHour[]> {
  const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const since = new Date(currentHour - (CHART_HOURS - 1) * HOUR_MS);
  const rows = await db.$queryRaw<{ hour: number; quotes: number; hits: number; p50: number | null }[]>`
    SELECT extract(epoch FROM date_trunc('hour', at))::float8 * 1000 AS hour,
           count(*)::int AS quotes,
           count(*) FILTER (WHERE "cacheHit")::int AS hits,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY "durationMs") AS p50
    FROM "QuoteLog" WHERE shop = ${shop} AND at >= ${since} AND at <= ${now}
    GROUP BY 1`;
  const byHour = new Map(rows.map((row) => [Number(row.hour), row]));
  return Array.from({ length: CHART_HOURS }, (_, i) => {
    const start = since.getTime() + i * HOUR_MS;
    const row = byHour.get(start);
    return {
      hour: new Date(start).toISOString(),
      quotes: row?.quotes ?? 0,
      medianMs: row?.p50 == null ? null : Math.round(Number(row.p50)),
      cachePercent: row?.quotes ? Math.round((row.hits / row.quotes) * 100) : null,
    };
  });
}
