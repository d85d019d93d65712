// The admin stand-in's ID tokens are what Shopify's admin issues: @shopify/shopify-api, which
// authenticate.admin uses, accepts them with the app's secret and rejects them with another.
import "@shopify/shopify-api/adapters/node";
import { ApiVersion, shopifyApi } from "@shopify/shopify-api";
import { describe, expect, it } from "vitest";
import { createSimulatedStore } from "../../../sandbox/store";

const SHOP = "tienda-demo.myshopify.com";
const api = (apiSecretKey: string) =>
  shopifyApi({
    apiKey: "app-key",
    apiSecretKey,
    apiVersion: ApiVersion.January26,
    hostName: "app.example.test",
    isEmbeddedApp: true,
    logger: { level: 0 },
  });

describe("the simulated store's admin stand-in", () => {
  const store = createSimulatedStore();
  store.addShop({ domain: SHOP });
  store.registerApp({ apiKey: "app-key", apiSecret: "app-secret", appUrl: "https://app.example.test" });

  it("signs ID tokens the Shopify library verifies with the app's secret, and only with it", async () => {
    const token = store.idToken(SHOP, "app-key");
    const payload = await api("app-secret").session.decodeSessionToken(token);
    expect(payload.dest).toBe(`https://${SHOP}`);
    expect(payload.aud).toBe("app-key");
    await expect(api("another-secret").session.decodeSessionToken(token)).rejects.toThrow();
  });

  it("opens the app as the admin does, and serves App Bridge's stand-in script", async () => {
    const server = await store.listen(0);
    try {
      const opened = await fetch(store.adminUrl(server, { domain: SHOP, apiKey: "app-key", path: "/app/orders", locale: "en" }), {
        redirect: "manual",
      });
      expect(opened.status).toBe(302);
      const target = new URL(opened.headers.get("location")!);
      expect(target.origin + target.pathname).toBe("https://app.example.test/app/orders");
      expect(target.searchParams.get("embedded")).toBe("1");
      expect(target.searchParams.get("shop")).toBe(SHOP);
      expect(target.searchParams.get("locale")).toBe("en");
      expect(Buffer.from(target.searchParams.get("host")!, "base64").toString()).toBe("admin.shopify.com/store/tienda-demo");
      await api("app-secret").session.decodeSessionToken(target.searchParams.get("id_token")!);

      const script = await fetch(`${server.url}/shopifycloud/app-bridge.js`);
      expect(script.headers.get("content-type")).toMatch(/javascript/);
      expect(await script.text()).toContain("shopify-reload");

      const unknownApp = await fetch(`${server.url}/admin/app-bridge/id-token?shop=${SHOP}&api_key=nope`);
      expect(unknownApp.status).toBe(404);
      expect(await unknownApp.text()).toContain("nope");
    } finally {
      await server.close();
    }
  });
});
