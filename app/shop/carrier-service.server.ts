/**
 * Registers the app's live-rates callback with the shop (carrierServiceCreate / carrierServiceUpdate),
 * keeps its id on the Shop row and records plainly whether it is active, refused by the shop's
 * plan (third-party calculated rates need the Advanced plan, yearly billing or the add-on) or failed.
 */
import type { PrismaClient } from "@prisma/client";
import type { AdminGraphql } from "../shopify/admin.server";
import {
  createCarrierService,
  listCarrierServices,
  updateCarrierService,
  type CarrierService,
} from "../shopify/admin/carrier-services.server";
import { ShopifyAdminError } from "../shopify/admin/errors";
import { shopifyProblem, type ShopifyProblem } from "../shopify/admin/problem";
import { storeCarrierRegistration } from "./shop.server";

const CARRIER_CALLBACK_PATH = "/carrier-service/rates";

export type CarrierServiceState = "active" | "not_allowed_by_plan" | "error";

/**
 * `problem` is the code stored on the Shop row and worded by the pages (app/shopify/admin/problem.ts);
 * `detail` is Shopify's own text, for the logs only.
 */
export type CarrierRegistration =
  | { state: "active"; id: string; created: boolean }
  | { state: "not_allowed_by_plan"; problem: "not_allowed_by_plan"; detail: string }
  | { state: "error"; problem: ShopifyProblem; detail: string };

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
    registration = {
      state: "error",
      problem: shopifyProblem(error),
      detail: error instanceof Error ? error.message : String(error),
    };
  }
  const stored = {
    carrierServiceState: registration.state,
    carrierServiceError: registration.state === "active" ? null : registration.problem,
    ...(registration.state === "active" ? { carrierServiceId: registration.id } : {}),
  };
  await storeCarrierRegistration(args.db, args.shop, stored);
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
    const nodes = await listCarrierServices(args.admin).catch(refusal);
    if ("state" in nodes) return nodes;
    existingId =
      (nodes.find((node) => node.callbackUrl === callbackUrl) ?? nodes.find((node) => node.name === args.name))?.id ??
      null;
  }

  if (existingId) {
    const updated = await updateCarrierService(args.admin, { id: existingId, ...settings }).then(
      (service) => registered(service, false),
      refusal,
    );
    // Deleted in the admin since: create a new one.
    if (!(updated.state === "error" && updated.problem === "not_found")) return updated;
  }
  return createCarrierService(args.admin, settings).then((service) => registered(service, true), refusal);
}

function registered(service: CarrierService, created: boolean): CarrierRegistration {
  return { state: "active", id: service.id, created };
}

/** Shopify's refusal as a registration outcome; anything else (e.g. the network) is thrown on. */
function refusal(error: unknown): Extract<CarrierRegistration, { state: "not_allowed_by_plan" | "error" }> {
  if (!(error instanceof ShopifyAdminError)) throw error;
  const problem = shopifyProblem(error);
  return problem === "not_allowed_by_plan"
    ? { state: "not_allowed_by_plan", problem, detail: error.detail }
    : { state: "error", problem, detail: error.detail };
}
