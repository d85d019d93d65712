// One truth on every page (issue 33 item 3): Inicio's loader and Configuración's read one shop
// state (app/orchestration/shop-state.ts), so on the same rows they answer the same checklist and
// the banner follows it; Inicio's catalogue figures are Catálogo's own counts.
import { beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { loader as homeLoader } from "~/routes/app._index";
import { loader as settingsLoader } from "~/routes/app.settings/route";
import { loader as catalogLoader } from "~/routes/app.catalog/route";
import { storeOfflineSession } from "../../helpers/sessions";
import { bearerRequest, sessionTokenRequest, TEST_SHOP } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";
import { routeContext } from "../../helpers/app-services";

const shop = TEST_SHOP;
const CODES = ["key_valid", "carrier_active", "plan_allows_rates", "rates_in_mexico", "test_quote", "customer_data"];
const checked = (over: Record<string, { status: string; reason: string }> = {}) =>
  CODES.map((code) => ({
    code,
    status: over[code]?.status ?? "ok",
    reason: over[code]?.reason ?? null,
    params: {},
    fix: null,
  }));

const home = async () =>
  homeLoader({ request: await bearerRequest("/app", shop), params: {}, context: routeContext() });
const settings = async () =>
  settingsLoader({ request: await sessionTokenRequest("/app/settings", shop), params: {}, context: routeContext() });
const catalog = async () =>
  (await catalogLoader({
    request: await sessionTokenRequest("/app/catalog", shop),
    params: {},
    context: routeContext(),
  })) as { counts: Record<string, number> };

beforeEach(async () => {
  await resetDatabase();
  await storeOfflineSession(prisma, shop);
  await prisma.shop.create({ data: { domain: shop, svcApiKeyCiphertext: "v1:x:y:z", carrierServiceState: "active" } });
  await prisma.catalogVariant.createMany({
    data: ["synced", "exists_at_service", "failed", "drifted", "skipped", "pending"].map((status, i) => ({
      shop,
      productId: `gid://shopify/Product/${i}`,
      variantId: `gid://shopify/ProductVariant/${i}`,
      title: `t${i}`,
      sku: `SKU-${i}`,
      status,
    })),
  });
  await prisma.catalogSync.create({ data: { shop, state: "completed", finishedAt: new Date() } });
});

describe("the shop's one state on every page", () => {
  it("answers Inicio and Configuración the same checklist, and the banner is green only when it is all «Listo»", async () => {
    // The last check ran before any order: «known with the first order».
    await prisma.checkoutReadiness.create({
      data: {
        shop,
        checkedAt: new Date(),
        ready: false,
        items: checked({ customer_data: { status: "unknown", reason: "no_orders" } }),
      },
    });
    let [inicio, config] = [await home(), await settings()];
    expect(config.readiness).toEqual(inicio.readiness);
    expect(inicio.readiness?.ready).toBe(false);
    expect(inicio.setup.steps.find((s) => s.step === "readiness")?.done).toBe(false);
    expect(config.ratesBanner).toBe("incomplete");

    // An order the app read showed the buyer's address: the item is answered at once, everywhere.
    await prisma.fulfillment.create({
      data: { shop, shopifyOrderId: "1", orderGid: "g1", orderName: "#1", status: "submitted", svcOrderId: "s1" },
    });
    await prisma.shop.update({
      where: { domain: shop },
      data: { customerDataAccess: "granted", customerDataSeenAt: new Date() },
    });
    [inicio, config] = [await home(), await settings()];
    expect(config.readiness).toEqual(inicio.readiness);
    expect(inicio.readiness?.items.find((i) => i.code === "customer_data")?.status).toBe("ok");
    expect(inicio.readiness?.ready).toBe(true);
    expect(inicio.setup.steps.find((s) => s.step === "readiness")?.done).toBe(true);
    expect(config.ratesBanner).toBe("active");
    expect(inicio.ordersSubmitted).toBe(1);
  });

  it("counts the catalogue as Catálogo does, and after a disconnect no page keeps the connected shop's state", async () => {
    await prisma.checkoutReadiness.create({ data: { shop, checkedAt: new Date(), ready: true, items: checked() } });
    const [inicio, page] = [await home(), await catalog()];
    expect(inicio.variantsSynced).toBe(page.counts.registered);
    expect(inicio.variantsNeedingWork).toBe(page.counts.needs_work);
    expect(inicio.setup.steps.find((s) => s.step === "catalog")?.done).toBe(true);

    // A disconnect as the app does it: the key and the registrations forgotten together.
    await prisma.shop.update({ where: { domain: shop }, data: { svcApiKeyCiphertext: null } });
    await prisma.catalogVariant.updateMany({
      where: { shop, status: { in: ["synced", "exists_at_service", "drifted", "failed"] } },
      data: { status: "pending" },
    });
    const [after, config, list] = [await home(), await settings(), await catalog()];
    expect(after.variantsSynced).toBe(0);
    expect(list.counts.pending).toBe(5);
    expect(after.setup.steps.filter((s) => s.done).map((s) => s.step)).toEqual([]);
    expect(after.readiness).toBeNull();
    expect(config.readiness).toBeNull();
    expect(config.ratesBanner).toBe("connect_first");
  });
});
