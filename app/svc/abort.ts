/**
 * Small helpers around AbortSignal and deadlines. A call can end for three reasons that callers
 * handle differently: its own attempt timed out (may retry), its deadline passed (give up), or the
 * caller cancelled it. Each is tagged with its own abort reason so the cause is never guessed.
 */

/** Abort reason used when one attempt exceeds its time limit. */
export const ATTEMPT_TIMED_OUT = Symbol("svc attempt timed out");
/** Abort reason used when the call's deadline passes. */
export const DEADLINE_PASSED = Symbol("svc deadline passed");

const MAX_TIMER_MS = 2 ** 31 - 1;

/** Sleeps `ms` unless `signal` aborts first (then rejects with its reason). */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** A signal that aborts after `ms` with `reason`, or when `parent` aborts; dispose to clear the timer. */
export function timedSignal(
  ms: number,
  reason: unknown,
  parent?: AbortSignal,
): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  // setTimeout fires at once for delays beyond 2^31−1 ms; a deadline that far away is no limit.
  const timer = ms <= MAX_TIMER_MS ? setTimeout(() => controller.abort(reason), Math.max(0, ms)) : undefined;
  const onParentAbort = () => controller.abort(parent?.reason);
  if (parent?.aborted) controller.abort(parent.reason);
  else parent?.addEventListener("abort", onParentAbort, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      clearTimeout(timer);
      parent?.removeEventListener("abort", onParentAbort);
    },
  };
}

/** Resolves like `promise`, but rejects with the signal's reason as soon as `signal` aborts. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
