/**
 * Shopify refusing the app itself (HTTP 403: its IP allowlist) is the operator's to fix, and no
 * attempt a job makes meanwhile can succeed: the job waits without using its attempts (it never
 * gives up over it) and carries on once Shopify lets the app in. The operator is told: a metric and
 * a log line naming the shop and the operation Shopify refused (docs/operations.md). Handed to the
 * generic worker by the composition root as its `settle` policy.
 */
import type { Job } from "@prisma/client";
import type { Logger } from "pino";
import type { DecidedOutcome } from "../jobs/queue.server";
import { metrics } from "../metrics.server";
import { operationOfMessage } from "../shopify/admin/errors";
import { jobErrorCode, PROVIDER_ACCESS_CODE } from "./error-codes";

/**
 * How long such a job waits before it tries again: the operator's fix takes minutes, and the job
 * keeps its place meanwhile.
 * @internal
 */
export const PROVIDER_ACCESS_WAIT_MS = 5 * 60_000;

function waitForProviderAccess(deps: { logger: Pick<Logger, "error">; now: () => Date }) {
  return (job: Job, outcome: DecidedOutcome): DecidedOutcome => {
    if (outcome.kind === "done" || outcome.kind === "fail" || outcome.errorCode !== PROVIDER_ACCESS_CODE) return outcome;
    const operation = (outcome.error && operationOfMessage(outcome.error)) ?? "unknown";
    metrics.shopifyAccessRefused("ip_allowlist", operation);
    deps.logger.error(
      { shop: job.shop, operation, queue: job.queue, key: job.key, reason: "ip_allowlist" },
      "Shopify refused the app's Admin API request (HTTP 403): this instance's egress address is not on the app's IP allowlist; the job waits",
    );
    if (outcome.kind === "reschedule") return outcome;
    return {
      kind: "reschedule",
      at: new Date(Math.max(outcome.at.getTime(), deps.now().getTime() + PROVIDER_ACCESS_WAIT_MS)),
      error: outcome.error,
      errorCode: outcome.errorCode,
    };
  };
}

/** What the generic worker is handed about failures: their codes, and the policy above. */
export function jobFailurePolicy(deps: { logger: Pick<Logger, "error">; now: () => Date }) {
  return { errorCode: jobErrorCode, settle: waitForProviderAccess(deps) };
}
