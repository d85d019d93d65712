/**
 * Tells, from a failed fetch, whether the request can have reached the service. Only failures that
 * happen before a connection exists (refused, DNS, unreachable, connect timeout) prove that nothing
 * was sent; a reset or a closed socket after connecting may come after the server got the request.
 */

const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** The error codes found along a fetch error's cause chain (undici nests them, sometimes in an AggregateError). */
export function errorCodesOf(error: unknown): string[] {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 5 || typeof value !== "object" || value === null || seen.has(value)) return;
    seen.add(value);
    const { code, cause, errors } = value as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === "string") codes.push(code);
    visit(cause, depth + 1);
    if (Array.isArray(errors)) for (const inner of errors) visit(inner, depth + 1);
  };
  visit(error, 0);
  return codes;
}

/** true when the failure proves the request never left this process (safe to send again). */
export function provablyNotSent(error: unknown): boolean {
  const codes = errorCodesOf(error);
  return codes.length > 0 && codes.every((code) => NOT_SENT_CODES.has(code));
}

/** A short description of the failure for error messages, e.g. "ECONNREFUSED". */
export function describeFailure(error: unknown): string {
  const codes = errorCodesOf(error);
  if (codes.length > 0) return [...new Set(codes)].join(", ");
  return error instanceof Error ? error.message : String(error);
}
