/** Carrier services: the app's live-rates callback as Shopify has it registered. */
import type { AdminGraphql } from "./client";
import { dataOf, ShopifyAdminError, throwOnUserErrors, type AdminUserError } from "./errors";
import type {
  CarrierServiceCreateMutation,
  CarrierServiceStateFragment,
  CarrierServicesQuery,
  CarrierServiceUpdateMutation,
} from "./types/admin.generated";
import type { DeliveryCarrierServiceCreateInput, DeliveryCarrierServiceUpdateInput } from "./types/admin.types";

export interface CarrierService {
  id: string;
  name: string | null;
  callbackUrl: string | null;
  active: boolean;
}

const CARRIER_SERVICE = `#graphql
  fragment CarrierServiceState on DeliveryCarrierService {
    id
    name
    callbackUrl
    active
  }
`;

const LIST = `#graphql
  query CarrierServices {
    carrierServices(first: 50) { nodes { ...CarrierServiceState } }
  }
  ${CARRIER_SERVICE}
`;

const CREATE = `#graphql
  mutation CarrierServiceCreate($input: DeliveryCarrierServiceCreateInput!) {
    carrierServiceCreate(input: $input) {
      carrierService { ...CarrierServiceState }
      userErrors { field message }
    }
  }
  ${CARRIER_SERVICE}
`;

const UPDATE = `#graphql
  mutation CarrierServiceUpdate($input: DeliveryCarrierServiceUpdateInput!) {
    carrierServiceUpdate(input: $input) {
      carrierService { ...CarrierServiceState }
      userErrors { field message }
    }
  }
  ${CARRIER_SERVICE}
`;

const toCarrierService = (node: CarrierServiceStateFragment): CarrierService => ({
  id: node.id,
  name: node.name ?? null,
  callbackUrl: node.callbackUrl ?? null,
  active: node.active,
});

/** The shop's carrier services (an app sees its own). */
export async function listCarrierServices(admin: AdminGraphql): Promise<CarrierService[]> {
  return dataOf(await admin<CarrierServicesQuery>(LIST), "carrierServices").carrierServices.nodes.map(toCarrierService);
}

/** Registers a carrier service; user errors (e.g. the plan's refusal) throw a ShopifyAdminError. */
export async function createCarrierService(
  admin: AdminGraphql,
  input: DeliveryCarrierServiceCreateInput,
): Promise<CarrierService> {
  const payload = dataOf(
    await admin<CarrierServiceCreateMutation>(CREATE, { input }),
    "carrierServiceCreate",
  ).carrierServiceCreate;
  return carrierServiceOf("carrierServiceCreate", payload);
}

/** Changes a carrier service; user errors (e.g. it no longer exists) throw a ShopifyAdminError. */
export async function updateCarrierService(
  admin: AdminGraphql,
  input: DeliveryCarrierServiceUpdateInput,
): Promise<CarrierService> {
  const payload = dataOf(
    await admin<CarrierServiceUpdateMutation>(UPDATE, { input }),
    "carrierServiceUpdate",
  ).carrierServiceUpdate;
  return carrierServiceOf("carrierServiceUpdate", payload);
}

function carrierServiceOf(
  operation: string,
  payload: { carrierService?: CarrierServiceStateFragment | null; userErrors: AdminUserError[] } | null | undefined,
): CarrierService {
  throwOnUserErrors(operation, payload?.userErrors);
  if (!payload?.carrierService) {
    throw new ShopifyAdminError({ operation, kind: "no_data", message: `${operation} returned no carrier service` });
  }
  return toCarrierService(payload.carrierService);
}
