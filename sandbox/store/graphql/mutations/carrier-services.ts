import type { CarrierServiceRecord } from "../../state/records";
import type { StoreContext } from "../context";
import { requireGid } from "../views/node";
import { carrierServiceView } from "../views/carrier-service-views";

export const PLAN_NOT_ALLOWED_MESSAGE =
  "Carrier service is not available on the shop's plan: third-party calculated rates require the Advanced plan or higher";

// Observed Shopify wording for these failures.
const NOT_FOUND_MESSAGE = "The carrier or app could not be found.";
const BLANK_NAME_MESSAGE = "Shipping rate provider name can't be blank";
const HTTPS_MESSAGE = "Shipping rate provider callback url must use HTTPS";
const INVALID_HOST_MESSAGE = "Shipping rate provider callback url invalid host";

interface CreateInput {
  name: string;
  callbackUrl: string;
  supportsServiceDiscovery: boolean;
  active: boolean;
}

interface UpdateInput {
  id: string;
  name?: string | null;
  callbackUrl?: string | null;
  supportsServiceDiscovery?: boolean | null;
  active?: boolean | null;
}

const failure =
  (code: string) =>
  (message: string, field: string[] | null = null) => ({ field, message, code });

export function carrierServiceMutations(ctx: StoreContext) {
  const { shop } = ctx;
  return {
    carrierServiceCreate: ({ input }: { input: CreateInput }) => {
      const error = failure("CARRIER_SERVICE_CREATE_FAILED");
      const problem =
        (!shop.allowsCarrierCalculatedRates && PLAN_NOT_ALLOWED_MESSAGE) ||
        (input.name.trim() === "" && BLANK_NAME_MESSAGE) ||
        callbackUrlProblem(input.callbackUrl, shop.strictCallbackUrls) ||
        ([...shop.carrierServices.values()].some((s) => s.name === input.name) &&
          `${input.name} is already configured`);
      if (problem) return { carrierService: null, userErrors: [error(problem)] };
      const now = ctx.now();
      const record: CarrierServiceRecord = {
        id: shop.ids.next("DeliveryCarrierService"),
        name: input.name,
        callbackUrl: input.callbackUrl,
        active: input.active,
        supportsServiceDiscovery: input.supportsServiceDiscovery,
        createdAt: now,
        updatedAt: now,
      };
      shop.carrierServices.set(record.id, record);
      return { carrierService: carrierServiceView(record), userErrors: [] };
    },
    carrierServiceUpdate: ({ input }: { input: UpdateInput }) => {
      const error = failure("CARRIER_SERVICE_UPDATE_FAILED");
      requireGid(input.id);
      const record = shop.carrierServices.get(input.id);
      const problem =
        (!record && NOT_FOUND_MESSAGE) ||
        (input.active === true && !shop.allowsCarrierCalculatedRates && PLAN_NOT_ALLOWED_MESSAGE) ||
        (input.name != null && input.name.trim() === "" && BLANK_NAME_MESSAGE) ||
        (input.callbackUrl != null && callbackUrlProblem(input.callbackUrl, shop.strictCallbackUrls));
      if (problem || !record) return { carrierService: null, userErrors: [error(problem || NOT_FOUND_MESSAGE)] };
      if (input.name != null) record.name = input.name;
      if (input.callbackUrl != null) record.callbackUrl = input.callbackUrl;
      if (input.active != null) record.active = input.active;
      if (input.supportsServiceDiscovery != null) record.supportsServiceDiscovery = input.supportsServiceDiscovery;
      record.updatedAt = ctx.now();
      return { carrierService: carrierServiceView(record), userErrors: [] };
    },
    carrierServiceDelete: ({ id }: { id: string }) => {
      requireGid(id);
      if (!shop.carrierServices.delete(id)) {
        return { deletedId: null, userErrors: [failure("CARRIER_SERVICE_DELETE_FAILED")(NOT_FOUND_MESSAGE, ["id"])] };
      }
      return { deletedId: id, userErrors: [] };
    },
  };
}

/** Shopify refuses plain HTTP and hosts it cannot or must not call; only in strict mode here. */
function callbackUrlProblem(url: string, strict: boolean): string | false {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return INVALID_HOST_MESSAGE;
  }
  if (!strict) return false;
  if (parsed.protocol !== "https:") return HTTPS_MESSAGE;
  const host = parsed.hostname.toLowerCase();
  const banned =
    host === "localhost" ||
    /(^|\.)(shopify\.com|myshopify\.com|shopifypreview\.com|myshopify\.dev)$/.test(host) ||
    /^(0|10|127)\.|^192\.168\.|^172\.(1[6-9]|2\d|3[01])\./.test(host);
  return banned ? INVALID_HOST_MESSAGE : false;
}
