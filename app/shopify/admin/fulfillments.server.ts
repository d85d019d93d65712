/** Fulfilments: create one for lines of a fulfilment order, and change its tracking. */
import type { AdminGraphql } from "./client";
import { dataOf, throwOnUserErrors } from "./errors";
import type { CreateFulfilmentMutation, UpdateTrackingMutation } from "./types/admin.generated";
import type { FulfillmentInput, FulfillmentTrackingInput } from "./types/admin.types";

const CREATE = `#graphql
  mutation CreateFulfilment($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment { id }
      userErrors { field message }
    }
  }
`;

const UPDATE_TRACKING = `#graphql
  mutation UpdateTracking($fulfillmentId: ID!, $trackingInfoInput: FulfillmentTrackingInput!, $notifyCustomer: Boolean) {
    fulfillmentTrackingInfoUpdate(
      fulfillmentId: $fulfillmentId
      trackingInfoInput: $trackingInfoInput
      notifyCustomer: $notifyCustomer
    ) {
      fulfillment { id }
      userErrors { field message }
    }
  }
`;

/**
 * Creates a fulfilment: its id, or Shopify's refusal (user errors) for the caller to judge, since
 * "nothing left to fulfil" is an expected answer when another run got there first.
 */
export async function createFulfillment(
  admin: AdminGraphql,
  fulfillment: FulfillmentInput,
): Promise<{ fulfillmentId: string } | { refused: string[] }> {
  const payload = dataOf(
    await admin<CreateFulfilmentMutation>(CREATE, { fulfillment }),
    "fulfillmentCreate",
  ).fulfillmentCreate;
  if (payload?.fulfillment) return { fulfillmentId: payload.fulfillment.id };
  return { refused: (payload?.userErrors ?? []).map((e) => e.message) };
}

/** Replaces a fulfilment's tracking; a refusal throws a ShopifyAdminError. */
export async function updateFulfillmentTracking(
  admin: AdminGraphql,
  args: { fulfillmentId: string; trackingInfoInput: FulfillmentTrackingInput; notifyCustomer: boolean },
): Promise<void> {
  const payload = dataOf(
    await admin<UpdateTrackingMutation>(UPDATE_TRACKING, args),
    "fulfillmentTrackingInfoUpdate",
  ).fulfillmentTrackingInfoUpdate;
  throwOnUserErrors("fulfillmentTrackingInfoUpdate", payload?.userErrors);
}
