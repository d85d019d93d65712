// Whether Shopify gives the app the buyer's protected fields on this shop, as last seen on an
// order read (the Shop row's customerDataAccess). Shopify has no API that tells an app its
// protected customer data approval, so the app records what its order reads show.
import type { PrismaClient } from "@prisma/client";
import { sqlOf, statement } from "../sql.server";

type Db = Pick<PrismaClient, "shop" | "$executeRawUnsafe" | "$queryRawUnsafe">;

export type CustomerDataAccess = "granted" | "withheld";

/** How stale "last seen" may get while what is seen stays the same (the checklist reads no finer). */
const CUSTOMER_DATA_SEEN_REFRESH_MS = 60_000;

/**
 * Records what an order read showed; an older observation never overwrites a newer one. The same
 * answer again is written only once its last sighting is a minute old: at a hundred orders a
 * second every order's job would otherwise update the one Shop row, each waiting on the last's
 * lock. One prepared statement (ADR 036; Prisma's updateMany is three: its own BEGIN and COMMIT
 * around the UPDATE).
 */
export async function recordCustomerDataSeen(args: {
  db: Db;
  shop: string;
  access: CustomerDataAccess;
  at: Date;
}): Promise<void> {
  const stale = new Date(args.at.getTime() - CUSTOMER_DATA_SEEN_REFRESH_MS);
  await sqlOf(args.db).count(CUSTOMER_DATA_SEEN, args.access, args.at, new Date(), args.shop, stale);
}

const CUSTOMER_DATA_SEEN = statement<
  [access: CustomerDataAccess, at: Date, updatedAt: Date, shop: string, stale: Date]
>(
  "shop_customer_data_seen",
  `UPDATE "Shop" SET "customerDataAccess" = $1, "customerDataSeenAt" = $2::timestamp, "updatedAt" = $3::timestamp
   WHERE domain = $4
     AND ("customerDataSeenAt" IS NULL OR "customerDataSeenAt" <= $5::timestamp
          OR ("customerDataSeenAt" <= $2::timestamp AND "customerDataAccess" IS DISTINCT FROM $1))`,
);

/**
 * "Protected customer data granted?" for the readiness checklist: true or false as last seen,
 * null while no order with a shipping address has been read on the shop.
 */
export async function protectedCustomerDataGranted(args: {
  db: Db;
  shop: string;
}): Promise<{ granted: boolean | null; seenAt: Date | null }> {
  const row = await args.db.shop.findUnique({
    where: { domain: args.shop },
    select: { customerDataAccess: true, customerDataSeenAt: true },
  });
  if (!row?.customerDataAccess) return { granted: null, seenAt: null };
  return { granted: row.customerDataAccess === "granted", seenAt: row.customerDataSeenAt };
}
