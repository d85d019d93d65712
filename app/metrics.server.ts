// Prometheus metrics (prom-client). Each thread keeps its own registry: the serving thread's
// (rate callbacks, the service calls they make, Admin API calls of pages) and the job worker
// thread's (jobs given up, the service and Admin calls of jobs). /metrics asks the job thread for
// its values through the thread protocol and sums them with its own (server/metrics-http.ts), so
// one scrape covers the process. Queue depth and age are read from PostgreSQL at scrape time.
// docs/operations.md says what to alert on; docs/decisions/021-production-deployment.md why.
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { MetricObjectWithValues, MetricValue } from "prom-client";

const registry = new Registry();

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const rateAnswers = new Histogram({
  name: "app_rate_callback_duration_seconds",
  help: "Checkout rate callbacks answered, by outcome (rates, stale, fallback, no_rates, backup, rejected, invalid), and how long each took",
  labelNames: ["outcome"],
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});
const rateCacheHits = new Counter({
  name: "app_rate_cache_hits_total",
  help: "Rate quotations answered without an upstream call of their own (cache, or a call in flight)",
  registers: [registry],
});
const rateCacheMisses = new Counter({
  name: "app_rate_cache_misses_total",
  help: "Rate quotations that made an upstream call",
  registers: [registry],
});
const sharedCacheEvents = new Counter({
  name: "app_rate_shared_cache_total",
  help: "Looks at the shared rate cache (REDIS_URL) on a miss of the instance's own: hit, miss, waited (another instance's call, joined), unavailable (Redis failed, slow or down: the instance asked the service itself)",
  labelNames: ["result"],
  registers: [registry],
});
const upstreamDuration = new Histogram({
  name: "app_upstream_request_duration_seconds",
  help: "Attempts of calls to the fulfilment service, by endpoint",
  labelNames: ["endpoint"],
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});
const upstreamErrors = new Counter({
  name: "app_upstream_errors_total",
  help: "Failed attempts of calls to the fulfilment service, by endpoint and error",
  labelNames: ["endpoint", "error"],
  registers: [registry],
});
const jobsGivenUp = new Counter({
  name: "app_jobs_given_up_total",
  help: "Jobs that failed their last attempt and will not be retried, by queue",
  labelNames: ["queue"],
  registers: [registry],
});
const adminThrottleWaits = new Counter({
  name: "app_admin_throttle_waits_total",
  help: "Waits for a shop's Admin API points before a call",
  registers: [registry],
});
const adminThrottleSeconds = new Counter({
  name: "app_admin_throttle_wait_seconds_total",
  help: "Time spent waiting for a shop's Admin API points",
  registers: [registry],
});

const shopifyAccessRefusals = new Counter({
  name: "app_shopify_access_refused_total",
  help: "Admin API requests Shopify refused for the operator to fix, by reason (ip_allowlist: HTTP 403 from outside the app's IP allowlist; bulk_access: bulk operations not enabled for the app, or lapsed after 31 days) and operation",
  labelNames: ["reason", "operation"],
  registers: [registry],
});

// Children by outcome, made once: an answer costs one histogram observe.
const rateChildren = new Map<string, ReturnType<typeof rateAnswers.labels>>();

export const metrics = {
  /** `outcome`: the rates module's (RateAnswerOutcome, app/rates/callback.server.ts). */
  rateAnswered(outcome: string, seconds: number): void {
    let child = rateChildren.get(outcome);
    if (!child) rateChildren.set(outcome, (child = rateAnswers.labels(outcome)));
    child.observe(seconds);
  },
  rateCache(hit: boolean): void {
    (hit ? rateCacheHits : rateCacheMisses).inc();
  },
  rateSharedCache(result: "hit" | "miss" | "waited" | "unavailable"): void {
    sharedCacheEvents.labels(result).inc();
  },
  upstreamAttempt(endpoint: string, seconds: number, error?: string): void {
    upstreamDuration.labels(endpoint).observe(seconds);
    if (error) upstreamErrors.labels(endpoint, error).inc();
  },
  jobGivenUp(queue: string): void {
    jobsGivenUp.labels(queue).inc();
  },
  /** Shopify refused the app for something only its operator can fix (docs/operations.md). */
  shopifyAccessRefused(reason: "ip_allowlist" | "bulk_access", operation: string): void {
    shopifyAccessRefusals.labels(reason, operation).inc();
  },
  adminThrottleWait(ms: number): void {
    adminThrottleWaits.inc();
    adminThrottleSeconds.inc(ms / 1000);
  },
};

export interface QueueBacklog {
  queue: string;
  depth: number;
  oldestAgeSeconds: number;
}

let defaultsOn = false;

/**
 * The serving thread's registry gains the process's default metrics (event-loop lag, heap, CPU,
 * GC) and the queue gauges, read by `backlog` at each scrape. Called once, by the serving thread.
 */
export function enableProcessMetrics(backlog: () => Promise<QueueBacklog[]>): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: registry });
  let read: Promise<QueueBacklog[]> | undefined;
  // Both gauges come from one query per scrape.
  const rows = () => (read ??= backlog().finally(() => setTimeout(() => (read = undefined), 0)));
  new Gauge({
    name: "app_job_queue_depth",
    help: "Jobs due to run and not yet claimed, by queue",
    labelNames: ["queue"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await rows()) this.labels(row.queue).set(row.depth);
    },
  });
  new Gauge({
    name: "app_job_queue_oldest_age_seconds",
    help: "How long the oldest job due to run has waited, by queue",
    labelNames: ["queue"],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await rows()) this.labels(row.queue).set(row.oldestAgeSeconds);
    },
  });
}

/** This thread's values, to hand to the thread that answers /metrics. */
export function metricsSnapshot(): Promise<MetricObjectWithValues<MetricValue<string>>[]> {
  return registry.getMetricsAsJSON() as Promise<MetricObjectWithValues<MetricValue<string>>[]>;
}

/** This thread's metrics summed with other threads' snapshots, in Prometheus's text format. */
export async function renderMetrics(
  others: MetricObjectWithValues<MetricValue<string>>[][],
): Promise<{ contentType: string; body: string }> {
  const own = await metricsSnapshot();
  if (others.length === 0) return { contentType: registry.contentType, body: await registry.metrics() };
  const merged = AggregatorRegistry.aggregate([own, ...others]);
  return { contentType: registry.contentType, body: await merged.metrics() };
}
