/**
 * The fulfilment-service side of Shopify: an app registers as a fulfilment service and gets its
 * own location; fulfilment orders assigned there are requested from it (requestStatus SUBMITTED)
 * and it accepts or rejects each request, and each cancellation request.
 */
import { numericId } from "../../ids";
import { setInventoryLevel } from "../../state/inventory-store";
import { levelKey } from "../../state/shop-state";
import type { FulfillmentOrderRecord, FulfillmentServiceRecord } from "../../state/records";
import type { StoreContext } from "../context";
import { paginate, type ConnectionArgs } from "../connection";
import { locationView } from "../views/inventory-views";
import { fulfillmentOrderView } from "../views/fulfillment-views";
import { requireGid } from "../views/node";

const ASSIGNMENT: Record<string, string> = {
  FULFILLMENT_REQUESTED: "SUBMITTED",
  FULFILLMENT_ACCEPTED: "ACCEPTED",
  CANCELLATION_REQUESTED: "CANCELLATION_REQUESTED",
  FULFILLMENT_UNSUBMITTED: "UNSUBMITTED",
};

export function fulfillmentServiceView(ctx: StoreContext, service: FulfillmentServiceRecord) {
  return {
    __typename: "FulfillmentService",
    id: service.id,
    serviceName: service.serviceName,
    handle: service.serviceName.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    callbackUrl: service.callbackUrl,
    trackingSupport: service.trackingSupport,
    inventoryManagement: service.inventoryManagement,
    location: () => {
      const location = ctx.shop.locations.get(service.locationId);
      return location ? locationView(ctx, location) : null;
    },
  };
}

/** The fulfilment orders assigned to the shop's fulfilment-service locations. */
export function assignedFulfillmentOrders(ctx: StoreContext) {
  return (args: ConnectionArgs & { assignmentStatus?: string | null; locationIds?: string[] | null }) => {
    const serviceLocations = new Set([...ctx.shop.fulfillmentServices.values()].map((s) => s.locationId));
    const wanted = args.assignmentStatus ? ASSIGNMENT[args.assignmentStatus] : null;
    const fos = [...ctx.shop.fulfillmentOrders.values()].filter(
      (fo) =>
        serviceLocations.has(fo.locationId) &&
        (!args.locationIds?.length || args.locationIds.includes(fo.locationId)) &&
        (!wanted || fo.requestStatus === wanted),
    );
    return paginate(
      fos,
      args,
      "assignedFulfillmentOrders",
      (fo) => [numericId(fo.id), numericId(fo.id)],
      (fo) => fulfillmentOrderView(ctx, fo),
    );
  };
}

/**
 * fulfillmentServiceDelete with TRANSFER: the service location's stock and commitments, and its
 * unfinished fulfilment orders, go to the merchant's location (fulfilment requests are dropped).
 */
function transferToMerchantLocation(ctx: StoreContext, from: string, to: string): void {
  const { shop } = ctx;
  const now = ctx.now();
  for (const level of [...shop.inventoryLevels.values()].filter((l) => l.locationId === from)) {
    const target = shop.inventoryLevels.get(levelKey(level.itemId, to));
    if (target) {
      target.available += level.available;
      target.committed += level.committed;
      target.updatedAt = now;
    } else {
      setInventoryLevel(shop, { ...level, locationId: to, updatedAt: now });
    }
    level.available = 0;
    level.committed = 0;
    level.updatedAt = now;
  }
  for (const fo of shop.fulfillmentOrders.values()) {
    if (fo.locationId !== from || fo.status === "CLOSED" || fo.status === "CANCELLED") continue;
    fo.locationId = to;
    fo.requestStatus = "UNSUBMITTED";
    if (fo.status === "IN_PROGRESS" && fo.lineItems.every((l) => l.remainingQuantity === l.totalQuantity))
      fo.status = "OPEN";
    fo.updatedAt = now;
  }
}

const refused = (message: string, field = ["id"]) => ({ fulfillmentOrder: null, userErrors: [{ field, message }] });

