/**
 * One HTTP exchange with the service and its retries. Decides, for every failure, two things the
 * caller can't see from outside: may it be repeated (only for calls without side effects), and
 * could the service have applied it anyway (`outcomeUnknown`, for creation calls).
 */
import { ATTEMPT_TIMED_OUT, DEADLINE_PASSED, timedSignal } from "./abort";
import { abortError } from "./error-mapping";
import { errorFromResponse } from "./error-mapping";
import { describeFailure, provablyNotSent } from "./error-mapping";
import { SvcConnectionError, SvcInvalidResponseError, type SvcError } from "./errors";
import type { SvcAttempt, SvcLogger, SvcSleep } from "./options";
import { MAX_RETRY_AFTER_MS, backoffDelayMs, isRetryableStatus, parseRetryAfterMs } from "./retry-policy";
import { WireShapeError } from "./validate";

/** One endpoint call: where it goes, what it sends and how its 2xx body is read. */
export interface RequestSpec<T> {
  endpoint: string;
  method: "GET" | "POST";
  path: string;
  /** JSON body; undefined sends none. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Creation calls: never repeated automatically; failures after sending have an unknown outcome. */
  sideEffects: boolean;
  /** Product identifiers in the request, to recognise them in a conflict message. */
  identifiers?: readonly string[];
  /** Validates and maps the parsed 2xx body; throws WireShapeError on a wrong shape. */
  parse: (json: unknown) => T;
}

/** The per-call context shared by every attempt (and by the wait for a token). */
interface CallContext {
  /** Aborts with the caller's reason or DEADLINE_PASSED. */
  signal: AbortSignal;
  deadline?: number;
  headers?: Record<string, string>;
}

/** A successful answer: the mapped body, its status and the service's request id. */
export interface SvcResponse<T> {
  data: T;
  status: number;
  requestId?: string;
}

export interface TransportDeps {
  baseUrl: string;
  fetch: typeof fetch;
  logger: SvcLogger;
  timeoutMs: number;
  maxRetries: number;
  defaultHeaders: Record<string, string>;
  sleep: SvcSleep;
  random: () => number;
  now: () => number;
  onAttempt?: (attempt: SvcAttempt) => void;
  requestId?: () => string | undefined;
}

type Attempt<T> =
  { ok: true; response: SvcResponse<T> } | { ok: false; error: SvcError; retryable: boolean; retryAfterMs?: number };

/** Sends requests with per-attempt timeouts, classification and (where safe) retries. */
export interface Transport {
  /** Performs the call, retrying safe calls on connection errors, timeouts, 429 and 5xx. */
  request<T>(spec: RequestSpec<T>, context: CallContext): Promise<SvcResponse<T>>;
}

