import { describe, expect, it } from "vitest";
import { DOMAIN, demoStore, queryData } from "./store-fixture";

// Shipping in Markets (2026-10 schema): on a market-driven shop the Mexico market's shipping
// options are what checkout offers; `marketUpdate` adds a carrier-calculated option; writes to the
// merchant's delivery profiles succeed without errors but change nothing. Every document here is
// validated by the store against Shopify's published 2026-10 schema.
const RATE = { service_name: "svc Estándar", service_code: "STD", total_price: "14900", currency: "MXN" };

const CREATE_CARRIER = `mutation($input: DeliveryCarrierServiceCreateInput!) {
  carrierServiceCreate(input: $input) { carrierService { id } userErrors { message } } }`;

const MEXICO = `query MexicoShipping {
  marketByGeography(countryCode: MX) {
    id name
    delivery { shipping { isEnabled
      optionDefinitions(first: 10) { nodes { id isActive currency
        ... on DeliveryCarrierCalculatedOptionDefinition { rateGroups(first: 1) { nodes { carrierService { id } } } } } } } }
  } }`;

const ADD_OPTION = `mutation AddOption($id: ID!, $input: MarketUpdateInput!) {
  marketUpdate(id: $id, input: $input) {
    market { id }
    userErrors { field message code } } }`;

const PROFILES = `query { deliveryProfiles(first: 5) { nodes { id profileLocationGroups { locationGroup { id }
  locationGroupZones(first: 3) { nodes { zone { id } methodDefinitions(first: 5) { nodes { id } } } } } } } }`;

const UPDATE_PROFILE = `mutation($id: ID!, $profile: DeliveryProfileInput!) {
  deliveryProfileUpdate(id: $id, profile: $profile) { profile { id } userErrors { field message } } }`;

async function shopWithCarrier(marketDrivenShipping: boolean) {
  const { store } = demoStore({ marketDrivenShipping });
  const fetch = (async () => Response.json({ rates: [RATE] })) as unknown as typeof globalThis.fetch;
  store.control.setApp(DOMAIN, { secret: "s", webhooks: [], fetch });
  const created = await queryData(store, CREATE_CARRIER, {
    input: { name: "svc", callbackUrl: "https://app.example.test/carrier-service/rates", active: true, supportsServiceDiscovery: true },
  });
  return { store, carrierId: created.carrierServiceCreate.carrierService.id as string };
}

const carrierOption = (carrierServiceId: string) => ({
  delivery: { shipping: { optionDefinitionsToCreate: [{ carrierCalculated: { currency: "MXN", rateGroups: [{ carrierServiceId }] } }] } },
});

describe("shipping in Markets", () => {
  it("takes a market-driven shop from no rates to rates when a carrier-calculated option is added to the Mexico market", async () => {
    const { store, carrierId } = await shopWithCarrier(true);
    const before = await queryData(store, MEXICO);
    expect(before.marketByGeography).toMatchObject({ name: "México", delivery: { shipping: { isEnabled: true } } });
    expect(before.marketByGeography.delivery.shipping.optionDefinitions.nodes).toEqual([]);
    expect((await store.control.checkout(DOMAIN, { items: [{ sku: "TAZA-AZ", quantity: 1 }] })).rates).toEqual([]);

    const added = await queryData(store, ADD_OPTION, { id: before.marketByGeography.id, input: carrierOption(carrierId) });
    expect(added.marketUpdate).toEqual({ market: { id: before.marketByGeography.id }, userErrors: [] });

    const after = await queryData(store, MEXICO);
    expect(after.marketByGeography.delivery.shipping.optionDefinitions.nodes).toEqual([
      expect.objectContaining({ isActive: true, currency: "MXN", rateGroups: { nodes: [{ carrierService: { id: carrierId } }] } }),
    ]);
    expect((await store.control.checkout(DOMAIN, { items: [{ sku: "TAZA-AZ", quantity: 1 }] })).rates).toEqual([RATE]);
  });

  it("shows the option the merchant added in the admin the same way", async () => {
    const { store, carrierId } = await shopWithCarrier(true);
    store.control.addMarketCarrierRates(DOMAIN, { carrierServiceId: carrierId });
    const read = await queryData(store, MEXICO);
    expect(read.marketByGeography.delivery.shipping.optionDefinitions.nodes[0].rateGroups.nodes[0].carrierService.id).toBe(carrierId);
  });

  it("refuses an unknown carrier or two rate groups, naming the field, and changes nothing", async () => {
    const { store, carrierId } = await shopWithCarrier(true);
    const id = (await queryData(store, MEXICO)).marketByGeography.id;
    const unknown = await queryData(store, ADD_OPTION, { id, input: carrierOption("gid://shopify/DeliveryCarrierService/1") });
    expect(unknown.marketUpdate.userErrors).toEqual([
      {
        field: ["input", "delivery", "shipping", "optionDefinitionsToCreate", "0", "carrierCalculated", "rateGroups", "0", "carrierServiceId"],
        message: "Carrier service does not exist",
        code: "INVALID",
      },
    ]);
    const two = carrierOption(carrierId);
    two.delivery.shipping.optionDefinitionsToCreate[0]!.carrierCalculated.rateGroups.push({ carrierServiceId: carrierId });
    expect((await queryData(store, ADD_OPTION, { id, input: two })).marketUpdate.userErrors[0].code).toBe("INVALID");
    expect((await queryData(store, MEXICO)).marketByGeography.delivery.shipping.optionDefinitions.nodes).toEqual([]);
  });

  it("has no market shipping on a shop still on delivery profiles, and refuses to configure it", async () => {
    const { store, carrierId } = await shopWithCarrier(false);
    const read = await queryData(store, MEXICO);
    expect(read.marketByGeography.delivery.shipping).toBeNull();
    const refused = await queryData(store, ADD_OPTION, { id: read.marketByGeography.id, input: carrierOption(carrierId) });
    expect(refused.marketUpdate.userErrors[0]).toMatchObject({ field: ["input", "delivery", "shipping"], code: "INVALID" });
  });

  it("answers a write to a merchant profile of a market-driven shop without errors, and changes nothing", async () => {
    const { store, carrierId } = await shopWithCarrier(true);
    const general = (await queryData(store, PROFILES)).deliveryProfiles.nodes[0];
    const group = general.profileLocationGroups[0];
    const zone = group.locationGroupZones.nodes[0];
    const written = await queryData(store, UPDATE_PROFILE, {
      id: general.id,
      profile: {
        locationGroupsToUpdate: [
          {
            id: group.locationGroup.id,
            zonesToUpdate: [
              { id: zone.zone.id, methodDefinitionsToCreate: [{ name: "svc", participant: { carrierServiceId: carrierId, adaptToNewServices: true } }] },
            ],
          },
        ],
      },
    });
    expect(written.deliveryProfileUpdate).toEqual({ profile: { id: general.id }, userErrors: [] });
    const after = (await queryData(store, PROFILES)).deliveryProfiles.nodes[0];
    expect(after.profileLocationGroups[0].locationGroupZones.nodes[0].methodDefinitions.nodes).toEqual(
      zone.methodDefinitions.nodes,
    );
  });
});
