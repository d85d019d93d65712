/**
 * The merchant's shipping settings and a buyer's checkout, for tests and the demo: custom
 * profiles, removing a carrier's rates, switching the shop to market-driven shipping, and the
 * checkout that does or does not call the carrier callback (orders/checkout.ts).
 */
import { addMerchantProfile, assignVariants } from "../delivery/delivery-state";
import { addMarketCarrierOption } from "../delivery/markets";
import { checkout, type CheckoutInput, type CheckoutOutcome } from "../orders/checkout";
import { resolveLine } from "../orders/line-items";
import type { ShopState } from "../state/shop-state";
import type { WebhookSender } from "../webhooks/deliver";
import { ControlError, type AppRegistration } from "./control-error";

interface ShippingModelUpdate {
  marketDriven?: boolean;
  coversAllItemsEnabled?: boolean;
}

export interface ShippingControl {
  /** A buyer's cart at checkout: which carriers Shopify calls, and the carrier rates shown. */
  checkout(domain: string, input: CheckoutInput): Promise<CheckoutOutcome>;
  /** Market-driven shipping on or off (merchant profiles stay as a stale snapshot). */
  setShippingModel(
    domain: string,
    update: ShippingModelUpdate,
  ): { marketDriven: boolean; coversAllItemsEnabled: boolean };
  /** A custom merchant profile holding these products' variants, shipping to Mexico at a flat rate. */
  createProfile(domain: string, input: { name: string; skus: string[] }): { profile: { id: string; name: string } };
  /** The merchant deletes every method definition in which this carrier participates. */
  removeCarrierRates(domain: string, input: { carrierServiceId?: string }): { removed: number };
  /** Under market-driven shipping: the merchant adds the carrier as a calculated option to Mexico's market. */
  addMarketCarrierRates(domain: string, input: { carrierServiceId?: string }): { carrierServiceId: string };
}

export function createShippingControl(deps: {
  shopOf(domain: string): ShopState;
  appOf(domain: string): AppRegistration | null;
  sender: WebhookSender;
}): ShippingControl {
  const carrierOf = (shop: ShopState, id: string | undefined): string => {
    const found = id ? shop.carrierServices.get(id) : shop.carrierServices.values().next().value;
    if (!found) throw new ControlError(404, id ? `no carrier service ${id}` : `${shop.domain} has no carrier service`);
    return found.id;
  };
  return {
    async checkout(domain, input) {
      const shop = deps.shopOf(domain);
      const app = deps.appOf(domain);
      if (!app) throw new ControlError(409, "no app is installed: PUT /app with its secret first");
      try {
        return await checkout(shop, input, { sender: deps.sender, secret: app.secret, fetch: app.fetch });
      } catch (error) {
        if (error instanceof ControlError) throw error;
        throw new ControlError(404, error instanceof Error ? error.message : String(error));
      }
    },
    setShippingModel(domain, update) {
      const model = deps.shopOf(domain).shippingModel;
      if (update.marketDriven !== undefined) model.marketDriven = update.marketDriven;
      if (update.coversAllItemsEnabled !== undefined) model.coversAllItemsEnabled = update.coversAllItemsEnabled;
      return { marketDriven: model.marketDriven, coversAllItemsEnabled: model.coversAllItemsEnabled };
    },
    createProfile(domain, input) {
      const shop = deps.shopOf(domain);
      let variantIds: string[];
      try {
        variantIds = input.skus.map((sku) => resolveLine(shop, { sku, quantity: 1 }).variant.id);
      } catch (error) {
        throw new ControlError(404, error instanceof Error ? error.message : String(error));
      }
      const profile = addMerchantProfile(shop, {
        name: input.name,
        isDefault: false,
        methodName: "Envío voluminoso",
        amount: "350.00",
      });
      assignVariants(shop, profile, variantIds);
      return { profile: { id: profile.id, name: profile.name } };
    },
    removeCarrierRates(domain, input) {
      const shop = deps.shopOf(domain);
      const carrierId = carrierOf(shop, input.carrierServiceId);
      let removed = 0;
      for (const profile of shop.deliveryProfiles.values()) {
        for (const zone of profile.locationGroups.flatMap((g) => g.zones)) {
          const kept = zone.methods.filter(
            (m) => !(m.rateProvider.kind === "participant" && m.rateProvider.carrierServiceId === carrierId),
          );
          removed += zone.methods.length - kept.length;
          zone.methods = kept;
        }
      }
      const market = shop.shippingModel.mexicoMarket;
      market.options = market.options.filter((option) => option.carrierServiceId !== carrierId);
      return { removed };
    },
    addMarketCarrierRates(domain, input) {
      const shop = deps.shopOf(domain);
      if (!shop.shippingModel.marketDriven)
        throw new ControlError(409, `${domain} is not on market-driven shipping: add the rates to a delivery profile`);
      const carrierId = carrierOf(shop, input.carrierServiceId);
      addMarketCarrierOption(shop, carrierId);
      return { carrierServiceId: carrierId };
    },
  };
}
