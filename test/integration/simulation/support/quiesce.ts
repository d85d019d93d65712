/**
 * The end of a simulated run: the network delivers what it still holds, frozen workers wake, the
 * workers run everything due, and time passes until the warehouse has shipped what it received
 * (each stretch of time followed by the work it makes due), with the invariants checked on the way.
 */
import prisma from "../../../helpers/prisma";
import { requestStockSync } from "~/fulfillment/jobs/stock-sync.server";
import { startReconciliation } from "~/fulfillment/jobs/reconcile.server";
import {
  InvariantViolation,
  checkCancellationsActedOn,
  checkQuiescence,
  checkWarehouseMatchesShopify,
} from "./invariants";
import { LEASE_MS, MINUTE, SHOP, type World } from "./world";
import { POLL_QUEUE, REQUESTS_QUEUE, RESOLVE_QUEUE, SUBMIT_QUEUE } from "~/fulfillment/core/queues";

/** The queues of the work that moves an order's parts (a failing note or stock job moves nothing). */
const ORDER_WORK: string[] = [SUBMIT_QUEUE, RESOLVE_QUEUE, REQUESTS_QUEUE, POLL_QUEUE];

/** Runs both processes' workers until nothing is due now and the network holds nothing. */
export async function drain(world: World): Promise<void> {
  // Flow delivers again the action runs it has no answer for (its retries run on its own clock).
  await world.retryFlowRuns();
  for (let round = 0; round < 12; round++) {
    const ran = await world.work(round % 2 === 0 ? "A" : "B");
    const delivered = world.outbox.length;
    while (world.outbox.length > 0) await world.deliver(0);
    if (ran === 0 && delivered === 0 && round > 0) return;
  }
}

export async function quiesce(world: World): Promise<void> {
  world.log.push("— quiescence");
  world.fault = null;
  await world.finishZombies();
  while (world.outbox.length > 0) await world.deliver(0);
  await drain(world);
  // A lost webhook is the reconciliation's to find (the app cannot know before one has read the
  // order): its run comes first, at this instant, before time lets the warehouse ship (seed 4111836).
  if (world.lost > 0) {
    await startReconciliation(prisma, { shop: SHOP, now: world.now() });
    await drain(world);
  }
  // Without any time passing, every accepted webhook has been acted on: cancellations stop what
  // has not gone, what the warehouse holds matches what Shopify expects from it...
  await checkCancellationsActedOn(world);
  await checkWarehouseMatchesShopify(world);
  // ...and when no webhook was lost, a reconciliation (which reads every order again) finds
  // nothing to change: the app never needed it to act on what it had been told.
  // An order whose job failed and waits for its retry is still being acted on (the work is not
  // done): a reconciliation's wake-up only runs that retry early (seed 4100924).
  if (world.lost === 0) {
    const retrying = await ordersAwaitingRetry(world);
    const before = await snapshot(world, retrying);
    await startReconciliation(prisma, { shop: SHOP, now: world.now() });
    await drain(world);
    const after = await snapshot(world, retrying);
    if (after !== before) {
      throw new InvariantViolation(
        "webhook-acted-on",
        `with every webhook delivered and the work done, a reconciliation still changed things: ${before} → ${after}`,
      );
    }
  }
  for (const minutes of [LEASE_MS / MINUTE + 1, 16, 16, 16, 16, 31, 61]) {
    await world.advance(minutes * MINUTE);
    await drain(world);
  }
  await requestStockSync(prisma, { shop: SHOP, runAt: world.now(), onDemand: true });
  await drain(world);
  await checkQuiescence(world);
}

/**
 * Orders (by name) whose jobs failed and wait for a retry: an order's job, or a job of one of its
 * records, queued for later with the error it failed with.
 */
async function ordersAwaitingRetry(world: World): Promise<Set<string>> {
  const jobs = await prisma.job.findMany({
    where: { queue: { in: ORDER_WORK }, state: "queued", lastError: { not: null }, runAt: { gt: world.now() } },
    select: { payload: true },
  });
  const orderIds = new Set<string>();
  const recordIds = new Set<string>();
  for (const { payload } of jobs) {
    const { shopifyOrderId, fulfillmentId } = (payload ?? {}) as { shopifyOrderId?: unknown; fulfillmentId?: unknown };
    if (typeof shopifyOrderId === "string") orderIds.add(shopifyOrderId);
    if (typeof fulfillmentId === "string") recordIds.add(fulfillmentId);
  }
  const records = await prisma.fulfillment.findMany({
    where: { shop: SHOP, OR: [{ shopifyOrderId: { in: [...orderIds] } }, { id: { in: [...recordIds] } }] },
    select: { orderName: true },
  });
  return new Set(records.map((r) => r.orderName));
}

/**
 * What reconciliation could change: each record's status and the orders the warehouse received,
 * leaving out the orders whose work waits for a retry.
 */
async function snapshot(world: World, retrying: ReadonlySet<string>): Promise<string> {
  const records = await prisma.fulfillment.findMany({
    where: { shop: SHOP },
    orderBy: [{ orderName: "asc" }, { fulfillmentOrderGid: "asc" }],
    select: { orderName: true, fulfillmentOrderGid: true, status: true },
  });
  const sent = (await world.sandboxOrders()).filter((o) => !retrying.has(o.request.tienda_orden_ref)).length;
  const followed = records.filter((r) => !retrying.has(r.orderName));
  return JSON.stringify({
    records: followed.map((r) => `${r.orderName} ${r.status}`),
    sent,
    ...(retrying.size > 0 ? { retrying: [...retrying].sort() } : {}),
  });
}
