/**
 * Shipping in Markets (2026-10 schema), as the checkout readiness reads and fixes it on a shop on
 * market-driven shipping: the Mexico market's carrier-calculated options (each names a carrier
 * service through its rate group) and `marketUpdate` adding one for our carrier.
 */
import type { AdminGraphql } from "./client";
import { dataOf, throwOnUserErrors } from "./errors";
import type { AddMarketCarrierOptionMutation, MexicoMarketShippingQuery } from "./types/admin.generated";

// Page sizes keep the requested cost near 500 of Shopify's 1,000-point limit per query (5 markets
// of up to 50 regions and 10 active options each): shops have a handful of markets, and a
// carrier-calculated option has one rate group. Mexico is in the first five markets read.
const MEXICO_MARKET_SHIPPING = `#graphql
  query MexicoMarketShipping {
    markets(first: 5) {
      nodes {
      id
      name
      conditions { regionsCondition { regions(first: 50) { nodes { ... on MarketRegionCountry { code } } } } }
      delivery {
        shipping {
          isEnabled
          optionDefinitions(first: 10, active: true) {
            nodes {
              id
              ... on DeliveryCarrierCalculatedOptionDefinition {
                rateGroups(first: 1) { nodes { carrierService { id } } }
              }
            }
          }
        }
      }
      }
    }
  }
`;

const ADD_MARKET_CARRIER_OPTION = `#graphql
  mutation AddMarketCarrierOption($id: ID!, $input: MarketUpdateInput!) {
    marketUpdate(id: $id, input: $input) {
      market { id }
      userErrors { field message code }
    }
  }
`;

export interface MexicoMarketShipping {
  id: string;
  /** The market's name as the merchant named it (the checklist says it). */
  name: string;
  /** False when the market's shipping is off, or the market inherits it (no configuration of its own). */
  configured: boolean;
  /** Carrier services of the market's active carrier-calculated options. */
  carrierServiceIds: string[];
}

/** The market Mexican buyers are in, with its shipping; null when the shop sells to no market there. */
export async function readMexicoMarketShipping(admin: AdminGraphql): Promise<MexicoMarketShipping | null> {
  const { markets } = dataOf(await admin<MexicoMarketShippingQuery>(MEXICO_MARKET_SHIPPING), "MexicoMarketShipping");
  const market = markets.nodes.find((candidate) =>
    (candidate.conditions?.regionsCondition?.regions.nodes ?? []).some(
      (region) => "code" in region && region.code === "MX",
    ),
  );
  if (!market) return null;
  const shipping = market.delivery.shipping;
  return {
    id: market.id,
    name: market.name,
    configured: Boolean(shipping?.isEnabled),
    carrierServiceIds: (shipping?.optionDefinitions.nodes ?? []).flatMap((option) =>
      "rateGroups" in option ? (option.rateGroups?.nodes ?? []).map((group) => group.carrierService.id) : [],
    ),
  };
}

/** Adds a carrier-calculated option of `carrierServiceId` (one rate group, new services included) to the market. */
export async function addMarketCarrierOption(
  admin: AdminGraphql,
  args: { marketId: string; carrierServiceId: string; currency: "MXN" },
): Promise<void> {
  const { marketUpdate } = dataOf(
    await admin<AddMarketCarrierOptionMutation>(ADD_MARKET_CARRIER_OPTION, {
      id: args.marketId,
      input: {
        delivery: {
          shipping: {
            optionDefinitionsToCreate: [
              {
                carrierCalculated: {
                  currency: args.currency,
                  rateGroups: [{ carrierServiceId: args.carrierServiceId, autoIncludeNewServices: true }],
                },
              },
            ],
          },
        },
      },
    }),
    "AddMarketCarrierOption",
  );
  throwOnUserErrors("AddMarketCarrierOption", marketUpdate?.userErrors);
}
