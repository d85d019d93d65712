// Structured logs (pino). Each line carries the host name and pid, the request id and shop of the request it belongs to,
// taken from an AsyncLocalStorage context, and secrets are redacted wherever they appear.
import { AsyncLocalStorage } from "node:async_hooks";
import os from "node:os";
import pino, { type Logger } from "pino";

export interface LogContext {
  requestId?: string;
  shop?: string;
}

const context = new AsyncLocalStorage<LogContext>();

const REDACTED_PATHS = [
  "apiKey",
  "*.apiKey",
  "accessToken",
  "*.accessToken",
  "token",
  "*.token",
  "password",
  "*.password",
  "secret",
  "*.secret",
  "authorization",
  "*.authorization",
  "headers.authorization",
  "*.headers.authorization",
  'headers["x-api-key"]',
  'headers["x-shopify-access-token"]',
  "svcApiKey",
  "*.svcApiKey",
];

/**
 * Builds a pino logger that redacts secrets and adds the current request's id and shop. The level
 * comes from the validated configuration (LOG_LEVEL in app/env.server.ts): the composition root and
 * the servers build theirs from it; nothing reads the environment here.
 */
export function createLogger(opts: { level: string; destination?: pino.DestinationStream }): Logger {
  return pino(
    {
      level: opts.level,
      // Which instance and process wrote the line, once several run behind a load balancer.
      base: { hostname: os.hostname(), pid: process.pid },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      mixin: () => ({ ...context.getStore() }),
    },
    opts.destination,
  );
}

/** Runs `fn` with `ctx` attached to every log line written inside it. */
export function withLogContext<T>(ctx: LogContext, fn: () => T): T {
  return context.run({ ...context.getStore(), ...ctx }, fn);
}

/** The id of the request being served here, if any (sent on to the service). */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}
