/**
 * What Shopify's admin gives an embedded app, served by the simulated store so the app's real
 * pages (the production build, unchanged) run in a browser with no network:
 *
 * - `GET /shopifycloud/app-bridge.js` — a stand-in for App Bridge's script
 *   (https://cdn.shopify.com/shopifycloud/app-bridge.js, which the pages load): the `shopify`
 *   global (idToken, toast, loading, config, environment, modal), the session-token bounce
 *   (`shopify-reload`), fetch() to the app's own origin with `Authorization: Bearer <id token>`,
 *   and the admin's chrome drawn from `<ui-nav-menu>` (the app's navigation) and `<ui-title-bar>`,
 *   with a language switch standing for the merchant's admin language (`locale`). Links into the
  admin (`shopify://admin/orders/<id>`, clicked or passed to `open()`) are not followed: the stand-in
  names the admin page that would open (a region labelled "Shopify admin") and records its path in
  `window.__simAdminVisits`, so a test can assert where a click went.
 * - `GET /admin/app-bridge/id-token?shop=&api_key=` — an ID token (session token) as Shopify signs
 *   it: HS256 JWT with the app's client secret, `dest` the shop, `aud` the client id.
 * - `GET /admin/apps/open?shop=&api_key=&path=&locale=` — what clicking the app in the admin does:
 *   redirects to the app URL with `embedded=1`, `shop`, `host`, `locale` and a fresh `id_token`.
 */
import { createHmac, randomUUID } from "node:crypto";
import { appBridgeStandIn } from "./app-bridge-script";

export interface EmbeddedApp {
  apiKey: string;
  apiSecret: string;
  /** The app's URL (SHOPIFY_APP_URL): where the admin opens it. */
  appUrl: string;
}

export interface EmbeddedAdmin {
  registerApp(app: EmbeddedApp): void;
  /** The client secret of a registered app (the token endpoint authenticates clients with it). */
  secretOf(apiKey: string): string | undefined;
  idToken(shop: string, apiKey: string): string;
  /** The admin's `host` parameter for a shop: base64 of `admin.shopify.com/store/<handle>`. */
  hostParam(shop: string): string;
  /** Answers the paths above, or undefined for any other request. */
  handle(request: Request): Promise<Response> | undefined;
}

export function createEmbeddedAdmin(deps: { hasShop(domain: string): boolean; now: () => number }): EmbeddedAdmin {
  const apps = new Map<string, EmbeddedApp>();

  const idToken = (shop: string, apiKey: string): string => {
    const app = apps.get(apiKey);
    if (!app) throw new Error(`no app registered with client id ${apiKey}`);
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const now = Math.floor(deps.now() / 1000);
    const header = b64({ alg: "HS256", typ: "JWT" });
    const payload = b64({
      iss: `https://${shop}/admin`,
      dest: `https://${shop}`,
      aud: apiKey,
      sub: "1",
      exp: now + 60,
      nbf: now - 5,
      iat: now,
      jti: randomUUID(),
      sid: randomUUID(),
    });
    const signature = createHmac("sha256", app.apiSecret).update(`${header}.${payload}`).digest("base64url");
    return `${header}.${payload}.${signature}`;
  };
  const hostParam = (shop: string) =>
    Buffer.from(`admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, "")}`)
      .toString("base64")
      .replace(/=+$/, "");

  const problem = (status: number, message: string) =>
    new Response(JSON.stringify({ errors: message }), {
      status,
      headers: { "content-type": "application/json; charset=utf-8", "access-control-allow-origin": "*" },
    });

  // Both queries name the shop and the app; says which one is wrong.
  const resolve = (url: URL): { shop: string; app: EmbeddedApp } | Response => {
    const shop = url.searchParams.get("shop") ?? "";
    const apiKey = url.searchParams.get("api_key") ?? "";
    if (!deps.hasShop(shop)) return problem(404, `unknown shop: ${shop || "(missing shop)"}`);
    const app = apps.get(apiKey);
    if (!app) return problem(404, `no app installed with client id: ${apiKey || "(missing api_key)"}`);
    return { shop, app };
  };

  return {
    registerApp(app) {
      apps.set(app.apiKey, app);
    },
    secretOf: (apiKey) => apps.get(apiKey)?.apiSecret,
    idToken,
    hostParam,
    handle(request) {
      const url = new URL(request.url);
      if (request.method !== "GET") return undefined;
      if (url.pathname === "/shopifycloud/app-bridge.js") {
        return Promise.resolve(
          new Response(appBridgeStandIn(url.origin), {
            headers: { "content-type": "text/javascript; charset=utf-8", "access-control-allow-origin": "*" },
          }),
        );
      }
      if (url.pathname === "/admin/app-bridge/id-token") {
        const found = resolve(url);
        if (found instanceof Response) return Promise.resolve(found);
        return Promise.resolve(
          new Response(JSON.stringify({ token: idToken(found.shop, found.app.apiKey) }), {
            headers: {
              "content-type": "application/json; charset=utf-8",
              "access-control-allow-origin": "*",
              "cache-control": "no-store",
            },
          }),
        );
      }
      if (url.pathname === "/admin/apps/open") {
        const found = resolve(url);
        if (found instanceof Response) return Promise.resolve(found);
        const path = url.searchParams.get("path") ?? "/app";
        if (!path.startsWith("/")) return Promise.resolve(problem(400, "path must start with /"));
        const target = new URL(path, found.app.appUrl);
        target.searchParams.set("embedded", "1");
        target.searchParams.set("shop", found.shop);
        target.searchParams.set("host", hostParam(found.shop));
        target.searchParams.set("locale", url.searchParams.get("locale") ?? "es");
        target.searchParams.set("id_token", idToken(found.shop, found.app.apiKey));
        return Promise.resolve(new Response(null, { status: 302, headers: { location: target.toString() } }));
      }
      return undefined;
    },
  };
}
