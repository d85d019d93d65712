// Every setting the app reads, validated once at start-up. A bad or missing value stops the
// process with one message that lists every problem (docs/decisions/003-configuration.md).
import { z } from "zod";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

const base64Key32 = z.string().refine(
  (value) => {
    const bytes = Buffer.from(value, "base64");
    return bytes.length === 32 && bytes.toString("base64") === value;
  },
  { error: "must be 32 random bytes in base64 (generate one with: openssl rand -base64 32)" },
);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  SHOPIFY_API_KEY: z.string({ error: "is required" }).min(1, "is required"),
  SHOPIFY_API_SECRET: z.string({ error: "is required" }).min(1, "is required"),
  // During a client-secret rotation: the old secret, still accepted on signed requests until removed.
  SHOPIFY_API_SECRET_PREVIOUS: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SHOPIFY_APP_URL: httpUrl,
  SCOPES: z
    .string({ error: "is required" })
    .regex(/^[a-z_]+(,[a-z_]+)*$/, "must be a comma-separated list of scopes, e.g. read_products,write_shipping"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  EMBEDDED_DATABASE_DIR: z.string().default(".data/postgres"),
  PORT: z.coerce.number({ error: "must be a port number" }).int().min(1).max(65535).default(3000),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  ENCRYPTION_KEY: base64Key32,
  SVC_BASE_URL: httpUrl,
  SVC_QA_BASE_URL: httpUrl,
  SVC_NAME: z
    .string()
    .regex(/^[a-z][a-z0-9]*$/i, "must be a single word of letters and digits")
    .default("svc"),
  // The largest body accepted on the rate callback and every webhook; larger ones get 413 unread.
  MAX_BODY_BYTES: z.coerce
    .number({ error: "must be a number of bytes" })
    .int("must be a whole number of bytes")
    .min(1024, "must be at least 1024 bytes")
    .default(1024 * 1024),
  // How many jobs one app process runs at once. Jobs mostly wait on Shopify and the service, so
  // more than the cores; each holds at most one database connection at a time.
  JOB_CONCURRENCY: z.coerce
    .number({ error: "must be a number of jobs" })
    .int("must be a whole number of jobs")
    .min(1, "must be at least 1")
    .max(64, "must be at most 64")
    .default(16),
  // The order path's statements (ADR 036) as named prepared statements, planned once per connection.
  // "0" sends them unnamed: for PgBouncer in transaction mode older than 1.21 or without
  // `max_prepared_statements` (docs/operations.md). On unless exactly "0".
  DATABASE_PREPARED_STATEMENTS: z
    .enum(["0", "1", ""], { error: 'must be "1" (on) or "0" (off)' })
    .optional()
    .transform((value) => value !== "0"),
  // Local demo only: send Admin GraphQL to the simulated store (sandbox/store) instead of Shopify.
  SIMULATED_STORE_URL: httpUrl.optional(),
  // Local demo only: load App Bridge's script from here (the simulated store's stand-in) instead of
  // Shopify's CDN, so the pages open in an ordinary browser outside Shopify's admin.
  APP_BRIDGE_URL: httpUrl.optional(),
  // Benchmarks only (docs/benchmarks.md): also serve the uncached, naive rate callback, signed like
  // the real one, at /carrier-service/rates-naive. Off unless exactly "1".
  RATES_NAIVE_BASELINE: z
    .enum(["0", "1", ""], { error: 'must be "1" (on) or "0" (off)' })
    .optional()
    .transform((value) => value === "1"),
  // Whether `npm start` applies pending migrations before serving (under an advisory lock, so N
  // instances starting at once are safe). Production sets "0" and runs `npm run db:migrate` as a
  // release step (docs/operations.md).
  MIGRATE_ON_START: z
    .enum(["0", "1", ""], { error: 'must be "1" (on) or "0" (off)' })
    .optional()
    .transform((value) => value !== "0"),
  // What this process does (docs/operations.md): "all" serves HTTP and runs the job worker; "web"
  // serves only; "worker" runs jobs and answers only /healthz and /readyz.
  PROCESS_ROLE: z.enum(["all", "web", "worker"], { error: "must be all, web or worker" }).default("all"),
  // On SIGTERM: how long /readyz fails while the process still serves (so a load balancer takes it
  // out before it stops listening), then how long requests in flight and jobs held may take.
  // Bearer token of GET /metrics (Prometheus). Unset: /metrics answers 404.
  // The rate cache shared by every instance (docs/decisions/027-shared-rate-cache.md). Unset: each
  // instance keeps its own. Redis failing or slow never fails checkout: the instance asks the service.
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  SHUTDOWN_DELAY_MS: z.coerce.number({ error: "must be a number of milliseconds" }).int().min(0).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number({ error: "must be a number of milliseconds" }).int().min(0).default(25_000),
  // Benchmarks only (docs/benchmarks.md): "0" turns the rate cache's refresh-ahead off, to measure
  // the share of checkouts answered from the cache without it. On unless exactly "0".
  RATES_REFRESH_AHEAD: z
    .enum(["0", "1", ""], { error: 'must be "1" (on) or "0" (off)' })
    .optional()
    .transform((value) => value !== "0"),
});

export type Env = z.infer<typeof envSchema>;

/** Thrown when the environment is invalid; its message lists every problem, one per line. */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Invalid configuration (${problems.length} problem${problems.length === 1 ? "" : "s"}):\n  - ${problems.join("\n  - ")}`,
    );
    this.name = "EnvError";
  }
}

/** @internal */
export const PRODUCTION_NEEDS_DATABASE =
  "DATABASE_URL is required when NODE_ENV=production: set it to your PostgreSQL server " +
  "(the embedded PostgreSQL is for the demo, development and tests: leave NODE_ENV unset or development)";

/**
 * Settings the app once read and no longer does, with what to do instead.
 */
const REMOVED_SETTINGS: Record<string, string> = {
  SHOP_CUSTOM_DOMAIN:
    "is no longer supported: @shopify/shopify-app-remix 6 (@shopify/shopify-api 15) has no custom shop domains " +
    "(Shopify signs every request with the shop's myshopify.com domain); remove it",
};

/**
 * Parses the given environment (process.env by default) or throws an EnvError listing every problem.
 * `server: true` adds what only the server needs: a DATABASE_URL in production, so a container never
 * quietly starts an embedded PostgreSQL on its own disk.
 */
export function parseEnv(
  source: Record<string, string | undefined> = process.env,
  opts: { server?: boolean } = {},
): Env {
  const result = envSchema.safeParse(source);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => {
        const name = issue.path.join(".");
        const missing = source[name] === undefined || source[name] === "";
        return `${name} ${missing && issue.code !== "custom" ? "is required" : issue.message}`;
      });
  // Only an explicit NODE_ENV=production (the Docker image sets it): `npm start` on a fresh clone
  // keeps its embedded database.
  if (opts.server && source.NODE_ENV === "production" && !source.DATABASE_URL) problems.push(PRODUCTION_NEEDS_DATABASE);
  // A removed setting is refused, never quietly ignored: an operator who set it expects it to act.
  for (const [name, why] of Object.entries(REMOVED_SETTINGS)) if (source[name]) problems.push(`${name} ${why}`);
  if (problems.length) throw new EnvError(problems);
  return result.data!;
}
