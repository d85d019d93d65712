/**
 * Submits one paid order to the service exactly once, without an idempotency key
 * (docs/decisions/007-fulfillment-exactly-once.md):
 *   1. claim: pending → submitting, committed before anything is sent;
 *   2. send createOrder;
 *   3. save: submitting → submitted with the service's order id.
 * A run that finds the record already `submitting` knows an earlier run died between 1 and 3,
 * perhaps after the service accepted: it never sends again but asks a person (unknown_outcome).
 */
import type { Fulfillment, Prisma, PrismaClient } from "@prisma/client";
import type { Logger } from "pino";
import { getShopSettings } from "../models/shop-settings.server";
import type { SvcClient } from "../svc";
import { buildServiceOrder } from "./build-service-order";
import { readStoredRequest, statusOf, transition, type StoredRequest } from "./records.server";
import { MAX_SUBMIT_ATTEMPTS, after, submitRetryDelayMs } from "./schedule";
import { classifySubmitError } from "./submit-errors";

export interface SubmitDeps {
  db: PrismaClient;
  logger: Pick<Logger, "info" | "warn" | "error">;
  now: () => Date;
  svcClientFor(shop: string): Promise<SvcClient | null>;
}

/** What the submission job should do next. */
export type SubmitOutcome = { kind: "done" } | { kind: "again"; at: Date };

const DONE: SubmitOutcome = { kind: "done" };

/** Runs one submission step for the record; safe to run any number of times, concurrently too. */
export async function submitFulfillmentOrder(deps: SubmitDeps, fulfillmentId: string): Promise<SubmitOutcome> {
  const { db } = deps;
  const record = await db.fulfillment.findUnique({ where: { id: fulfillmentId } });
  if (!record) return DONE;
  const status = statusOf(record);
  if (status === "submitting") return interrupted(deps, record);
  if (status !== "pending") return DONE;

  const now = deps.now();
  const stored = readStoredRequest(record.request);
  if (!stored) {
    await transition(db, {
      id: record.id,
      from: "pending",
      to: "needs_attention",
      now,
      data: { reason: "the order's data is no longer held (redacted)" },
    });
    return DONE;
  }
  const client = await deps.svcClientFor(record.shop);
  if (!client) {
    await transition(db, {
      id: record.id,
      from: "pending",
      to: "skipped",
      now,
      data: { reason: "the shop is not connected to the service" },
    });
    return DONE;
  }
  const { settings } = await getShopSettings({ db, shop: record.shop });
  const built = buildServiceOrder(stored.order, settings.fulfillment);
  if (built.kind !== "ready") {
    await transition(db, {
      id: record.id,
      from: "pending",
      to: built.kind,
      now,
      data: { reason: built.reason },
      detail: built.reason,
    });
    return DONE;
  }

  const request: StoredRequest = { order: stored.order, body: built.request };
  const claimed = await transition(db, {
    id: record.id,
    from: "pending",
    to: "submitting",
    now,
    data: {
      request: request as unknown as Prisma.InputJsonValue,
      serviceCode: built.serviceCode,
      serviceCodeSource: built.serviceCodeSource,
      warnings: built.warnings,
      submittingAt: now,
      submitAttempts: { increment: 1 },
    },
    detail: `attempt ${record.submitAttempts + 1}: sending to the service (${built.serviceCode})`,
  });
  // Another worker claimed it between our read and our update: it owns the submission.
  if (!claimed) return DONE;

  let ordenRef: string;
  try {
    ({ ordenRef } = await client.createOrder(built.request));
  } catch (error) {
    return failed(deps, record, record.submitAttempts + 1, error);
  }
  try {
    await saveAccepted(deps, record, ordenRef);
  } catch (error) {
    // The service has the order but we could not record it: the record will become
    // unknown_outcome, and this line is where a person finds the service's id to confirm it.
    deps.logger.error(
      {
        shop: record.shop,
        order: record.orderName,
        svcOrderId: ordenRef,
        err: error instanceof Error ? error.message : String(error),
      },
      "the service accepted the order but saving its id failed",
    );
    throw error;
  }
  return DONE;
}

async function saveAccepted(deps: SubmitDeps, record: Fulfillment, ordenRef: string): Promise<void> {
  const now = deps.now();
  const data = { svcOrderId: ordenRef, submittedAt: now, reason: null };
  if (
    await transition(deps.db, {
      id: record.id,
      from: "submitting",
      to: "submitted",
      now,
      data,
      detail: `service order ${ordenRef}`,
    })
  ) {
    deps.logger.info(
      { shop: record.shop, order: record.orderName, svcOrderId: ordenRef },
      "order submitted to the service",
    );
    return;
  }
  // Our lease ran out while the service was answering and another run already declared the
  // outcome unknown: the answer settles it.
  const settled = await transition(deps.db, {
    id: record.id,
    from: "unknown_outcome",
    to: "submitted",
    now,
    data,
    detail: `the service's late answer confirmed order ${ordenRef}`,
  });
  if (!settled) {
    deps.logger.error(
      { shop: record.shop, order: record.orderName, svcOrderId: ordenRef },
      "service accepted an order the record no longer expects",
    );
  }
}

async function failed(deps: SubmitDeps, record: Fulfillment, attempts: number, error: unknown): Promise<SubmitOutcome> {
  const now = deps.now();
  const failure = classifySubmitError(error);
  const log = { shop: record.shop, order: record.orderName, attempts, failure: failure.kind };
  if (failure.kind === "retry") {
    if (attempts >= MAX_SUBMIT_ATTEMPTS) {
      const reason = `the service could not take the order after ${attempts} attempts; last error: ${failure.message}`;
      await transition(deps.db, {
        id: record.id,
        from: "submitting",
        to: "needs_attention",
        now,
        data: { reason },
        detail: reason,
      });
      deps.logger.warn(log, "order submission gave up");
      return DONE;
    }
    const at = after(now, submitRetryDelayMs(attempts, failure.retryAfterMs));
    const reason = `attempt ${attempts} did not reach the service (${failure.message}); next attempt at ${at.toISOString()}`;
    await transition(deps.db, {
      id: record.id,
      from: "submitting",
      to: "pending",
      now,
      data: { reason },
      detail: reason,
    });
    deps.logger.warn(log, "order submission will be retried");
    return { kind: "again", at };
  }
  await transition(deps.db, {
    id: record.id,
    from: "submitting",
    to: failure.kind,
    now,
    data: { reason: failure.reason },
    detail: failure.reason,
  });
  deps.logger.warn(log, "order submission failed");
  return DONE;
}

/** An earlier run claimed the record and never saved a result: it may have reached the service. */
async function interrupted(deps: SubmitDeps, record: Fulfillment): Promise<SubmitOutcome> {
  const started = record.submittingAt?.toISOString() ?? "an earlier run";
  const reason =
    `a submission started at ${started} was interrupted before its result was saved; the order may exist at the service ` +
    `(look for reference ${record.orderName}), so it is not sent again automatically`;
  await transition(deps.db, {
    id: record.id,
    from: "submitting",
    to: "unknown_outcome",
    now: deps.now(),
    data: { reason },
    detail: reason,
  });
  deps.logger.warn({ shop: record.shop, order: record.orderName }, "interrupted submission: outcome unknown");
  return DONE;
}
