// Whether Shopify gives the app the buyer's protected fields on this shop, as last seen on an
// order read (the Shop row's customerDataAccess). Shopify has no API that tells an app its
// protected customer data approval, so the app records what its order reads show.
import type { PrismaClient } from "@prisma/client";

type Db = Pick<PrismaClient, "shop">;

export type CustomerDataAccess = "granted" | "withheld";

/** Records what an order read showed; an older observation never overwrites a newer one. */
export async function recordCustomerDataSeen(args: {
  db: Db;
  shop: string;
  access: CustomerDataAccess;
  at: Date;
}): Promise<void> {
  await args.db.shop.updateMany({
    where: {
      domain: args.shop,
      OR: [{ customerDataSeenAt: null }, { customerDataSeenAt: { lte: args.at } }],
    },
    data: { customerDataAccess: args.access, customerDataSeenAt: args.at },
  });
}

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
