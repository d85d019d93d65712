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
/**
 * The longest wait between two looks at a parcel with the carrier. The service has no webhooks and
 * gives no delivery date, so delivery is only known by looking: backing off to an hour left a
 * delivered order «en camino» on Pedidos, Inicio and the order page for up to an hour after the
 * service said DELIVERED (issue 33). A parcel is with the carrier for one to a few days, so this
 * costs a handful of lookups per order a day more.
 * @internal
 */
export const MAX_SHIPPED_POLL_DELAY_MS = 15 * MINUTE;

/**
 * The next polling delay: back to the first after a change, else twice the last, capped at an hour —
 * at MAX_SHIPPED_POLL_DELAY_MS while the parcel is with the carrier (`shipped`), whose next news is
 * its delivery.
 */
export function nextPollDelayMs(lastDelayMs: number | undefined, changed: boolean, shipped = false): number {
  if (changed || !lastDelayMs) return FIRST_POLL_DELAY_MS;
  const cap = shipped ? MAX_SHIPPED_POLL_DELAY_MS : MAX_POLL_DELAY_MS;
  return Math.min(Math.max(lastDelayMs, FIRST_POLL_DELAY_MS) * 2, cap);
}

/** Adds `ms` to `now`. */
export function after(now: Date, ms: number): Date {
  return new Date(now.getTime() + ms);
}
