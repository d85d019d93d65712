/**
 * The optional second level of the rate cache, shared by every instance through Redis (REDIS_URL):
 * a quotation one instance got from the service is answered by the others, and identical misses
 * on several instances at once make one upstream call (a short lock, SET NX PX, that the others
 * wait on by polling). Redis is never on the path to failure: every call has a short time limit,
 * an error or a time-out reads as "not shared" and the instance asks the service itself, and after
 * one the instance leaves Redis alone for a moment
 * (docs/decisions/027-shared-rate-cache.md).
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { z } from "zod";
import { serviceCodeSchema } from "~/svc/wire/service-code";
import { MAX_SERVICE_DAYS } from "~/svc/wire/quote";
import type { UpstreamOutcome } from "./upstream-outcome";

/**
 * Every key of the shared cache starts with this; the version changes when the stored shape does.
 * @internal
 */
export const SHARED_KEY_PREFIX = "svc-app:rates:v1:";
/** The longest a Redis call may take before the instance goes on without it. */
const REDIS_COMMAND_TIMEOUT_MS = 250;
/** After a Redis error or time-out, how long the instance goes straight to the service. */
const REDIS_BACKOFF_MS = 1_000;
/** How often an instance waiting on another's quotation looks for it. */
const WAIT_POLL_MS = 15;

/** A quotation (or a refusal or failure) as the shared cache holds it. */
export interface SharedEntry {
  outcome: UpstreamOutcome;
  /** When the service answered (epoch ms of the instance that asked). */
  quotedAt: number;
  /** How long it stays in the shared cache (ms). */
  remainingMs: number;
}

/** What became of one look at the shared cache (for the metric). */
export type SharedCacheEvent = "hit" | "miss" | "waited" | "unavailable";

export interface SharedRateCache {
  /** The shared entry for `key`; undefined when absent or when Redis does not answer in time. */
  get(key: string): Promise<SharedEntry | undefined>;
  /** Stores `outcome` for `ttlMs` (in the background: a failure only logs). */
  set(key: string, outcome: UpstreamOutcome, quotedAt: number, ttlMs: number): void;
  /**
   * Claims the right to ask the service for `key` for `ttlMs`: "acquired" (ask, then `release`),
   * "held" (another instance is asking: `waitFor` it), or "unavailable" (Redis did not answer: ask).
   */
  claim(
    key: string,
    ttlMs: number,
  ): Promise<{ state: "acquired"; release(): void } | { state: "held" | "unavailable" }>;
  /**
   * Waits for the instance holding `key`'s claim to store its answer: the entry once it is there,
   * undefined if the claim ends without one, Redis fails, or `until` (epoch ms) comes first.
   */
  waitFor(key: string, until: number): Promise<SharedEntry | undefined>;
  close(): Promise<void>;
}

const serviceSchema = z.object({
  service: serviceCodeSchema,
  // Bounded as at the service edge: an entry stored by an instance without that bound is no entry.
  days: z.int().min(0).max(MAX_SERVICE_DAYS),
  totalPricing: z.string(),
  description: z.string(),
  provider: z.string().optional(),
});
const outcomeSchema: z.ZodType<UpstreamOutcome> = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("quoted"), services: z.array(serviceSchema) }),
  z.object({ kind: z.literal("not_served") }),
  z.object({ kind: z.literal("unquotable"), detail: z.string() }),
  z.object({ kind: z.literal("insufficient_stock"), detail: z.string() }),
  z.object({ kind: z.literal("failed"), detail: z.string() }),
]);
const storedSchema = z.object({ outcome: outcomeSchema, quotedAt: z.number() });

/**
 * Reads a stored value; anything else (another version's shape, a foreign key) is no entry.
 * @internal
 */
export function parseSharedValue(text: string | null, remainingMs: number): SharedEntry | undefined {
  if (text === null || remainingMs <= 0) return undefined;
  try {
    const parsed = storedSchema.safeParse(JSON.parse(text));
    return parsed.success ? { ...parsed.data, remainingMs } : undefined;
  } catch {
    return undefined;
  }
}

// Deletes the claim only if it is still this instance's (it may have expired and been taken since).
const RELEASE_SCRIPT = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

