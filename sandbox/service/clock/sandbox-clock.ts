/**
 * Sandbox time: wall time scaled by `speed` plus manual jumps, so tests can move order
 * statuses and token expiry forward without sleeping. It never runs backwards.
 */
export interface SandboxClock {
  now(): number;
  advance(ms: number): number;
  setSpeed(speed: number): void;
  speed(): number;
}

export function createSandboxClock(realNow: () => number, speed: number, startAt?: number): SandboxClock {
  // Rebased on every speed change so the time already elapsed keeps the old rate.
  let anchorReal = realNow();
  let anchorSandbox = Math.max(startAt ?? anchorReal, anchorReal);
  let rate = speed;
  const now = () => Math.floor(anchorSandbox + (realNow() - anchorReal) * rate);
  return {
    now,
    advance(ms) {
      anchorSandbox += ms;
      return now();
    },
    setSpeed(next) {
      anchorSandbox = now();
      anchorReal = realNow();
      rate = next;
    },
    speed: () => rate,
  };
}
