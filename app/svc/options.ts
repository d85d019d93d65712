import type { SvcTokenCache } from "./token-cache";

/** The subset of a pino logger the client uses; pass `pino()` or a child of it. */
export interface SvcLogger {
  debug(obj: Record<string, unknown>, msg?: string): void;
  info(obj: Record<string, unknown>, msg?: string): void;
  warn(obj: Record<string, unknown>, msg?: string): void;
  error(obj: Record<string, unknown>, msg?: string): void;
}

/** Waits `ms`, rejecting with the signal's reason if it aborts first. */
export type SvcSleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** How to build a client; only `baseUrl` and `apiKey` are required. */
export interface SvcClientOptions {
  /** Service host, e.g. the QA host or a local sandbox; a trailing slash is ignored. */
  baseUrl: string;
  /** The client account's API key; never logged. */
  apiKey: string;
  /** The service's own short name; builds `servicio_<name>` and `<name>ServiceAvailability`. Default "svc". */
  serviceName?: string;
  /** Time limit of each HTTP attempt in ms. Default 10000. A call's `deadline` bounds the whole call. */
  timeoutMs?: number;
  /** Retries for calls that are safe to repeat (auth, quote, lookups, stock). Default 2. */
  maxRetries?: number;
  /** Headers added to every request, including auth (e.g. a sandbox scenario in tests). */
  defaultHeaders?: Record<string, string>;
  fetch?: typeof fetch;
  logger?: SvcLogger;
  /** Token store shared by clients of the same (baseUrl, apiKey). Default: one per process. */
  tokenCache?: SvcTokenCache;
  sleep?: SvcSleep;
  /** Uniform [0, 1) source for backoff jitter. */
  random?: () => number;
  /** Wall clock in epoch ms (token expiry, deadlines, Retry-After dates). */
  now?: () => number;
  /** Told of every HTTP attempt as it ends (the app's metrics). */
  onAttempt?: (attempt: SvcAttempt) => void;
  /** The id of the request this call serves, sent as `X-Request-Id` so the service's logs can be matched. */
  requestId?: () => string | undefined;
}

/** One HTTP attempt of a call: its endpoint, how long it took and, when it failed, the error's name. */
export interface SvcAttempt {
  endpoint: string;
  durationMs: number;
  error?: string;
}

/** Per-call options accepted by every client method. */
export interface SvcCallOptions {
  /** Cancels the call; an AbortSignal.timeout() reason becomes SvcTimeoutError, others SvcAbortedError. */
  signal?: AbortSignal;
  /** Epoch ms by which the whole call, retries included, must end (SvcTimeoutError otherwise). */
  deadline?: number;
  /** Extra headers for this call's requests (not for the shared auth request). */
  headers?: Record<string, string>;
}

export const DEFAULT_SERVICE_NAME = "svc";
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RETRIES = 2;

export const silentLogger: SvcLogger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};
