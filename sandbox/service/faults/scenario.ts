import { validationError } from "../http/sandbox-error";

export const SCENARIO_HEADER = "x-sandbox-scenario";

export type Scenario =
  | { kind: "timeout" }
  | { kind: "commit-then-timeout" }
  | { kind: "slow"; ms: number }
  | { kind: "server-error" }
  | { kind: "malformed-json" }
  | { kind: "unauthorized" }
  | { kind: "rate-limited" }
  | { kind: "unavailable" }
  | { kind: "empty-200" }
  | { kind: "empty-409" };

const SIMPLE = new Set([
  "timeout",
  "commit-then-timeout",
  "server-error",
  "malformed-json",
  "unauthorized",
  "rate-limited",
  "unavailable",
  "empty-200",
  "empty-409",
]);

// A minute is far beyond any client timeout; longer would only keep sockets open for nothing.
const MAX_SLOW_MS = 60_000;

/** Reads the per-request fault header; a misspelt scenario is a 400 rather than silently ignored. */
export function parseScenario(header: string | string[] | undefined): Scenario | undefined {
  if (header === undefined) return undefined;
  const value = (Array.isArray(header) ? (header[0] ?? "") : header).trim().toLowerCase();
  if (value === "") return undefined;
  const slow = /^slow:(\d+)$/.exec(value);
  if (slow) {
    const ms = Number(slow[1]);
    if (ms > MAX_SLOW_MS)
      throw validationError(`slow scenario is capped at ${MAX_SLOW_MS} ms`, `$.headers.${SCENARIO_HEADER}`);
    return { kind: "slow", ms };
  }
  if (SIMPLE.has(value)) return { kind: value } as Scenario;
  throw validationError(`Unknown sandbox scenario "${value}"`, `$.headers.${SCENARIO_HEADER}`);
}
