import { describe, expect, it } from "vitest";
import { DOMAIN, demoStore, queryData } from "./store-fixture";

const SECRET = "test-api-secret";
const CALLBACK = "https://app.example.test/carrier-service/rates";
const RATE = { service_name: "svc Estándar", service_code: "STD", total_price: "14900", currency: "MXN" };

const CREATE_CARRIER = `mutation($input: DeliveryCarrierServiceCreateInput!) {
  carrierServiceCreate(input: $input) { carrierService { id } userErrors { message } } }`;

const PROFILES = `query($first: Int!, $after: String, $merchantOwnedOnly: Boolean) {
  deliveryProfiles(first: $first, after: $after, merchantOwnedOnly: $merchantOwnedOnly) {
    nodes { id name default coversAllItems productVariantsCount { count }
      profileLocationGroups { locationGroup { id locations(first: 5) { nodes { id } } }
        locationGroupZones(first: 3) { nodes { zone { id name countries { code { countryCode restOfWorld } } }
          methodDefinitions(first: 3) { nodes { id name active rateProvider {
            __typename ... on DeliveryParticipant { adaptToNewServicesFlag carrierService { id } }
            ... on DeliveryRateDefinition { price { amount currencyCode } } } } } } } } }
    pageInfo { hasNextPage endCursor } } }`;

const UPDATE = `mutation($id: ID!, $profile: DeliveryProfileInput!) {
  deliveryProfileUpdate(id: $id, profile: $profile) { profile { id } userErrors { field message } } }`;

const CREATE_PROFILE = `mutation($profile: DeliveryProfileInput!) {
  deliveryProfileCreate(profile: $profile) { profile { id coversAllItems } userErrors { field message } } }`;

/** A store with the demo catalogue, our app installed and its carrier service registered. */
async function storeWithCarrier(shop: Parameters<typeof demoStore>[0] = {}) {
  const { store } = demoStore(shop);
  const calls: unknown[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    calls.push(await request.json());
    return Response.json({ rates: [RATE] });
  }) as typeof globalThis.fetch;
  store.control.setApp(DOMAIN, { secret: SECRET, webhooks: [], fetch });
  const created = await queryData(store, CREATE_CARRIER, {
    input: { name: "svc", callbackUrl: CALLBACK, active: true, supportsServiceDiscovery: true },
  });
  const carrierId: string = created.carrierServiceCreate.carrierService.id;
  const general = (await queryData(store, PROFILES, { first: 5 })).deliveryProfiles.nodes[0];
  const group = general.profileLocationGroups[0];
  return { store, calls, carrierId, general, group, sku: "TAZA-AZ" };
}

const participant = (carrierServiceId: string) => ({
  name: "svc envíos",
  participant: { carrierServiceId, adaptToNewServices: true },
});

async function addToGeneral(ctx: Awaited<ReturnType<typeof storeWithCarrier>>) {
  const zone = ctx.group.locationGroupZones.nodes[0].zone;
  return queryData(ctx.store, UPDATE, {
    id: ctx.general.id,
    profile: {
      locationGroupsToUpdate: [
        {
          id: ctx.group.locationGroup.id,
          zonesToUpdate: [{ id: zone.id, methodDefinitionsToCreate: [participant(ctx.carrierId)] }],
        },
      ],
    },
  });
}

