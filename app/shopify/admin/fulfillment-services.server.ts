/** The warehouse as a Shopify fulfilment service, and the requests Shopify assigns to it. */
import type { AdminGraphql } from "./client";
import { dataOf, ShopifyAdminError, throwOnUserErrors } from "./errors";
import type {
  AcceptCancellationRequestMutation,
  AcceptFulfilmentRequestMutation,
  AssignedFulfilmentOrdersQuery,
  FulfilmentServiceByIdQuery,
  RegisterFulfilmentServiceMutation,
  RejectCancellationRequestMutation,
  RejectFulfilmentRequestMutation,
  RemoveFulfilmentServiceMutation,
} from "./types/admin.generated";
import type { FulfillmentOrderAssignmentStatus, FulfillmentOrderRejectionReason } from "./types/admin.types";

export type { FulfillmentOrderRejectionReason };

const REGISTER = `#graphql
  mutation RegisterFulfilmentService($name: String!, $callbackUrl: URL!) {
    fulfillmentServiceCreate(name: $name, callbackUrl: $callbackUrl, trackingSupport: true, inventoryManagement: true) {
      fulfillmentService { id location { id } }
      userErrors { field message }
    }
  }
`;

const SERVICE = `#graphql
  query FulfilmentServiceById($id: ID!) {
    fulfillmentService(id: $id) { id location { id } }
  }
`;

const REMOVE = `#graphql
  mutation RemoveFulfilmentService($id: ID!) {
    fulfillmentServiceDelete(id: $id) {
      deletedId
      userErrors { field message }
    }
  }
`;

const ASSIGNED = `#graphql
  query AssignedFulfilmentOrders($status: FulfillmentOrderAssignmentStatus!, $after: String) {
    assignedFulfillmentOrders(first: 50, after: $after, assignmentStatus: $status) {
      nodes { id order { id legacyResourceId name updatedAt } }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

const ACCEPT_REQUEST = `#graphql
  mutation AcceptFulfilmentRequest($id: ID!, $message: String, $estimatedShippedAt: DateTime) {
    fulfillmentOrderAcceptFulfillmentRequest(id: $id, message: $message, estimatedShippedAt: $estimatedShippedAt) {
      fulfillmentOrder { id }
      userErrors { field message }
    }
  }
`;

const REJECT_REQUEST = `#graphql
  mutation RejectFulfilmentRequest($id: ID!, $message: String, $reason: FulfillmentOrderRejectionReason) {
    fulfillmentOrderRejectFulfillmentRequest(id: $id, message: $message, reason: $reason) {
      fulfillmentOrder { id }
      userErrors { field message }
    }
  }
`;

const ACCEPT_CANCELLATION = `#graphql
  mutation AcceptCancellationRequest($id: ID!, $message: String) {
    fulfillmentOrderAcceptCancellationRequest(id: $id, message: $message) {
      fulfillmentOrder { id }
      userErrors { field message }
    }
  }
`;

const REJECT_CANCELLATION = `#graphql
  mutation RejectCancellationRequest($id: ID!, $message: String) {
    fulfillmentOrderRejectCancellationRequest(id: $id, message: $message) {
      fulfillmentOrder { id }
      userErrors { field message }
    }
  }
