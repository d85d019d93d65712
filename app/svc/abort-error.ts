import { ATTEMPT_TIMED_OUT, DEADLINE_PASSED } from "./abort";
import { SvcAbortedError, SvcTimeoutError, type SvcError } from "./errors";

/**
 * Maps an abort reason (attempt timeout, deadline, caller) to the client error for `spec`;
 * `inFlight` says whether a request was on the wire when it happened.
 */
export function abortError(
  reason: unknown,
  spec: { endpoint: string; sideEffects: boolean },
  timeoutMs: number,
  inFlight: boolean,
): SvcError {
  const outcomeUnknown = spec.sideEffects && inFlight;
  const unknownNote = outcomeUnknown ? "; the request may have reached the service" : "";
  const details = { endpoint: spec.endpoint, outcomeUnknown };
  if (reason === ATTEMPT_TIMED_OUT) {
    return new SvcTimeoutError({
      ...details,
      message: `${spec.endpoint}: no answer within ${timeoutMs} ms${unknownNote}`,
    });
  }
  if (reason === DEADLINE_PASSED) {
    return new SvcTimeoutError({ ...details, message: `${spec.endpoint}: the call's deadline passed${unknownNote}` });
  }
  if (reason instanceof Error && reason.name === "TimeoutError") {
    return new SvcTimeoutError({
      ...details,
      message: `${spec.endpoint}: the caller's signal timed out${unknownNote}`,
      cause: reason,
    });
  }
  return new SvcAbortedError({
    ...details,
    message: `${spec.endpoint}: aborted by the caller${unknownNote}`,
    cause: reason,
  });
}
