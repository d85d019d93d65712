/**
 * The shop's Mexico market and its shipping options (market-driven shipping, 2026-10 schema):
 * reads (`market`, `marketByGeography`, `Market.delivery.shipping.optionDefinitions`) and
 * `marketUpdate` adding or deleting carrier-calculated options. One rate group per
 * carrier-calculated option, as Shopify allows for now.
 */
import { numericId } from "../ids";
import { paginate, type ConnectionArgs } from "../graphql/connection";
import type { StoreContext } from "../graphql/context";
import { carrierServiceView } from "../graphql/views/carrier-service-views";
import { requireGid } from "../graphql/views/node";
import type { ShopState } from "../state/shop-state";
import type { MarketCarrierOptionRecord, MarketRecord } from "./delivery-records";

const byId = (record: { id: string }): [number, number] => [numericId(record.id), numericId(record.id)];

interface RateGroupInput {
  carrierServiceId: string;
  autoIncludeNewServices?: boolean | null;
  percentageAdjustment?: number | null;
}
interface MarketUpdateInput {
  name?: string | null;
  delivery?: {
    shipping?: {
      isEnabled?: boolean | null;
      optionDefinitionsToCreate?: Array<{
        carrierCalculated?: { currency: string; isActive?: boolean | null; rateGroups: RateGroupInput[] } | null;
      }> | null;
      optionDefinitionsToDelete?: string[] | null;
    } | null;
  } | null;
}
interface MarketUserError {
  field: string[];
  message: string;
  code: "INVALID" | "MARKET_NOT_FOUND";
}

/** Adds a carrier-calculated option for `carrierServiceId` to the Mexico market (the merchant's or an app's). */
export function addMarketCarrierOption(
  shop: ShopState,
  carrierServiceId: string,
  options: { currency?: string; isActive?: boolean; autoIncludeNewServices?: boolean; percentageAdjustment?: number | null } = {},
): MarketCarrierOptionRecord {
  const option: MarketCarrierOptionRecord = {
    id: shop.ids.next("DeliveryCarrierCalculatedOptionDefinition"),
    rateGroupId: shop.ids.next("DeliveryCarrierCalculatedRateGroup"),
    carrierServiceId,
    currency: options.currency ?? shop.currencyCode,
    isActive: options.isActive ?? true,
    autoIncludeNewServices: options.autoIncludeNewServices ?? true,
    percentageAdjustment: options.percentageAdjustment ?? null,
  };
  shop.shippingModel.mexicoMarket.options.push(option);
  return option;
}

function marketView(ctx: StoreContext, market: MarketRecord) {
  return {
    __typename: "Market",
    id: market.id,
    name: market.name,
    handle: market.handle,
    conditions: {
      regionsCondition: {
        regions: (args: ConnectionArgs) =>
          paginate([{ id: market.regionId, name: "México", code: "MX" }], args, "regions", byId, (region) => ({
            __typename: "MarketRegionCountry",
            ...region,
          })),
      },
    },
    delivery: {
      // Shipping configured in Markets only on market-driven shops; otherwise the profiles say.
      shipping: ctx.shop.shippingModel.marketDriven
        ? {
            isEnabled: market.shippingEnabled,
            optionDefinitions: (args: ConnectionArgs & { active?: boolean | null }) =>
              paginate(
                market.options.filter((o) => args.active == null || o.isActive === args.active),
                args,
                "optionDefinitions",
                byId,
                (option) => optionView(ctx, option),
              ),
            optionDefinitionsCount: (args: { active?: boolean | null }) => ({
              count: market.options.filter((o) => args.active == null || o.isActive === args.active).length,
              precision: "EXACT",
            }),
          }
        : null,
    },
  };
}

