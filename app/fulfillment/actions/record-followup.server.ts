/**
 * A record's next steps beside retrying it (issue 33, item 2): the merchant marks a record that
 * needs attention as handled, with a note the timeline keeps with who and when; and asks the
 * service now for one order's status («actualizar estado»), through the order's own poll job, so
 * what a read of the service does is written once (poll.server.ts).
 */
import type { Fulfillment } from "@prisma/client";
import { enqueueJob } from "../../jobs/queue.server";
import { moved, offers, refused, type MerchantActionResult, type MerchantDeps } from "./merchant-actions.server";
import { readHandledNote } from "../core/handled-note";
import { POLL_QUEUE, type FulfillmentJobPayload } from "../core/queues";
import { reason, reasonColumns } from "../core/reason-codes";
import { statusOf, transition } from "../records/records.server";
import { FIRST_POLL_DELAY_MS } from "../core/schedule";

/** How long «actualizar estado» waits for the poll job to read the service before answering. */
const REFRESH_WAIT_MS = 10_000;
const REFRESH_STEP_MS = 150;

/**
 * Marks a record needing attention as handled by the merchant: skipped for good with the note and
 * who wrote it (the admin user of the session), so it leaves «Requieren atención» and is never
 * decided again; an order the warehouse has stays watched (its status and tracking are read).
 */
export async function markHandled(
  deps: Pick<MerchantDeps, "db" | "now">,
  args: { shop: string; fulfillmentId: string; note: unknown; by: string },
): Promise<{ status: number; result: MerchantActionResult }> {
  const record = await deps.db.fulfillment.findFirst({ where: { id: args.fulfillmentId, shop: args.shop } });
  if (!record) return { status: 404, result: refused("notFound") };
  if (!offers(record, "handled")) return { status: 409, result: refused("notAttention", { order: record.orderName }) };
  const note = readHandledNote(args.note);
  if (!note.ok) return { status: 400, result: refused(note.code, { order: record.orderName, ...note.params }) };
  const handled = reason("merchantHandled", { note: note.note, by: args.by });
  const now = deps.now();
  const ok = await transition(deps.db, {
    id: record.id,
    from: statusOf(record),
    to: "skipped",
    now,
    data: { ...reasonColumns(handled), waitUntil: null },
    detail: handled,
  });
  if (!ok) return { status: 409, result: refused("raced", { order: record.orderName }) };
  // Still at the warehouse: keep reading the service for it (a no-op when its poll job is queued).
  if (record.svcOrderId) await enqueuePoll(deps, record, new Date(now.getTime() + FIRST_POLL_DELAY_MS));
  return { status: 200, result: moved("handled", { order: record.orderName }) };
}

/**
 * «Actualizar estado»: the record's poll job runs now (it reads the service and writes what it
 * says, as on its schedule); the answer waits for that read, briefly, and says what the service
 * reports — or that the read was asked for, when the workers are busy.
 */
export async function refreshRecord(
  deps: Pick<MerchantDeps, "db" | "now">,
  args: { shop: string; fulfillmentId: string },
): Promise<{ status: number; result: MerchantActionResult }> {
  const record = await deps.db.fulfillment.findFirst({ where: { id: args.fulfillmentId, shop: args.shop } });
  if (!record) return { status: 404, result: refused("notFound") };
  if (!record.svcOrderId) return { status: 409, result: refused("noServiceOrder", { order: record.orderName }) };
  if (!offers(record, "refresh"))
    return { status: 409, result: refused("notOffered", { order: record.orderName, action: "refresh" }) };
  await enqueuePoll(deps, record, deps.now());
  const deadline = Date.now() + REFRESH_WAIT_MS;
  for (;;) {
    const read = await deps.db.fulfillment.findUnique({
      where: { id: record.id },
      select: { lastPolledAt: true, svcStatus: true },
    });
    // The poll job writes when it read the service, whatever the service said.
    if (read?.lastPolledAt && read.lastPolledAt.getTime() !== record.lastPolledAt?.getTime())
      return {
        status: 200,
        result: moved("refreshed", { order: record.orderName, svcStatus: read.svcStatus ?? "" }),
      };
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, REFRESH_STEP_MS));
  }
  return { status: 202, result: moved("refreshRequested", { order: record.orderName }) };
}

function enqueuePoll(deps: Pick<MerchantDeps, "db">, record: Fulfillment, runAt: Date) {
  const payload: FulfillmentJobPayload = { fulfillmentId: record.id, delayMs: FIRST_POLL_DELAY_MS };
  return enqueueJob(deps.db, {
    queue: POLL_QUEUE,
    key: record.id,
    shop: record.shop,
    payload: { ...payload },
    runAt,
    maxAttempts: 1000,
  });
}