export function fulfillmentServiceMutations(ctx: StoreContext) {
  const { shop } = ctx;
  const assigned = (id: string): FulfillmentOrderRecord | string => {
    requireGid(id);
    const fo = shop.fulfillmentOrders.get(id);
    if (!fo) return "Fulfillment order does not exist.";
    const ours = [...shop.fulfillmentServices.values()].some((s) => s.locationId === fo.locationId);
    if (!ours) return "Fulfillment order is not assigned to a location of this fulfillment service.";
    return fo;
  };
  const answer = (fo: FulfillmentOrderRecord) => {
    fo.updatedAt = ctx.now();
    return { fulfillmentOrder: fulfillmentOrderView(ctx, fo), userErrors: [] };
  };
  return {
    fulfillmentServiceCreate: (args: {
      name: string;
      callbackUrl?: string | null;
      trackingSupport?: boolean | null;
      inventoryManagement?: boolean | null;
    }) => {
      const name = args.name.trim();
      if (!name) return { fulfillmentService: null, userErrors: [{ field: ["name"], message: "Name can't be blank" }] };
      if ([...shop.fulfillmentServices.values()].some((s) => s.serviceName === name)) {
        return { fulfillmentService: null, userErrors: [{ field: ["name"], message: "Name has already been taken" }] };
      }
      const locationId = shop.ids.next("Location");
      const primary = [...shop.locations.values()][0]!;
      shop.locations.set(locationId, {
        id: locationId,
        name,
        isActive: true,
        fulfillsOnlineOrders: true,
        address: { ...primary.address },
      });
      const service: FulfillmentServiceRecord = {
        id: shop.ids.next("FulfillmentService"),
        serviceName: name,
        callbackUrl: args.callbackUrl ?? "",
        trackingSupport: args.trackingSupport ?? false,
        inventoryManagement: args.inventoryManagement ?? false,
        locationId,
      };
      shop.fulfillmentServices.set(service.id, service);
      return { fulfillmentService: fulfillmentServiceView(ctx, service), userErrors: [] };
    },
    fulfillmentServiceDelete: (args: {
      id: string;
      destinationLocationId?: string | null;
      inventoryAction?: string | null;
    }) => {
      requireGid(args.id);
      const service = shop.fulfillmentServices.get(args.id);
      if (!service)
        return { deletedId: null, userErrors: [{ field: ["id"], message: "Fulfillment service could not be found." }] };
      const action = args.inventoryAction ?? (args.destinationLocationId ? "TRANSFER" : "DELETE");
      const refusedDelete = (field: string, message: string) => ({
        deletedId: null,
        userErrors: [{ field: [field], message }],
      });
      const destination = args.destinationLocationId ? shop.locations.get(args.destinationLocationId) : undefined;
      if (action === "TRANSFER") {
        if (!args.destinationLocationId)
          return refusedDelete("destinationLocationId", "Destination location is required to transfer inventory.");
        const serviceOwned = [...shop.fulfillmentServices.values()].some((s) => s.locationId === destination?.id);
        if (!destination || !destination.isActive || serviceOwned)
          return refusedDelete(
            "destinationLocationId",
            "Destination location must be an active merchant-managed location.",
          );
      }
      shop.fulfillmentServices.delete(service.id);
      const location = shop.locations.get(service.locationId);
      if (action === "TRANSFER") transferToMerchantLocation(ctx, service.locationId, destination!.id);
      // KEEP leaves the location (and its stock) as a merchant-managed one; otherwise it goes away.
      if (location && action !== "KEEP") location.isActive = false;
      return { deletedId: service.id, userErrors: [] };
    },
    fulfillmentOrderAcceptFulfillmentRequest: (args: { id: string }) => {
      const fo = assigned(args.id);
      if (typeof fo === "string") return refused(fo);
      if (fo.requestStatus !== "SUBMITTED")
        return refused("Cannot accept a fulfillment request that was not submitted.");
      fo.requestStatus = "ACCEPTED";
      fo.status = "IN_PROGRESS";
      return answer(fo);
    },
    fulfillmentOrderRejectFulfillmentRequest: (args: { id: string }) => {
      const fo = assigned(args.id);
      if (typeof fo === "string") return refused(fo);
      if (fo.requestStatus !== "SUBMITTED")
        return refused("Cannot reject a fulfillment request that was not submitted.");
      fo.requestStatus = "REJECTED";
      fo.status = "OPEN";
      return answer(fo);
    },
    fulfillmentOrderAcceptCancellationRequest: (args: { id: string }) => {
      const fo = assigned(args.id);
      if (typeof fo === "string") return refused(fo);
      if (fo.requestStatus !== "CANCELLATION_REQUESTED") return refused("No cancellation was requested.");
      fo.requestStatus = "CANCELLATION_ACCEPTED";
      fo.status = "CANCELLED";
      return answer(fo);
    },
    fulfillmentOrderRejectCancellationRequest: (args: { id: string }) => {
      const fo = assigned(args.id);
      if (typeof fo === "string") return refused(fo);
      if (fo.requestStatus !== "CANCELLATION_REQUESTED") return refused("No cancellation was requested.");
      fo.requestStatus = "CANCELLATION_REJECTED";
      fo.status = "IN_PROGRESS";
      return answer(fo);
    },
  };
}
