/**
 * Leaves the fulfilment's state on the Shopify order (tag + metafield), once per state. Every
 * write is idempotent (adding a present tag, removing an absent one and setting a metafield to
 * the same value change nothing), so a run repeated after a crash does no harm.
 */
import type { PrismaClient } from "@prisma/client";
import type { AdminGraphql } from "../shopify/admin.server";
import { NOTE_METAFIELD, headlineOf, noteTags, noteValue } from "./order-note";
import { statusOf } from "./records.server";
import { writeOrderNote as writeNoteToShopify } from "../shopify/admin/orders.server";
import { NOTED_STATUSES } from "./status";

export interface NoteDeps {
  db: PrismaClient;
  adminFor(shop: string): Promise<AdminGraphql>;
}

/** Writes the note for the record's current state; "again" when the state moved on meanwhile. */
export async function writeOrderNote(deps: NoteDeps, fulfillmentId: string): Promise<"done" | "again"> {
  const record = await deps.db.fulfillment.findUnique({ where: { id: fulfillmentId } });
  if (!record) return "done";
  const status = statusOf(record);
  if (!NOTED_STATUSES.includes(status) || record.noteStatus === status) return "done";
  // An order with several fulfilment orders carries one tag: the part that most needs a look.
  const parts = await deps.db.fulfillment.findMany({
    where: { shop: record.shop, shopifyOrderId: record.shopifyOrderId },
    orderBy: [{ createdAt: "asc" }, { fulfillmentOrderGid: "asc" }],
  });
  const noted = parts
    .map((part) => ({ ...part, status: statusOf(part) }))
    .filter((part) => NOTED_STATUSES.includes(part.status));
  const headline = headlineOf(noted.length > 0 ? noted : [{ ...record, status }]);
  const value = noteValue(headline, noted.length > 1 ? noted : undefined);
  const tags = noteTags(headline, noted.length > 0 ? noted : [{ ...record, status }]);
  const admin = await deps.adminFor(record.shop);
  await writeNoteToShopify(admin, {
    id: record.orderGid,
    remove: tags.remove,
    add: tags.add,
    metafields: [{ ownerId: record.orderGid, ...NOTE_METAFIELD, value }],
  });
  // One statement (Prisma's updateMany adds its own BEGIN and COMMIT around it).
  const count = await deps.db.$executeRaw`
    UPDATE "Fulfillment" SET "noteStatus" = ${status}, "updatedAt" = ${new Date()} WHERE id = ${record.id}::uuid AND status = ${status}`;
  return count === 1 ? "done" : "again";
}
