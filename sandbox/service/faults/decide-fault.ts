import { SandboxHttpError, unauthorized } from "../http/sandbox-error";
import type { Scenario } from "./scenario";

export type FaultDecision =
  | { action: "proceed"; delayMs: number; hangAfterCommit: boolean }
  | { action: "hang"; delayMs: number }
  | { action: "reply"; delayMs: number; status: number; body: string }
  | { action: "fail"; delayMs: number; error: SandboxHttpError };

export interface FaultSettings {
  latencyMs: number;
  failureRate: number;
  /** Seeded, so which requests fail is the same on every run with the same seed. */
  random: () => number;
}

// Looks like a body cut off mid-stream, the usual way a proxy hands back broken JSON.
const MALFORMED_BODY = '{"error": "upstream closed the connection", "partial": [1, 2';

/**
 * What happens to one /api/rest request: the process-wide latency and failure rate, then the
 * per-request scenario header, which wins over the random failure. No fault has side effects
 * except `commit-then-timeout`, which processes the request and then never answers.
 */
export function decideFault(settings: FaultSettings, scenario: Scenario | undefined): FaultDecision {
  let delayMs = settings.latencyMs;
  let chosen = scenario;
  if (!chosen && settings.failureRate > 0 && settings.random() < settings.failureRate) {
    chosen = { kind: settings.random() < 0.5 ? "server-error" : "unavailable" };
  }
  switch (chosen?.kind) {
    case undefined:
      return { action: "proceed", delayMs, hangAfterCommit: false };
    case "slow":
      delayMs += chosen.ms;
      return { action: "proceed", delayMs, hangAfterCommit: false };
    case "commit-then-timeout":
      return { action: "proceed", delayMs, hangAfterCommit: true };
    case "timeout":
      return { action: "hang", delayMs };
    case "malformed-json":
      return { action: "reply", delayMs, status: 200, body: MALFORMED_BODY };
    case "empty-200":
      return { action: "reply", delayMs, status: 200, body: "{}" };
    case "empty-409":
      return { action: "reply", delayMs, status: 409, body: "{}" };
    case "server-error":
      return { action: "fail", delayMs, error: new SandboxHttpError(500, "unexpected", "internal error") };
    case "unauthorized":
      return { action: "fail", delayMs, error: unauthorized("Invalid token: rejected by sandbox scenario") };
    case "rate-limited":
      return {
        action: "fail",
        delayMs,
        error: new SandboxHttpError(429, "rate-limited", "Too many requests, retry later", "$", { "retry-after": "1" }),
      };
    case "unavailable":
      return {
        action: "fail",
        delayMs,
        error: new SandboxHttpError(503, "unavailable", "Service temporarily unavailable"),
      };
  }
}