describe("delivery profiles (Admin API 2026-10)", () => {
  it("gives a new shop a General profile shipping to Mexico at a flat rate, and carrierServiceCreate adds nothing to it", async () => {
    const ctx = await storeWithCarrier();
    expect(ctx.general).toMatchObject({ name: "General profile", default: true, coversAllItems: false });
    const methods = ctx.group.locationGroupZones.nodes[0].methodDefinitions.nodes;
    expect(methods).toEqual([
      expect.objectContaining({
        rateProvider: { __typename: "DeliveryRateDefinition", price: { amount: "150.00", currencyCode: "MXN" } },
      }),
    ]);
  });

  it("does not call the carrier at checkout until it participates in a zone covering the destination", async () => {
    const ctx = await storeWithCarrier();
    const before = await ctx.store.control.checkout(DOMAIN, { items: [{ sku: ctx.sku, quantity: 1 }] });
    expect(before.rates).toEqual([]);
    expect(before.carriers[0]).toMatchObject({ called: false, skipped: "not_in_shipping_settings" });
    expect(ctx.calls).toHaveLength(0);

    expect((await addToGeneral(ctx)).deliveryProfileUpdate.userErrors).toEqual([]);
    const after = await ctx.store.control.checkout(DOMAIN, { items: [{ sku: ctx.sku, quantity: 1 }] });
    expect(after.rates).toEqual([RATE]);
    expect(ctx.calls).toHaveLength(1);

    const read = (await queryData(ctx.store, PROFILES, { first: 5 })).deliveryProfiles.nodes[0];
    const participantMethod = read.profileLocationGroups[0].locationGroupZones.nodes[0].methodDefinitions.nodes[1];
    expect(participantMethod.rateProvider).toEqual({
      __typename: "DeliveryParticipant",
      adaptToNewServicesFlag: true,
      carrierService: { id: ctx.carrierId },
    });
  });

  it("asks the profile of each item: a product in a custom profile without the carrier gets no carrier rates", async () => {
    const ctx = await storeWithCarrier();
    await addToGeneral(ctx);
    const { profile } = ctx.store.control.createProfile(DOMAIN, { name: "Voluminosos", skus: ["TAZA-VE"] });
    const outcome = await ctx.store.control.checkout(DOMAIN, {
      items: [
        { sku: ctx.sku, quantity: 1 },
        { sku: "TAZA-VE", quantity: 1 },
      ],
    });
    expect(outcome.rates).toEqual([]);
    expect(outcome.carriers[0]!.uncoveredVariantIds).toHaveLength(1);
    const custom = (await queryData(ctx.store, PROFILES, { first: 5 })).deliveryProfiles.nodes.find(
      (p: { id: string }) => p.id === profile.id,
    );
    expect(custom.productVariantsCount.count).toBe(1);
  });

  it("asks only location groups holding the origin location", async () => {
    const ctx = await storeWithCarrier();
    await addToGeneral(ctx);
    const { location } = ctx.store.control.addLocation(DOMAIN, { name: "Bodega Monterrey" });
    const outcome = await ctx.store.control.checkout(DOMAIN, {
      items: [{ sku: ctx.sku, quantity: 1 }],
      location: location.id,
    });
    expect(outcome.carriers[0]).toMatchObject({ called: false, skipped: "not_in_shipping_settings" });
  });

  it("answers Shopify's userErrors and changes nothing when part of the input is refused", async () => {
    const ctx = await storeWithCarrier();
    const zone = ctx.group.locationGroupZones.nodes[0].zone;
    const unknownCarrier = await queryData(ctx.store, UPDATE, {
      id: ctx.general.id,
      profile: {
        locationGroupsToUpdate: [
          {
            id: ctx.group.locationGroup.id,
            zonesToUpdate: [
              { id: zone.id, methodDefinitionsToCreate: [participant("gid://shopify/DeliveryCarrierService/1")] },
            ],
          },
        ],
      },
    });
    expect(unknownCarrier.deliveryProfileUpdate).toEqual({
      profile: null,
      userErrors: [expect.objectContaining({ message: "The carrier or app could not be found." })],
    });
    const duplicateCountry = await queryData(ctx.store, UPDATE, {
      id: ctx.general.id,
      profile: {
        locationGroupsToUpdate: [
          {
            id: ctx.group.locationGroup.id,
            zonesToCreate: [
              {
                name: "Otra",
                countries: [{ code: "MX", includeAllProvinces: true }],
                methodDefinitionsToCreate: [participant(ctx.carrierId)],
              },
            ],
          },
        ],
      },
    });
    expect(duplicateCountry.deliveryProfileUpdate.userErrors[0].message).toMatch(/MX is already in zone México/);
    const coversAll = await queryData(ctx.store, UPDATE, { id: ctx.general.id, profile: { coversAllItems: true } });
    expect(coversAll.deliveryProfileUpdate.userErrors[0].field).toEqual(["profile", "coversAllItems"]);
    const read = (await queryData(ctx.store, PROFILES, { first: 5 })).deliveryProfiles.nodes[0];
    expect(read.profileLocationGroups[0].locationGroupZones.nodes).toHaveLength(1);
    expect(read.profileLocationGroups[0].locationGroupZones.nodes[0].methodDefinitions.nodes).toHaveLength(1);
  });

  it("pages through profiles with Shopify cursors, General first", async () => {
    const ctx = await storeWithCarrier();
    ctx.store.control.createProfile(DOMAIN, { name: "Voluminosos", skus: ["TAZA-VE"] });
    ctx.store.control.createProfile(DOMAIN, { name: "Frágiles", skus: ["TAZA-NA"] });
    const names: string[] = [];
    let after: string | null = null;
    do {
      const page: {
        deliveryProfiles: { nodes: { name: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } };
      } = await queryData(ctx.store, PROFILES, { first: 1, after });
      names.push(...page.deliveryProfiles.nodes.map((n) => n.name));
      after = page.deliveryProfiles.pageInfo.hasNextPage ? page.deliveryProfiles.pageInfo.endCursor : null;
    } while (after);
    expect(names).toEqual(["General profile", "Voluminosos", "Frágiles"]);
  });

  it("removing the carrier's method (the merchant's doing) stops the callback again", async () => {
    const ctx = await storeWithCarrier();
    await addToGeneral(ctx);
    expect(ctx.store.control.removeCarrierRates(DOMAIN, {})).toEqual({ removed: 1 });
    const outcome = await ctx.store.control.checkout(DOMAIN, { items: [{ sku: ctx.sku, quantity: 1 }] });
    expect(outcome.carriers[0]!.called).toBe(false);
  });
});

