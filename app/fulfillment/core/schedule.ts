/**
 * Pure: when to try again. Submissions refused before reaching the service back off quickly and
 * give up after a few attempts; polling of an open order slows down while nothing changes and
 * speeds up again when something does.
 */

const MINUTE = 60_000;

/** Attempts at submitting (refused before reaching the service) before a person is asked to look. */
export const MAX_SUBMIT_ATTEMPTS = 6;

/** Delay before submission attempt number `attempts + 1`: 30 s, 1, 2, 4, 8 min, … capped at 30 min. */
export function submitRetryDelayMs(attempts: number, retryAfterMs?: number): number {
  const backoff = Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 30 * MINUTE);
  return Math.max(backoff, retryAfterMs ?? 0);
}

export const FIRST_POLL_DELAY_MS = 5 * MINUTE;
export const MAX_POLL_DELAY_MS = 60 * MINUTE;

/** The next polling delay: back to the first after a change, else twice the last, capped at an hour. */
export function nextPollDelayMs(lastDelayMs: number | undefined, changed: boolean): number {
  if (changed || !lastDelayMs) return FIRST_POLL_DELAY_MS;
  return Math.min(Math.max(lastDelayMs, FIRST_POLL_DELAY_MS) * 2, MAX_POLL_DELAY_MS);
}

/** Adds `ms` to `now`. */
export function after(now: Date, ms: number): Date {
  return new Date(now.getTime() + ms);
}