function optionView(ctx: StoreContext, option: MarketCarrierOptionRecord) {
  const service = ctx.shop.carrierServices.get(option.carrierServiceId);
  const group = {
    id: option.rateGroupId,
    carrierService: service ? carrierServiceView(service) : null,
    autoIncludeNewServices: option.autoIncludeNewServices,
    percentageAdjustment: option.percentageAdjustment,
  };
  return {
    __typename: "DeliveryCarrierCalculatedOptionDefinition",
    id: option.id,
    currency: option.currency,
    description: null,
    isActive: option.isActive,
    rateGroups: (args: ConnectionArgs) => paginate([group], args, "rateGroups", byId, (g) => g),
  };
}

export function marketQueries(ctx: StoreContext) {
  const market = ctx.shop.shippingModel.mexicoMarket;
  return {
    market: ({ id }: { id: string }) => {
      requireGid(id);
      return id === market.id ? marketView(ctx, market) : null;
    },
    markets: (args: ConnectionArgs) => paginate([market], args, "markets", byId, (m) => marketView(ctx, m)),
    marketByGeography: ({ countryCode }: { countryCode: string }) =>
      countryCode === "MX" ? marketView(ctx, market) : null,
  };
}

export function marketMutations(ctx: StoreContext) {
  const { shop } = ctx;
  const market = shop.shippingModel.mexicoMarket;
  return {
    marketUpdate: ({ id, input }: { id: string; input: MarketUpdateInput }) => {
      requireGid(id);
      const answer = (userErrors: MarketUserError[]) => ({
        market: userErrors.length ? null : marketView(ctx, market),
        userErrors,
      });
      if (id !== market.id) return answer([{ field: ["id"], message: "Market does not exist", code: "MARKET_NOT_FOUND" }]);
      const shipping = input.delivery?.shipping;
      const errors: MarketUserError[] = [];
      if (shipping && !shop.shippingModel.marketDriven) {
        errors.push({
          field: ["input", "delivery", "shipping"],
          message: "Shipping can't be configured in markets on this shop: it uses delivery profiles",
          code: "INVALID",
        });
      }
      const creates = shipping?.optionDefinitionsToCreate ?? [];
      creates.forEach((create, index) => {
        const field = ["input", "delivery", "shipping", "optionDefinitionsToCreate", String(index)];
        const calculated = create.carrierCalculated;
        if (!calculated) {
          errors.push({ field, message: "Only carrier-calculated options are supported here", code: "INVALID" });
          return;
        }
        if (calculated.rateGroups.length !== 1) {
          errors.push({
            field: [...field, "carrierCalculated", "rateGroups"],
            message: "A carrier-calculated shipping option takes exactly one rate group",
            code: "INVALID",
          });
          return;
        }
        const serviceId = calculated.rateGroups[0]!.carrierServiceId;
        requireGid(serviceId);
        const service = shop.carrierServices.get(serviceId);
        if (!service) {
          errors.push({
            field: [...field, "carrierCalculated", "rateGroups", "0", "carrierServiceId"],
            message: "Carrier service does not exist",
            code: "INVALID",
          });
        }
      });
      for (const [index, optionId] of (shipping?.optionDefinitionsToDelete ?? []).entries()) {
        if (!market.options.some((o) => o.id === optionId)) {
          errors.push({
            field: ["input", "delivery", "shipping", "optionDefinitionsToDelete", String(index)],
            message: "Shipping option does not exist",
            code: "INVALID",
          });
        }
      }
      // All or nothing, as Shopify applies a mutation's input.
      if (errors.length) return answer(errors);
      if (input.name) market.name = input.name;
      if (shipping?.isEnabled != null) market.shippingEnabled = shipping.isEnabled;
      const deleted = new Set(shipping?.optionDefinitionsToDelete ?? []);
      market.options = market.options.filter((o) => !deleted.has(o.id));
      for (const create of creates) {
        const calculated = create.carrierCalculated!;
        const group = calculated.rateGroups[0]!;
        addMarketCarrierOption(shop, group.carrierServiceId, {
          currency: calculated.currency,
          isActive: calculated.isActive ?? true,
          autoIncludeNewServices: group.autoIncludeNewServices ?? true,
          percentageAdjustment: group.percentageAdjustment ?? null,
        });
      }
      return answer([]);
    },
  };
}
