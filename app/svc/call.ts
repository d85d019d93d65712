/**
 * An authenticated call: a Bearer token from the authenticator, the request through the transport,
 * and one re-authentication when the service answers 401 (a 401 means the request was refused, so
 * repeating it is safe even for creation calls).
 */
import { DEADLINE_PASSED, timedSignal } from "./abort";
import type { Authenticator } from "./authenticator";
import { SvcError, SvcUnauthorizedError } from "./errors";
import type { SvcCallOptions } from "./options";
import { abortError } from "./error-mapping";
import type { RequestSpec, SvcResponse, Transport } from "./transport";

export interface CallDeps {
  transport: Transport;
  auth: Authenticator;
  timeoutMs: number;
  now: () => number;
}

/** Runs `spec` with a Bearer token within the caller's signal and deadline. */
export async function authenticatedCall<T>(
  deps: CallDeps,
  spec: RequestSpec<T>,
  options: SvcCallOptions = {},
): Promise<SvcResponse<T>> {
  const untilDeadline = options.deadline === undefined ? Number.POSITIVE_INFINITY : options.deadline - deps.now();
  const call = timedSignal(untilDeadline, DEADLINE_PASSED, options.signal);
  const context = { signal: call.signal, deadline: options.deadline, headers: options.headers };
  try {
    for (let reauthenticated = false; ; reauthenticated = true) {
      const token = await tokenFor(deps, spec, call.signal);
      try {
        return await deps.transport.request(
          { ...spec, headers: { ...spec.headers, authorization: `Bearer ${token}` } },
          context,
        );
      } catch (error) {
        const refused = error instanceof SvcUnauthorizedError && error.status === 401;
        if (!refused) throw error;
        deps.auth.invalidate(token);
        if (reauthenticated) throw error;
      }
    }
  } finally {
    call.dispose();
  }
}

async function tokenFor(deps: CallDeps, spec: RequestSpec<unknown>, signal: AbortSignal): Promise<string> {
  try {
    return await deps.auth.getToken(signal);
  } catch (error) {
    if (error instanceof SvcError) throw error;
    // Only an abort reaches here: the caller stopped waiting before this call sent anything.
    throw abortError(signal.aborted ? signal.reason : error, spec, deps.timeoutMs, false);
  }
}
