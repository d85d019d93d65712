/**
 * Leaves the fulfilment's state on the Shopify order (tag + metafield), once per state. Every
 * write is idempotent (adding a present tag, removing an absent one and setting a metafield to
 * the same value change nothing), so a run repeated after a crash does no harm.
 */
import type { Fulfillment, PrismaClient } from "@prisma/client";
import type { AdminGraphql } from "../../shopify/admin.server";
import { NOTE_METAFIELD, headlineOf, noteTags, noteValue } from "../core/order-note";
import { statusOf } from "../records/records.server";
import { writeOrderNote as writeNoteToShopify } from "../../shopify/admin/orders.server";
import { NOTED_STATUSES } from "../core/status";

export interface NoteDeps {
  db: PrismaClient;
  adminFor(shop: string): Promise<AdminGraphql>;
}

/**
 * Writes the note for the record's current state; "again" when the state moved on meanwhile, or
 * when the order's parts call for another note once it is written (another part's job interleaved).
 * `order` (the record's shop and order, which never change) lets it read the order's records in
 * one statement, the record among them; without it (a job queued before it was passed) the record
 * is read first.
 */
export async function writeOrderNote(
  deps: NoteDeps,
  fulfillmentId: string,
  order?: { shop: string; shopifyOrderId: string },
): Promise<"done" | "again"> {
  // An order with several fulfilment orders carries one tag: the part that most needs a look.
  const partsOf = (of: { shop: string; shopifyOrderId: string }) =>
    deps.db.fulfillment.findMany({
      where: { shop: of.shop, shopifyOrderId: of.shopifyOrderId },
      orderBy: [{ createdAt: "asc" }, { fulfillmentOrderGid: "asc" }],
    });
  const known = order ? await partsOf(order) : undefined;
  const record = known
    ? known.find((part) => part.id === fulfillmentId)
    : await deps.db.fulfillment.findUnique({ where: { id: fulfillmentId } });
  if (!record) return "done";
  const status = statusOf(record);
  if (!NOTED_STATUSES.includes(status) || record.noteStatus === status) return "done";
  const note = (parts: readonly Fulfillment[]) => {
    const noted = parts
      .map((part) => ({ ...part, status: statusOf(part) }))
      .filter((part) => NOTED_STATUSES.includes(part.status));
    const headline = headlineOf(noted.length > 0 ? noted : [{ ...record, status }]);
    const value = noteValue(headline, noted.length > 1 ? noted : undefined);
    return { value, tags: noteTags(headline, noted.length > 0 ? noted : [{ ...record, status }]) };
  };
  const written = note(known ?? (await partsOf(record)));
  const admin = await deps.adminFor(record.shop);
  await writeNoteToShopify(admin, {
    id: record.orderGid,
    remove: written.tags.remove,
    add: written.tags.add,
    metafields: [{ ownerId: record.orderGid, ...NOTE_METAFIELD, value: written.value }],
  });
  // The note is the whole order's, and the job of another part may have written its own between
  // this read and this write: read the parts again, and go again when they call for another note
  // (the last write is then checked against the parts as they stand after it).
  const now = note(await partsOf(record));
  if (JSON.stringify(now) !== JSON.stringify(written)) return "again";
  // One statement (Prisma's updateMany adds its own BEGIN and COMMIT around it).
  const count = await deps.db.$executeRaw`
    UPDATE "Fulfillment" SET "noteStatus" = ${status}, "updatedAt" = ${new Date()} WHERE id = ${record.id}::uuid AND status = ${status}`;
  return count === 1 ? "done" : "again";
}
