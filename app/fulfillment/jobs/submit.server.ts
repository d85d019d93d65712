/**
 * Submits one fulfilment order to the service exactly once, without an idempotency key
 * (docs/decisions/007-fulfillment-exactly-once.md):
 *   1. claim: pending → submitting, committed before anything is sent;
 *   2. send createOrder;
 *   3. save: submitting → submitted with the service's order id.
 * A run that finds the record already `submitting` knows an earlier run died between 1 and 3,
 * perhaps after the service accepted: it never sends again but asks a person (unknown_outcome).
 */
import { reason, reasonColumns } from "../core/reason-codes";
import type { Fulfillment, Prisma, PrismaClient } from "@prisma/client";
import type { Logger } from "pino";
import type { AddressWarning } from "../../address";
import { addressHoldReason, type AddressProblem } from "../core/address-hold";
import type { SvcClient } from "../../svc";
import type { ServiceOrderRequest } from "../core/build-service-order";
import { describeProducts } from "../core/fulfillment-order";
import type { PaidOrder } from "../core/paid-order";
import { storedRequestJson, transition } from "../records/records.server";
import { MAX_SUBMIT_ATTEMPTS, after, submitRetryDelayMs } from "../core/schedule";
import { classifySubmitError } from "../core/submit-errors";
import { awaitingStockReason } from "./awaiting-stock.server";

export interface SubmitDeps {
  db: PrismaClient;
  logger: Pick<Logger, "info" | "warn" | "error">;
  now: () => Date;
  svcClientFor(shop: string): Promise<SvcClient | null>;
}

/** What the submission job should do next. */
export type SubmitOutcome = { kind: "done" } | { kind: "again"; at: Date };

const DONE: SubmitOutcome = { kind: "done" };

/**
 * What sending answers: as the job; "refused for its address" (the record is waiting; the caller
 * holds it); or sent: submitted with the service's id, by this call.
 */
export type SendOutcome =
  SubmitOutcome | { kind: "address_refused"; problem: AddressProblem } | { kind: "sent"; svcOrderId: string };

/** What is sent: decided from Shopify's current state by the order's job (plan.server.ts). */
export interface ReadyOrder {
  request: ServiceOrderRequest;
  serviceCode: string;
  serviceCodeSource: string;
  warnings: AddressWarning[];
  /** Kept on the record with the body, for a person (and the page) to read. */
  order: PaidOrder;
  /** When the job's read of Shopify began: the claim is refused for a stop accepted since. */
  decidedFrom: Date;
  /**
   * The location the fulfilment order is assigned to in the read the decision came from: kept by
   * the claim as where it was sent from, which a later move is compared with (seed 6006041).
   */
  sentFrom: string | null;
}

/**
 * Sends one pending record's service order exactly once: claims it (pending → submitting,
 * committed before anything is sent), sends, and saves the service's id. Returns when to try
 * again if the request provably never reached the service.
 */
export async function sendToService(deps: SubmitDeps, record: Fulfillment, ready: ReadyOrder): Promise<SendOutcome> {
  const client = await deps.svcClientFor(record.shop);
  const now = deps.now();
  if (!client) {
    await transition(deps.db, {
      id: record.id,
      record,
      from: "pending",
      to: "skipped",
      now,
      data: reasonColumns(reason("notConnected")),
      detail: reason("notConnected"),
    });
    return DONE;
  }
  const claimed = await transition(deps.db, {
    id: record.id,
    record,
    from: "pending",
    to: "submitting",
    now,
    decidedFrom: ready.decidedFrom,
    data: {
      request: storedRequestJson(ready.order, ready.request),
      serviceCode: ready.serviceCode,
      serviceCodeSource: ready.serviceCodeSource,
      warnings: ready.warnings as unknown as Prisma.InputJsonValue,
      submittingAt: now,
      // Where it is sent from, whatever location an earlier decision of the record saw.
      locationGid: ready.sentFrom,
      ...reasonColumns(null),
      waitUntil: null,
      submitAttempts: { increment: 1 },
    },
    detail: reason("sending", {
      attempt: String(record.submitAttempts + 1),
      service: ready.serviceCode,
      products: describeProducts(ready.request.lines),
    }),
  });
  // Another worker claimed it between our read and our update (it owns the submission), or the
  // order was cancelled, edited, held or reshaped since our read (the job that change woke
  // decides again from Shopify's new state).
  if (!claimed) return DONE;

  let orderRef: string;
  try {
    ({ orderRef } = await client.createOrder(ready.request));
  } catch (error) {
    return failed(deps, record, record.submitAttempts + 1, error, ready.request);
  }
  let saved: boolean;
  try {
    saved = await saveAccepted(deps, record, orderRef);
  } catch (error) {
    // The service has the order but we could not record it: the record will become
    // unknown_outcome, and this line is where a person finds the service's id to confirm it.
    deps.logger.error(
      {
        shop: record.shop,
        order: record.orderName,
        svcOrderId: orderRef,
        err: error instanceof Error ? error.message : String(error),
      },
      "the service accepted the order but saving its id failed",
    );
    throw error;
  }
  return saved ? { kind: "sent", svcOrderId: orderRef } : DONE;
}

