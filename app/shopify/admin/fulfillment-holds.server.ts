/**
 * The app's own fulfilment holds: placed on a fulfilment order whose address cannot be delivered
 * as it stands, released (that hold only, by its id) once it can. Shopify keys a hold by the app
 * and its handle, so placing it twice is refused rather than doubled.
 */
import type { AdminGraphql } from "./client";
import { dataOf, ShopifyAdminError, throwOnUserErrors, type AdminUserError } from "./errors";

/** The handle of the app's address hold on a fulfilment order. */
export const ADDRESS_HOLD_HANDLE = "svc-address";

const HOLD_FOR_ADDRESS = `#graphql
  mutation HoldForAddress($id: ID!, $hold: FulfillmentOrderHoldInput!) {
    fulfillmentOrderHold(id: $id, fulfillmentHold: $hold) {
      fulfillmentHold {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

const RELEASE_APP_HOLD = `#graphql
  mutation ReleaseAppHold($id: ID!, $holdIds: [ID!]) {
    fulfillmentOrderReleaseHold(id: $id, holdIds: $holdIds) {
      fulfillmentOrder {
        id
        status
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

export type HoldPlaced = { kind: "placed"; holdId: string } | { kind: "already_held" };

/**
 * Places the app's INCORRECT_ADDRESS hold with its handle and the merchant-facing note. A hold with
 * the same handle already there (a re-run after a lost answer) is "already_held", not a second hold.
 */
export async function holdForAddress(
  admin: AdminGraphql,
  args: { fulfillmentOrderGid: string; notes: string },
): Promise<HoldPlaced> {
  const operation = "fulfillmentOrderHold";
  const data = dataOf(
    await admin<{
      fulfillmentOrderHold: { fulfillmentHold: { id: string } | null; userErrors: AdminUserError[] } | null;
    }>(HOLD_FOR_ADDRESS, {
      id: args.fulfillmentOrderGid,
      hold: {
        reason: "INCORRECT_ADDRESS",
        reasonNotes: args.notes,
        handle: ADDRESS_HOLD_HANDLE,
        notifyMerchant: false,
      },
    }),
    operation,
  );
  const payload = data.fulfillmentOrderHold;
  if (payload?.userErrors.some((e) => e.code === "DUPLICATE_FULFILLMENT_HOLD_HANDLE")) return { kind: "already_held" };
  throwOnUserErrors(operation, payload?.userErrors);
  if (!payload?.fulfillmentHold) throw new ShopifyAdminError({ operation, kind: "no_data", message: "no hold" });
  return { kind: "placed", holdId: payload.fulfillmentHold.id };
}

/** Releases the app's hold `holdId` only: never another app's or the merchant's. Answers the new status. */
export async function releaseAppHold(
  admin: AdminGraphql,
  args: { fulfillmentOrderGid: string; holdId: string },
): Promise<string | null> {
  const operation = "fulfillmentOrderReleaseHold";
  const data = dataOf(
    await admin<{
      fulfillmentOrderReleaseHold: {
        fulfillmentOrder: { id: string; status: string } | null;
        userErrors: AdminUserError[];
      } | null;
    }>(RELEASE_APP_HOLD, { id: args.fulfillmentOrderGid, holdIds: [args.holdId] }),
    operation,
  );
  throwOnUserErrors(operation, data.fulfillmentOrderReleaseHold?.userErrors);
  return data.fulfillmentOrderReleaseHold?.fulfillmentOrder?.status ?? null;
}