describe("market-driven shipping", () => {
  it("reports the model on ShopFeatures and ignores merchant profiles at checkout, even after a write that succeeds", async () => {
    const ctx = await storeWithCarrier({ marketDrivenShipping: true });
    const features = await queryData(ctx.store, `{ shop { features { marketDrivenShipping } } }`);
    expect(features.shop.features.marketDrivenShipping).toBe(true);
    expect((await addToGeneral(ctx)).deliveryProfileUpdate.userErrors).toEqual([]);
    const outcome = await ctx.store.control.checkout(DOMAIN, { items: [{ sku: ctx.sku, quantity: 1 }] });
    expect(outcome.carriers[0]).toMatchObject({ called: false });
  });

  it("calls the carrier for an app-owned profile covering all items", async () => {
    const ctx = await storeWithCarrier({ marketDrivenShipping: true });
    const created = await queryData(ctx.store, CREATE_PROFILE, {
      profile: {
        name: "svc tarifas",
        coversAllItems: true,
        locationGroupsToCreate: [
          {
            locations: ctx.group.locationGroup.locations.nodes.map((l: { id: string }) => l.id),
            zonesToCreate: [
              {
                name: "México",
                countries: [{ code: "MX", includeAllProvinces: true }],
                methodDefinitionsToCreate: [participant(ctx.carrierId)],
              },
            ],
          },
        ],
      },
    });
    expect(created.deliveryProfileCreate).toMatchObject({ profile: { coversAllItems: true }, userErrors: [] });
    const merchantOnly = await queryData(ctx.store, PROFILES, { first: 5, merchantOwnedOnly: true });
    expect(merchantOnly.deliveryProfiles.nodes.map((p: { name: string }) => p.name)).toEqual(["General profile"]);
    const outcome = await ctx.store.control.checkout(DOMAIN, { items: [{ sku: ctx.sku, quantity: 2 }] });
    expect(outcome.rates).toEqual([RATE]);
  });

  it("refuses coversAllItems where Shopify has not enabled it, and calls the carrier once the merchant adds it to the market", async () => {
    const ctx = await storeWithCarrier({ marketDrivenShipping: true });
    ctx.store.control.setShippingModel(DOMAIN, { coversAllItemsEnabled: false });
    const created = await queryData(ctx.store, CREATE_PROFILE, { profile: { name: "svc", coversAllItems: true } });
    expect(created.deliveryProfileCreate.userErrors[0].message).toBe("coversAllItems is not enabled for this shop");
    ctx.store.control.addMarketCarrierRates(DOMAIN, {});
    const outcome = await ctx.store.control.checkout(DOMAIN, { items: [{ sku: ctx.sku, quantity: 1 }] });
    expect(outcome.rates).toEqual([RATE]);
  });
});

describe("shipping control over HTTP", () => {
  const control = (
    store: Awaited<ReturnType<typeof storeWithCarrier>>["store"],
    method: string,
    path: string,
    body?: unknown,
  ) =>
    store.fetch(
      new Request(`http://store.test/__sandbox/shops/${DOMAIN}${path}`, {
        method,
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );

  it("plays a checkout, switches the shipping model and answers 400 naming a bad field", async () => {
    const ctx = await storeWithCarrier();
    const checkout = await control(ctx.store, "POST", "/checkout", { lineItems: [{ sku: ctx.sku, quantity: 1 }] });
    expect(checkout.status).toBe(200);
    expect(await checkout.json()).toMatchObject({
      rates: [],
      carriers: [{ called: false, skipped: "not_in_shipping_settings" }],
    });

    const model = await control(ctx.store, "PUT", "/shipping/model", { marketDriven: true });
    expect(await model.json()).toEqual({ marketDriven: true, coversAllItemsEnabled: false });
    const added = await control(ctx.store, "POST", "/shipping/market_carrier_rates", {});
    expect(added.status).toBe(200);
    expect(
      (await (await control(ctx.store, "POST", "/checkout", { lineItems: [{ sku: ctx.sku, quantity: 1 }] })).json())
        .rates,
    ).toEqual([RATE]);

    const bad = await control(ctx.store, "PUT", "/shipping/model", { marketDriven: "yes" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "marketDriven must be true or false" });
    const badProfile = await control(ctx.store, "POST", "/shipping/profiles", { name: "X", skus: [] });
    expect(await badProfile.json()).toEqual({ error: "skus must be a non-empty array of SKUs" });
  });
});