`;

export interface AssignedFulfillmentOrder {
  id: string;
  order: { id: string; legacyResourceId: string; name: string; updatedAt: string };
}

/** Registers a fulfilment service with tracking and inventory; answers its id and location. */
export async function createFulfillmentService(
  admin: AdminGraphql,
  args: { name: string; callbackUrl: string },
): Promise<{ id: string; locationId: string }> {
  const payload = dataOf(
    await admin<RegisterFulfilmentServiceMutation>(REGISTER, args),
    "fulfillmentServiceCreate",
  ).fulfillmentServiceCreate;
  throwOnUserErrors("fulfillmentServiceCreate", payload?.userErrors);
  const service = payload?.fulfillmentService;
  if (!service?.location) {
    throw new ShopifyAdminError({
      operation: "fulfillmentServiceCreate",
      kind: "no_data",
      message: "no fulfilment service or location was created",
    });
  }
  return { id: service.id, locationId: service.location.id };
}

/** The fulfilment service and its location as Shopify has them now; null when it no longer exists. */
export async function readFulfillmentService(
  admin: AdminGraphql,
  id: string,
): Promise<{ id: string; locationId: string } | null> {
  const service = dataOf(await admin<FulfilmentServiceByIdQuery>(SERVICE, { id }), "fulfillmentService")
    .fulfillmentService;
  return service?.location ? { id: service.id, locationId: service.location.id } : null;
}

/** Deletes a fulfilment service: "deleted", or "gone" when Shopify no longer had it. */
export async function deleteFulfillmentService(admin: AdminGraphql, id: string): Promise<"deleted" | "gone"> {
  const payload = dataOf(
    await admin<RemoveFulfilmentServiceMutation>(REMOVE, { id }),
    "fulfillmentServiceDelete",
  ).fulfillmentServiceDelete;
  if (payload?.deletedId) return "deleted";
  const userErrors = payload?.userErrors ?? [];
  if (userErrors.some((e) => /could not be found|not found/i.test(e.message))) return "gone";
  throwOnUserErrors("fulfillmentServiceDelete", userErrors);
  throw new ShopifyAdminError({
    operation: "fulfillmentServiceDelete",
    kind: "no_data",
    message: "nothing was deleted",
  });
}

/** Every fulfilment order assigned to the app's service in `status`, all pages. */
export async function listAssignedFulfillmentOrders(
  admin: AdminGraphql,
  status: FulfillmentOrderAssignmentStatus,
): Promise<AssignedFulfillmentOrder[]> {
  const nodes: AssignedFulfillmentOrder[] = [];
  let after: string | null = null;
  do {
    const page: AssignedFulfilmentOrdersQuery["assignedFulfillmentOrders"] = dataOf(
      await admin<AssignedFulfilmentOrdersQuery>(ASSIGNED, { status, after }),
      "assignedFulfillmentOrders",
    ).assignedFulfillmentOrders;
    nodes.push(...page.nodes);
    after = page.pageInfo.hasNextPage ? (page.pageInfo.endCursor ?? null) : null;
  } while (after);
  return nodes;
}

/** Accepts a fulfilment request with a message and the promised ship date. */
export async function acceptFulfillmentRequest(
  admin: AdminGraphql,
  args: { id: string; message: string; estimatedShippedAt: string },
): Promise<void> {
  const payload = dataOf(
    await admin<AcceptFulfilmentRequestMutation>(ACCEPT_REQUEST, args),
    "fulfillmentOrderAcceptFulfillmentRequest",
  ).fulfillmentOrderAcceptFulfillmentRequest;
  throwOnUserErrors("fulfillmentOrderAcceptFulfillmentRequest", payload?.userErrors);
}

/** Rejects a fulfilment request with the merchant's reason and Shopify's code for it. */
export async function rejectFulfillmentRequest(
  admin: AdminGraphql,
  args: { id: string; message: string; reason: FulfillmentOrderRejectionReason },
): Promise<void> {
  const payload = dataOf(
    await admin<RejectFulfilmentRequestMutation>(REJECT_REQUEST, args),
    "fulfillmentOrderRejectFulfillmentRequest",
  ).fulfillmentOrderRejectFulfillmentRequest;
  throwOnUserErrors("fulfillmentOrderRejectFulfillmentRequest", payload?.userErrors);
}

/** Accepts a cancellation request. */
export async function acceptCancellationRequest(admin: AdminGraphql, args: { id: string; message: string }) {
  const payload = dataOf(
    await admin<AcceptCancellationRequestMutation>(ACCEPT_CANCELLATION, args),
    "fulfillmentOrderAcceptCancellationRequest",
  ).fulfillmentOrderAcceptCancellationRequest;
  throwOnUserErrors("fulfillmentOrderAcceptCancellationRequest", payload?.userErrors);
}

/** Rejects a cancellation request, saying why. */
export async function rejectCancellationRequest(admin: AdminGraphql, args: { id: string; message: string }) {
  const payload = dataOf(
    await admin<RejectCancellationRequestMutation>(REJECT_CANCELLATION, args),
    "fulfillmentOrderRejectCancellationRequest",
  ).fulfillmentOrderRejectCancellationRequest;
  throwOnUserErrors("fulfillmentOrderRejectCancellationRequest", payload?.userErrors);
}
