import { describe, expect, it } from "vitest";
import { PLAN_NOT_ALLOWED_MESSAGE } from "../../../sandbox/store";
import { DOMAIN, demoStore, queryData } from "./store-fixture";

const CREATE = /* GraphQL */ `
  mutation Register($input: DeliveryCarrierServiceCreateInput!) {
    carrierServiceCreate(input: $input) {
      carrierService {
        id
        name
        formattedName
        callbackUrl
        active
        supportsServiceDiscovery
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const UPDATE = /* GraphQL */ `
  mutation Update($input: DeliveryCarrierServiceUpdateInput!) {
    carrierServiceUpdate(input: $input) {
      carrierService {
        id
        callbackUrl
        active
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const DELETE = /* GraphQL */ `
  mutation Remove($id: ID!) {
    carrierServiceDelete(id: $id) {
      deletedId
      userErrors {
        field
        message
      }
    }
  }
`;

const input = {
  name: "Envíos svc",
  callbackUrl: "https://svc-app.example.test/carrier-service/rates",
  active: true,
  supportsServiceDiscovery: true,
};

describe("carrierServiceCreate", () => {
  it("registers a carrier service on a plan with calculated rates", async () => {
    // GIVEN a shop on the Advanced plan
    const { store } = demoStore();
    // WHEN the app registers its rate callback
    const data = await queryData(store, CREATE, { input });
    // THEN the service exists and is listed
    expect(data.carrierServiceCreate).toEqual({
      carrierService: {
        id: expect.stringMatching(/^gid:\/\/shopify\/DeliveryCarrierService\/\d+$/),
        name: "Envíos svc",
        formattedName: "Envíos svc (Rates provided by app)",
        callbackUrl: input.callbackUrl,
        active: true,
        supportsServiceDiscovery: true,
      },
      userErrors: [],
    });
    const listed = await queryData(store, `{ carrierServices(first: 5) { nodes { id name active } } }`);
    expect(listed.carrierServices.nodes).toEqual([
      { id: data.carrierServiceCreate.carrierService.id, name: "Envíos svc", active: true },
    ]);
  });

  it("fails plainly when the shop's plan does not allow third-party calculated rates", async () => {
    // GIVEN a Basic-plan shop
    const { store } = demoStore({ allowsCarrierCalculatedRates: false });
    // WHEN the app tries to register
    const data = await queryData(store, CREATE, { input });
    // THEN it gets a user error saying why, and nothing is created
    expect(data.carrierServiceCreate).toEqual({
      carrierService: null,
      userErrors: [{ field: null, message: PLAN_NOT_ALLOWED_MESSAGE }],
    });
    expect(store.inspect(DOMAIN).carrierServices).toEqual([]);
  });

  it("refuses a second service with the same name", async () => {
    const { store } = demoStore();
    await queryData(store, CREATE, { input });
    const data = await queryData(store, CREATE, { input });
    expect(data.carrierServiceCreate.userErrors).toEqual([
      { field: null, message: "Envíos svc is already configured" },
    ]);
  });

  it("applies Shopify's callback URL rules when the shop is strict", async () => {
    const { store } = demoStore({ strictCallbackUrls: true });
    const plain = await queryData(store, CREATE, {
      input: { ...input, callbackUrl: "http://svc-app.example.test/rates" },
    });
    const local = await queryData(store, CREATE, { input: { ...input, callbackUrl: "https://localhost:3000/rates" } });
    expect(plain.carrierServiceCreate.userErrors[0].message).toBe("Shipping rate provider callback url must use HTTPS");
    expect(local.carrierServiceCreate.userErrors[0].message).toBe("Shipping rate provider callback url invalid host");
  });
});

describe("carrierServiceUpdate and carrierServiceDelete", () => {
  it("changes the callback URL of an existing service", async () => {
    const { store } = demoStore();
    const { id } = (await queryData(store, CREATE, { input })).carrierServiceCreate.carrierService;
    const data = await queryData(store, UPDATE, { input: { id, callbackUrl: "https://new.example.test/rates" } });
    expect(data.carrierServiceUpdate).toEqual({
      carrierService: { id, callbackUrl: "https://new.example.test/rates", active: true },
      userErrors: [],
    });
    expect(store.inspect(DOMAIN).carrierServices[0]?.callbackUrl).toBe("https://new.example.test/rates");
  });

  it("answers an unknown id with Shopify's not-found user error", async () => {
    const { store } = demoStore();
    const data = await queryData(store, UPDATE, {
      input: { id: "gid://shopify/DeliveryCarrierService/1", active: false },
    });
    expect(data.carrierServiceUpdate).toEqual({
      carrierService: null,
      userErrors: [{ field: null, message: "The carrier or app could not be found." }],
    });
  });

  it("deletes a service and then reports it gone", async () => {
    const { store } = demoStore();
    const { id } = (await queryData(store, CREATE, { input })).carrierServiceCreate.carrierService;
    expect((await queryData(store, DELETE, { id })).carrierServiceDelete).toEqual({ deletedId: id, userErrors: [] });
    expect((await queryData(store, DELETE, { id })).carrierServiceDelete).toEqual({
      deletedId: null,
      userErrors: [{ field: ["id"], message: "The carrier or app could not be found." }],
    });
  });

  it("deactivates the service when the shop downgrades, and refuses to reactivate it", async () => {
    // GIVEN an active service
    const { store } = demoStore();
    const { id } = (await queryData(store, CREATE, { input })).carrierServiceCreate.carrierService;
    // WHEN the merchant moves to a plan without calculated rates
    store.updateShop(DOMAIN, { allowsCarrierCalculatedRates: false, planDisplayName: "Basic" });
    // THEN the service is inactive and cannot be switched back on
    expect(store.inspect(DOMAIN).carrierServices[0]?.active).toBe(false);
    const data = await queryData(store, UPDATE, { input: { id, active: true } });
    expect(data.carrierServiceUpdate.userErrors).toEqual([{ field: null, message: PLAN_NOT_ALLOWED_MESSAGE }]);
    expect((await queryData(store, `{ shop { plan { displayName } } }`)).shop.plan.displayName).toBe("Basic");
  });
});
