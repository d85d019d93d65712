/**
 * Shopify's cost-based leaky bucket for the Admin GraphQL API: a query may run only when its
 * requested cost fits in what is currently available; points come back at `restoreRate` per
 * second. The clock is injected so tests can drain the bucket and move time instead of sleeping.
 */
export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export interface ThrottleSettings {
  maximumAvailable?: number;
  restoreRate?: number;
  currentlyAvailable?: number;
}

export interface ThrottleBucket {
  status(): ThrottleStatus;
  /** Takes the requested points if they fit; answers false (taking nothing) if they do not. */
  take(requested: number): boolean;
  /** Gives back what was taken up front but not used once the actual cost is known. */
  refund(points: number): void;
  set(settings: ThrottleSettings): void;
}

const DEFAULT_MAXIMUM_AVAILABLE = 2000;
const DEFAULT_RESTORE_RATE = 100;

export function createThrottleBucket(opts: {
  now: () => number;
  maximumAvailable?: number;
  restoreRate?: number;
}): ThrottleBucket {
  let maximum = opts.maximumAvailable ?? DEFAULT_MAXIMUM_AVAILABLE;
  let rate = opts.restoreRate ?? DEFAULT_RESTORE_RATE;
  let available = maximum;
  let updatedAt = opts.now();

  function restore(): void {
    const now = opts.now();
    const elapsedSeconds = Math.max(0, now - updatedAt) / 1000;
    available = Math.min(maximum, available + elapsedSeconds * rate);
    updatedAt = now;
  }

  return {
    status() {
      restore();
      return {
        maximumAvailable: maximum,
        // Shopify reports whole points.
        currentlyAvailable: Math.floor(available),
        restoreRate: rate,
      };
    },
    take(requested) {
      restore();
      if (requested > available) return false;
      available -= requested;
      return true;
    },
    refund(points) {
      restore();
      available = Math.min(maximum, available + Math.max(0, points));
    },
    set(settings) {
      restore();
      if (settings.maximumAvailable !== undefined) maximum = settings.maximumAvailable;
      if (settings.restoreRate !== undefined) rate = settings.restoreRate;
      available = Math.min(maximum, settings.currentlyAvailable ?? available);
    },
  };
}