/** Builds the transport of one client. */
export function createTransport(deps: TransportDeps): Transport {
  async function attempt<T>(spec: RequestSpec<T>, context: CallContext): Promise<Attempt<T>> {
    const remaining = context.deadline === undefined ? Number.POSITIVE_INFINITY : context.deadline - deps.now();
    if (remaining <= 0) {
      return { ok: false, error: abortError(DEADLINE_PASSED, spec, deps.timeoutMs, false), retryable: false };
    }
    const limitedByDeadline = remaining <= deps.timeoutMs;
    const timer = timedSignal(
      Math.min(deps.timeoutMs, remaining),
      limitedByDeadline ? DEADLINE_PASSED : ATTEMPT_TIMED_OUT,
      context.signal,
    );
    let response: Response;
    let text: string;
    const requestId = deps.requestId?.();
    try {
      response = await deps.fetch(`${deps.baseUrl}${spec.path}`, {
        method: spec.method,
        headers: {
          accept: "application/json",
          ...deps.defaultHeaders,
          ...(requestId ? { "x-request-id": requestId } : {}),
          ...context.headers,
          ...spec.headers,
          ...(spec.body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        signal: timer.signal,
      });
      text = await response.text();
    } catch (error) {
      if (timer.signal.aborted) {
        const reason: unknown = timer.signal.reason;
        const retryable = reason === ATTEMPT_TIMED_OUT && !spec.sideEffects;
        return { ok: false, error: abortError(reason, spec, deps.timeoutMs, true), retryable };
      }
      const notSent = provablyNotSent(error);
      const connectionError = new SvcConnectionError({
        endpoint: spec.endpoint,
        message: `${spec.endpoint}: connection failed (${describeFailure(error)})${spec.sideEffects && !notSent ? "; the request may have reached the service" : ""}`,
        outcomeUnknown: spec.sideEffects && !notSent,
        cause: error,
      });
      return { ok: false, error: connectionError, retryable: !spec.sideEffects };
    } finally {
      timer.dispose();
    }
    return readResponse(spec, response, text);
  }

  function readResponse<T>(spec: RequestSpec<T>, response: Response, text: string): Attempt<T> {
    const requestId = response.headers.get("x-request-id") ?? undefined;
    const { status } = response;
    const json = parseJson(text);
    if (status < 200 || status > 299) {
      const retryAfterMs = parseRetryAfterMs(response.headers.get("retry-after"), deps.now());
      const error = errorFromResponse({
        endpoint: spec.endpoint,
        status,
        json,
        text,
        requestId,
        retryAfterMs,
        sideEffects: spec.sideEffects,
        identifiers: spec.identifiers,
      });
      return { ok: false, error, retryable: !spec.sideEffects && isRetryableStatus(status), retryAfterMs };
    }
    const invalid = (field: string | undefined, issue: string) =>
      new SvcInvalidResponseError({
        endpoint: spec.endpoint,
        status,
        requestId,
        field,
        outcomeUnknown: spec.sideEffects,
        message: `${spec.endpoint}: invalid response${field ? ` at ${field}` : ""}: ${issue}`,
        answer: json === undefined ? text : json,
      });
    if (json === undefined) return { ok: false, error: invalid(undefined, "body is not JSON"), retryable: false };
    try {
      return { ok: true, response: { data: spec.parse(json), status, requestId } };
    } catch (error) {
      if (!(error instanceof WireShapeError)) throw error;
      return { ok: false, error: invalid(error.field, error.issue), retryable: false };
    }
  }

  return {
    async request(spec, context) {
      for (let attemptNumber = 1; ; attemptNumber++) {
        const started = performance.now();
        const result = await attempt(spec, context);
        const durationMs = performance.now() - started;
        deps.onAttempt?.({ endpoint: spec.endpoint, durationMs, error: result.ok ? undefined : result.error.name });
        // A failure is logged at info with the service's own request id, to find it in the service's logs.
        deps.logger[result.ok ? "debug" : "info"](
          {
            endpoint: spec.endpoint,
            method: spec.method,
            attempt: attemptNumber,
            status: result.ok ? result.response.status : result.error.status,
            svcRequestId: result.ok ? result.response.requestId : result.error.requestId,
            durationMs: Math.round(durationMs),
            error: result.ok ? undefined : result.error.name,
          },
          result.ok ? "svc call" : "svc call failed",
        );
        if (result.ok) return result.response;
        const retriesUsed = attemptNumber - 1;
        if (!result.retryable || retriesUsed >= deps.maxRetries) throw result.error;
        if (result.retryAfterMs !== undefined && result.retryAfterMs > MAX_RETRY_AFTER_MS) throw result.error;
        const delay = result.retryAfterMs ?? backoffDelayMs(retriesUsed, deps.random);
        // Waiting past the deadline only to time out would hide the real failure; give it now.
        if (context.deadline !== undefined && deps.now() + delay >= context.deadline) throw result.error;
        try {
          await deps.sleep(delay, context.signal);
        } catch {
          throw abortError(context.signal.reason, spec, deps.timeoutMs, false);
        }
      }
    },
  };
}

function parseJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