/** Saves the service's id: true when this call moved the record to submitted. */
async function saveAccepted(deps: SubmitDeps, record: Fulfillment, orderRef: string): Promise<boolean> {
  const now = deps.now();
  const data = { svcOrderId: orderRef, submittedAt: now, ...reasonColumns(null) };
  if (
    await transition(deps.db, {
      id: record.id,
      record,
      from: "submitting",
      to: "submitted",
      now,
      data,
      detail: reason("serviceOrder", { order: orderRef }),
    })
  ) {
    deps.logger.info(
      { shop: record.shop, order: record.orderName, svcOrderId: orderRef },
      "order submitted to the service",
    );
    return true;
  }
  // Our lease ran out while the service was answering and another run already declared the
  // outcome unknown: the answer settles it.
  const settled = await transition(deps.db, {
    id: record.id,
    record,
    from: "unknown_outcome",
    to: "submitted",
    now,
    data,
    detail: reason("lateAnswer", { order: orderRef }),
  });
  if (!settled) {
    deps.logger.error(
      { shop: record.shop, order: record.orderName, svcOrderId: orderRef },
      "service accepted an order the record no longer expects",
    );
  }
  return false;
}

async function failed(
  deps: SubmitDeps,
  record: Fulfillment,
  attempts: number,
  error: unknown,
  request: ServiceOrderRequest,
): Promise<SendOutcome> {
  const postalCode = request.destination.postalCode;
  const now = deps.now();
  const failure = classifySubmitError(error);
  const log = { shop: record.shop, order: record.orderName, attempts, failure: failure.kind };
  if (failure.kind === "retry") {
    if (attempts >= MAX_SUBMIT_ATTEMPTS) {
      const exhausted = reason("attemptsExhausted", { attempts: String(attempts), said: failure.message });
      await transition(deps.db, {
        id: record.id,
        record,
        from: "submitting",
        to: "needs_attention",
        now,
        data: reasonColumns(exhausted),
        detail: exhausted,
      });
      deps.logger.warn(log, "order submission gave up");
      return DONE;
    }
    const at = after(now, submitRetryDelayMs(attempts, failure.retryAfterMs));
    const again = reason("attemptFailed", { attempt: String(attempts), said: failure.message, at: at.toISOString() });
    await transition(deps.db, {
      id: record.id,
      record,
      from: "submitting",
      to: "pending",
      now,
      data: reasonColumns(again),
      detail: again,
    });
    deps.logger.warn(log, "order submission will be retried");
    return { kind: "again", at };
  }
  if (failure.kind === "address_refused") {
    // A definite refusal (nothing created): waiting for a corrected address, like the app's other
    // address holds; the order's job places the hold and sends again when the address changes.
    const problem: AddressProblem = { code: "destinationNotServed", cp: postalCode };
    const held = addressHoldReason(problem);
    await transition(deps.db, {
      id: record.id,
      record,
      from: "submitting",
      to: "waiting",
      now,
      data: { ...reasonColumns(held), waitUntil: null },
      detail: { ...held, params: { ...held.params, said: failure.message } },
    });
    deps.logger.warn(log, "the service refused the destination");
    return { kind: "address_refused", problem };
  }
  if (failure.kind === "stock_refused") {
    // A definite refusal (nothing created): the order waits for stock, naming what is missing,
    // and a stock read showing enough sends it again (awaiting-stock.server.ts).
    const lines = request.lines.map((line) => ({ sku: line.identifier, quantity: line.quantity }));
    const waiting = await awaitingStockReason(deps.db, {
      shop: record.shop,
      lines,
      product: failure.product,
      said: failure.message,
    });
    await transition(deps.db, {
      id: record.id,
      record,
      from: "submitting",
      to: "awaiting_stock",
      now,
      data: { ...reasonColumns(waiting), waitUntil: null },
      detail: waiting,
    });
    deps.logger.warn(log, "the service lacks stock for the order: it waits for stock");
    return DONE;
  }
  await transition(deps.db, {
    id: record.id,
    record,
    from: "submitting",
    to: failure.kind,
    now,
    data: reasonColumns(failure.reason),
    detail: failure.reason,
  });
  deps.logger.warn(log, "order submission failed");
  return DONE;
}

/** An earlier run claimed the record and never saved a result: it may have reached the service. */
export async function interrupted(deps: SubmitDeps, record: Fulfillment): Promise<SubmitOutcome> {
  const cut = reason("interrupted", { at: record.submittingAt?.toISOString(), reference: record.orderName });
  await transition(deps.db, {
    id: record.id,
    record,
    from: "submitting",
    to: "unknown_outcome",
    now: deps.now(),
    data: reasonColumns(cut),
    detail: cut,
  });
  deps.logger.warn({ shop: record.shop, order: record.orderName }, "interrupted submission: outcome unknown");
  return DONE;
}
