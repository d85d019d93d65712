/**
 * When and how long to wait before repeating a call that is safe to repeat: exponential backoff
 * with full jitter (AWS architecture blog "Exponential Backoff And Jitter"), overridden by the
 * service's Retry-After when it sends one.
 */

const BACKOFF_BASE_MS = 100;
/** @internal */
export const BACKOFF_CAP_MS = 2_000;
/** A Retry-After longer than this is not waited for: the error goes to the caller to schedule. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** Full-jitter delay before retry number `retry` (0-based): uniform in [0, min(cap, base·2^retry)). */
export function backoffDelayMs(retry: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retry);
  return Math.floor(random() * ceiling);
}

/** Parses Retry-After (delay in seconds or an HTTP date) into ms from `now`; undefined if absent or unreadable. */
export function parseRetryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // Only an HTTP date ("Wed, 15 Jan 2025 12:00:07 GMT") may follow; Date.parse alone would read
  // "-3" as a year.
  const date = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Statuses worth repeating for a call that is safe to repeat: rate limiting and server faults. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}
