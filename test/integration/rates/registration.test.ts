// Carrier-service registration against the simulated Shopify store (real Admin GraphQL shapes).
import { beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import type { AdminGraphql } from "~/shopify/admin.server";
import { registerCarrierService } from "~/shop/carrier-service.server";
import { createSimulatedStore, PLAN_NOT_ALLOWED_MESSAGE, type SimulatedStore } from "../../../sandbox/store";
import { TEST_APP_URL, TEST_SHOP } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";

const CALLBACK = `${TEST_APP_URL}/carrier-service/rates`;
const NAME = "Envíos svc";

function storeWith(allowsCarrierCalculatedRates: boolean): { store: SimulatedStore; admin: AdminGraphql } {
  const store = createSimulatedStore();
  store.addShop({ domain: TEST_SHOP, allowsCarrierCalculatedRates });
  const admin = ((query: string, variables?: Record<string, unknown>) =>
    store.graphql(TEST_SHOP, query, variables)) as AdminGraphql;
  return { store, admin };
}

const register = (admin: AdminGraphql) =>
  registerCarrierService({ db: prisma, admin, shop: TEST_SHOP, appUrl: TEST_APP_URL, name: NAME });
const shopRow = () => prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } });

describe("registerCarrierService", () => {
  beforeEach(async () => {
    await resetDatabase();
    await prisma.shop.create({ data: { domain: TEST_SHOP } });
  });

  it("creates the carrier service with our callback and service discovery, and stores its id", async () => {
    const { store, admin } = storeWith(true);
    const registration = await register(admin);
    expect(registration).toMatchObject({ state: "active", created: true });
    expect(store.inspect(TEST_SHOP).carrierServices).toEqual([
      { id: expect.any(String), name: NAME, callbackUrl: CALLBACK, active: true, supportsServiceDiscovery: true },
    ]);
    expect(await shopRow()).toMatchObject({
      carrierServiceId: store.inspect(TEST_SHOP).carrierServices[0]?.id,
      carrierServiceState: "active",
      carrierServiceError: null,
    });
  });

  it("updates the same service on later registrations instead of adding another", async () => {
    const { store, admin } = storeWith(true);
    await register(admin);
    const again = await register(admin);
    expect(again).toMatchObject({ state: "active", created: false });
    expect(store.inspect(TEST_SHOP).carrierServices).toHaveLength(1);
  });

  it("adopts the shop's existing service when its id was lost (e.g. after a reinstall)", async () => {
    const { store, admin } = storeWith(true);
    await register(admin);
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { carrierServiceId: null } });
    expect(await register(admin)).toMatchObject({ state: "active", created: false });
    expect(store.inspect(TEST_SHOP).carrierServices).toHaveLength(1);
  });

  it("creates a new service when the stored one was deleted in the admin", async () => {
    const { store, admin } = storeWith(true);
    const first = await register(admin);
    await admin(`mutation($id: ID!) { carrierServiceDelete(id: $id) { deletedId } }`, {
      id: first.state === "active" ? first.id : "",
    });
    const second = await register(admin);
    expect(second).toMatchObject({ state: "active", created: true });
    expect(store.inspect(TEST_SHOP).carrierServices).toHaveLength(1);
  });

  it("reports plainly when the plan does not allow third-party calculated rates", async () => {
    const { store, admin } = storeWith(false);
    const registration = await register(admin);
    // Shopify's sentence is returned for the logs; the Shop row keeps the code the pages word.
    expect(registration).toEqual({
      state: "not_allowed_by_plan",
      problem: "not_allowed_by_plan",
      detail: PLAN_NOT_ALLOWED_MESSAGE,
    });
    expect(store.inspect(TEST_SHOP).carrierServices).toEqual([]);
    expect(await shopRow()).toMatchObject({
      carrierServiceState: "not_allowed_by_plan",
      carrierServiceError: "not_allowed_by_plan",
      carrierServiceId: null,
    });
  });

  it("reports a downgrade (service deactivated by Shopify) as not allowed by the plan on the next registration", async () => {
    const { store, admin } = storeWith(true);
    await register(admin);
    store.updateShop(TEST_SHOP, { allowsCarrierCalculatedRates: false });
    expect(await register(admin)).toMatchObject({ state: "not_allowed_by_plan" });
  });

  it("records a network problem, without throwing, when Shopify cannot be reached", async () => {
    const unreachable = new TypeError("fetch failed", {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" }),
    });
    const registration = await register(() => Promise.reject(unreachable));
    expect(registration).toEqual({ state: "error", problem: "network", detail: "fetch failed" });
    expect(await shopRow()).toMatchObject({ carrierServiceState: "error", carrierServiceError: "network" });
  });

  it("records an unknown problem for an exception it cannot classify", async () => {
    const registration = await register(() => Promise.reject(new Error("boom")));
    expect(registration).toEqual({ state: "error", problem: "unknown", detail: "boom" });
    expect(await shopRow()).toMatchObject({ carrierServiceState: "error", carrierServiceError: "unknown" });
  });

  it("records GraphQL errors such as a missing scope", async () => {
    const registration = await register((async () => ({
      errors: [{ message: "Access denied for carrierServices field." }],
    })) as AdminGraphql);
    expect(registration).toEqual({
      state: "error",
      problem: "access_denied",
      detail: "Access denied for carrierServices field.",
    });
    expect(await shopRow()).toMatchObject({ carrierServiceState: "error", carrierServiceError: "access_denied" });
  });

  it("records Shopify's throttling by its code", async () => {
    const registration = await register((async () => ({
      errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }],
    })) as AdminGraphql);
    expect(registration).toMatchObject({ state: "error", problem: "throttled" });
    expect(await shopRow()).toMatchObject({ carrierServiceError: "throttled" });
  });
});