interface SharedCacheLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * Connects to `url` (redis:// or rediss://) in the background; until the connection is up, and
 * whenever it is down, every call answers at once as if nothing were shared.
 */
export function createRedisRateCache(opts: {
  url: string;
  logger: () => SharedCacheLogger;
  onEvent?: (event: SharedCacheEvent) => void;
  commandTimeoutMs?: number;
  backoffMs?: number;
  now?: () => number;
}): SharedRateCache {
  const now = opts.now ?? Date.now;
  const backoffMs = opts.backoffMs ?? REDIS_BACKOFF_MS;
  const redis = new Redis(opts.url, {
    // A command is refused at once while disconnected, never queued behind a reconnection…
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // …and rejected when Redis is slow.
    commandTimeout: opts.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    // Reconnects for ever, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
    lazyConnect: false,
  });
  const target = redactedUrl(opts.url);
  let down = false;
  let skipUntil = 0;
  redis.on("ready", () => {
    if (down) opts.logger().info({ redis: target }, "shared rate cache is back");
    down = false;
    skipUntil = 0;
  });
  redis.on("error", (error: Error) => {
    if (!down)
      opts.logger().warn({ redis: target, err: error.message }, "shared rate cache unavailable: quoting without it");
    down = true;
  });
  const event = (e: SharedCacheEvent) => opts.onEvent?.(e);
  const usable = () => redis.status === "ready" && now() >= skipUntil;
  const failed = (error: unknown) => {
    skipUntil = now() + backoffMs;
    event("unavailable");
    if (!down) opts.logger().warn({ redis: target, err: String(error) }, "shared rate cache call failed");
  };
  const valueKey = (key: string) => `${SHARED_KEY_PREFIX}q:${key}`;
  const claimKey = (key: string) => `${SHARED_KEY_PREFIX}claim:${key}`;

  async function read(key: string): Promise<{ entry?: SharedEntry; claimed: boolean } | undefined> {
    const replies = await redis.multi().get(valueKey(key)).pttl(valueKey(key)).exists(claimKey(key)).exec();
    if (!replies) return undefined;
    const [[, text], [, pttl], [, claimed]] = replies as [
      [unknown, string | null],
      [unknown, number],
      [unknown, number],
    ];
    return { entry: parseSharedValue(text, pttl), claimed: claimed === 1 };
  }

  return {
    async get(key) {
      if (!usable()) {
        event("unavailable");
        return undefined;
      }
      try {
        const entry = (await read(key))?.entry;
        event(entry ? "hit" : "miss");
        return entry;
      } catch (error) {
        failed(error);
        return undefined;
      }
    },

    set(key, outcome, quotedAt, ttlMs) {
      if (!usable() || ttlMs <= 0) return;
      redis.set(valueKey(key), JSON.stringify({ outcome, quotedAt }), "PX", Math.ceil(ttlMs)).catch(failed);
    },

    async claim(key, ttlMs) {
      if (!usable()) return { state: "unavailable" };
      const token = randomUUID();
      try {
        const set = await redis.set(claimKey(key), token, "PX", Math.max(1, Math.ceil(ttlMs)), "NX");
        if (set !== "OK") return { state: "held" };
      } catch (error) {
        failed(error);
        return { state: "unavailable" };
      }
      return {
        state: "acquired",
        release: () => {
          redis.eval(RELEASE_SCRIPT, 1, claimKey(key), token).catch(() => {
            // The claim expires on its own (its TTL is the shop's deadline).
          });
        },
      };
    },

    async waitFor(key, until) {
      for (;;) {
        if (!usable()) return undefined;
        try {
          const seen = await read(key);
          if (seen?.entry) {
            event("waited");
            return seen.entry;
          }
          if (!seen?.claimed) return undefined;
        } catch (error) {
          failed(error);
          return undefined;
        }
        const left = until - now();
        if (left <= 0) return undefined;
        await new Promise((resolve) => setTimeout(resolve, Math.min(WAIT_POLL_MS, left)));
      }
    },

    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** The URL without its password, for logs. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(invalid URL)";
  }
}
