import { beforeEach, describe, expect, it } from "vitest";
import prisma from "../../helpers/prisma";
import { action as uninstalled } from "~/routes/webhooks.app.uninstalled";
import { action as scopesUpdate } from "~/routes/webhooks.app.scopes_update";
import { storeOfflineSession } from "../../helpers/sessions";
import { signedWebhookRequest, TEST_SHOP } from "../../helpers/shopify-requests";
import { resetDatabase } from "../../helpers/test-database";
import { routeContext } from "../../helpers/app-services";

const call = (fn: typeof uninstalled, request: Request) => fn({ request, params: {}, context: routeContext() });

async function status(fn: typeof uninstalled, request: Request) {
  try {
    return (await call(fn, request)).status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe("app webhooks", () => {
  beforeEach(resetDatabase);

  it("answers 401 to app/uninstalled with a wrong signature and changes nothing", async () => {
    await storeOfflineSession(prisma);
    const request = await signedWebhookRequest({ topic: "app/uninstalled", body: { id: 1 }, secret: "not-the-secret" });
    expect(await status(uninstalled, request)).toBe(401);
    expect(await prisma.session.count({ where: { shop: TEST_SHOP } })).toBe(1);
  });

  it("forgets the sessions and marks the shop uninstalled, twice without harm", async () => {
    await storeOfflineSession(prisma);
    await prisma.shop.create({ data: { domain: TEST_SHOP } });
    for (let i = 0; i < 2; i++) {
      const request = await signedWebhookRequest({
        topic: "app/uninstalled",
        body: { id: 1, myshopify_domain: TEST_SHOP },
      });
      expect(await status(uninstalled, request)).toBe(200);
    }
    expect(await prisma.session.count({ where: { shop: TEST_SHOP } })).toBe(0);
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } })).uninstalledAt).toBeInstanceOf(Date);
  });

  it("refuses a null body, or one naming another shop, with a 400 and forgets nothing", async () => {
    await storeOfflineSession(prisma);
    for (const body of [null, { id: 1 }, { id: 1, myshopify_domain: "otra.myshopify.com" }]) {
      const request = await signedWebhookRequest({ topic: "app/uninstalled", body, rawBody: JSON.stringify(body) });
      expect(await status(uninstalled, request)).toBe(400);
    }
    expect(await prisma.session.count({ where: { shop: TEST_SHOP } })).toBe(1);
  });

  it("accepts a delivery signed with the previous secret during a rotation", async () => {
    await storeOfflineSession(prisma);
    const request = await signedWebhookRequest({
      topic: "app/uninstalled",
      body: { id: 1, myshopify_domain: TEST_SHOP },
      secret: process.env.SHOPIFY_API_SECRET_PREVIOUS,
    });
    expect(await status(uninstalled, request)).toBe(200);
    expect(await prisma.session.count({ where: { shop: TEST_SHOP } })).toBe(0);
  });

  it("answers 400, not 500, to a valid signature whose shop header is not a shop domain", async () => {
    await storeOfflineSession(prisma);
    for (const shop of ["not a shop", "evil.example.com", ""]) {
      const request = await signedWebhookRequest({ topic: "app/uninstalled", body: { id: 1, myshopify_domain: shop }, shop });
      expect(await status(uninstalled, request)).toBe(400);
    }
    expect(await prisma.session.count({ where: { shop: TEST_SHOP } })).toBe(1);
  });

  it("records the scopes granted on app/scopes_update", async () => {
    const session = await storeOfflineSession(prisma);
    const request = await signedWebhookRequest({
      topic: "app/scopes_update",
      body: { previous: ["read_products"], current: ["read_products", "write_shipping"] },
    });
    expect(await status(scopesUpdate, request)).toBe(200);
    expect((await prisma.session.findUniqueOrThrow({ where: { id: session.id } })).scope).toBe("read_products,write_shipping");
  });

  it("rejects a scopes_update payload without the current scopes with 400", async () => {
    await storeOfflineSession(prisma);
    const request = await signedWebhookRequest({ topic: "app/scopes_update", body: { current: "read_products" } });
    expect(await status(scopesUpdate, request)).toBe(400);
  });
});
