/**
 * Registers the app's live-rates callback with the shop (carrierServiceCreate / carrierServiceUpdate),
 * keeps its id on the Shop row and records plainly whether it is active, refused by the shop's
 * plan (third-party calculated rates need the Advanced plan, yearly billing or the add-on) or failed.
 */
import type { PrismaClient } from "@prisma/client";
import type { AdminGraphql, GraphqlResult } from "./admin.server";

export const CARRIER_CALLBACK_PATH = "/carrier-service/rates";

export type CarrierServiceState = "active" | "not_allowed_by_plan" | "error";

export type CarrierRegistration =
  | { state: "active"; id: string; created: boolean }
  | { state: "not_allowed_by_plan"; message: string }
  | { state: "error"; message: string };

interface UserError {
  field?: string[] | null;
  message: string;
}

interface CarrierServiceNode {
  id: string;
  name: string | null;
  callbackUrl: string | null;
  active: boolean;
}

const FIELDS = "id name callbackUrl active";

const LIST = `query CarrierServices { carrierServices(first: 50) { nodes { ${FIELDS} } } }`;
const CREATE = `mutation CarrierServiceCreate($input: DeliveryCarrierServiceCreateInput!) {
  carrierServiceCreate(input: $input) { carrierService { ${FIELDS} } userErrors { field message } } }`;
const UPDATE = `mutation CarrierServiceUpdate($input: DeliveryCarrierServiceUpdateInput!) {
  carrierServiceUpdate(input: $input) { carrierService { ${FIELDS} } userErrors { field message } } }`;

type MutationData<K extends string> = Record<
  K,
  { carrierService: CarrierServiceNode | null; userErrors: UserError[] } | null
>;

// Shopify words the plan refusal in prose only (no error code says "plan"), so it is recognised by text.
const PLAN_REFUSAL = /plan|calculated (shipping )?rates|third[- ]party|upgrade/i;
const NOT_FOUND = /could not be found|not found|does not exist/i;

/**
 * Creates the shop's carrier service, or updates the one it already has (by stored id, else by
 * callback URL or name), so that it calls `appUrl` + /carrier-service/rates with service discovery on.
 * Never throws: the outcome is returned and stored on the Shop row.
 */
export async function registerCarrierService(args: {
  db: Pick<PrismaClient, "shop">;
  admin: AdminGraphql;
  shop: string;
  appUrl: string;
  name: string;
}): Promise<CarrierRegistration> {
  let registration: CarrierRegistration;
  try {
    registration = await register(args);
  } catch (error) {
    registration = { state: "error", message: error instanceof Error ? error.message : String(error) };
  }
  const stored = {
    carrierServiceState: registration.state,
    carrierServiceError: registration.state === "active" ? null : registration.message,
    ...(registration.state === "active" ? { carrierServiceId: registration.id } : {}),
  };
  await args.db.shop.upsert({ where: { domain: args.shop }, create: { domain: args.shop, ...stored }, update: stored });
  return registration;
}

async function register(args: {
  db: Pick<PrismaClient, "shop">;
  admin: AdminGraphql;
  shop: string;
  appUrl: string;
  name: string;
}): Promise<CarrierRegistration> {
  const callbackUrl = new URL(CARRIER_CALLBACK_PATH, args.appUrl).toString();
  const settings = { name: args.name, callbackUrl, active: true, supportsServiceDiscovery: true };
  const row = await args.db.shop.findUnique({ where: { domain: args.shop }, select: { carrierServiceId: true } });

  let existingId = row?.carrierServiceId ?? null;
  if (!existingId) {
    // After a reinstall the id is lost but Shopify may still hold our service: adopt it rather than fail on a duplicate name.
    const listed = await args.admin<{ carrierServices: { nodes: CarrierServiceNode[] } }>(LIST);
    const problem = graphqlProblem(listed);
    if (problem) return problem;
    const nodes = listed.data?.carrierServices.nodes ?? [];
    existingId =
      (nodes.find((node) => node.callbackUrl === callbackUrl) ?? nodes.find((node) => node.name === args.name))?.id ??
      null;
  }

  if (existingId) {
    const updated = await args.admin<MutationData<"carrierServiceUpdate">>(UPDATE, {
      input: { id: existingId, ...settings },
    });
    const outcome = mutationOutcome(updated, "carrierServiceUpdate", false);
    // Deleted in the admin since: create a new one.
    if (!(outcome.state === "error" && NOT_FOUND.test(outcome.message))) return outcome;
  }
  const created = await args.admin<MutationData<"carrierServiceCreate">>(CREATE, { input: settings });
  return mutationOutcome(created, "carrierServiceCreate", true);
}

function mutationOutcome<K extends string>(
  result: GraphqlResult<MutationData<K>>,
  field: K,
  created: boolean,
): CarrierRegistration {
  const problem = graphqlProblem(result);
  if (problem) return problem;
  const payload = result.data?.[field];
  const userErrors = payload?.userErrors ?? [];
  if (userErrors.length) {
    const message = userErrors.map((error) => error.message).join("; ");
    return PLAN_REFUSAL.test(message) ? { state: "not_allowed_by_plan", message } : { state: "error", message };
  }
  if (!payload?.carrierService) return { state: "error", message: `${field} returned no carrier service` };
  return { state: "active", id: payload.carrierService.id, created };
}

function graphqlProblem(result: GraphqlResult<unknown>): CarrierRegistration | null {
  if (!result.errors?.length) return null;
  return { state: "error", message: result.errors.map((error) => error.message).join("; ") };
}
