/**
 * Runs an admin UI extension's real bundle in headless Chromium the way Shopify's admin hosts
 * it: a `shopify` global for the target (the selected resource, i18n from the extension's own
 * locale files, close()), the Polaris web components drawn by a small stand-in, and fetch() to a
 * path resolved against the app's URL with the admin's ID token attached. The app answers from
 * another origin, so its CORS headers are exercised for real.
 */
import { createHmac, randomUUID } from "node:crypto";
import fs from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { build } from "esbuild";
import { PROJECT_ROOT } from "../../helpers/app-process";

export interface ExtensionHost {
  url(args: { extension: string; orderGid: string; locale: "es" | "en" }): string;
  close(): Promise<void>;
}

/** An ID token as Shopify's admin signs it for the app (HS256 with the client secret). */
export function adminIdToken(args: { shop: string; apiKey: string; apiSecret: string }): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const header = b64({ alg: "HS256", typ: "JWT" });
  const payload = b64({
    iss: `https://${args.shop}/admin`,
    dest: `https://${args.shop}`,
    aud: args.apiKey,
    sub: "1",
    exp: now + 600,
    nbf: now - 5,
    iat: now,
    jti: randomUUID(),
    sid: randomUUID(),
  });
  const signature = createHmac("sha256", args.apiSecret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

const ENTRIES: Record<string, string> = {
  "warehouse-status": "src/BlockExtension.tsx",
  "warehouse-push": "src/ActionExtension.tsx",
};

async function bundle(extension: string): Promise<string> {
  const result = await build({
    entryPoints: [path.join(PROJECT_ROOT, "extensions", extension, ENTRIES[extension]!)],
    bundle: true,
    format: "esm",
    write: false,
    target: "es2020",
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

function page(args: { extension: string; orderGid: string; locale: string; appUrl: string; token: string }): string {
  const localeFile = path.join(
    PROJECT_ROOT,
    "extensions",
    args.extension,
    "locales",
    args.locale === "en" ? "en.default.json" : `${args.locale}.json`,
  );
  const messages = fs.readFileSync(localeFile, "utf8");
  const config = JSON.stringify({
    orderGid: args.orderGid,
    locale: args.locale,
    appUrl: args.appUrl,
    token: args.token,
  });
  return `<!doctype html><html lang="${args.locale}"><head><meta charset="utf-8"><title>${args.extension}</title>
<style>body{margin:24px;background:#f1f1f1}</style></head><body>
<script src="/elements.js"></script>
<script>
  const config = ${config};
  const messages = ${messages};
  const lookup = (key) => key.split(".").reduce((node, part) => (node == null ? undefined : node[part]), messages);
  const realFetch = window.fetch.bind(window);
  // As Shopify's admin does for the app's own URL: resolve the path, attach the ID token.
  window.fetch = (input, init = {}) => {
    const url = new URL(String(input), config.appUrl);
    const headers = new Headers(init.headers);
    if (url.origin === new URL(config.appUrl).origin) headers.set("authorization", "Bearer " + config.token);
    return realFetch(url, { ...init, headers });
  };
  window.closed_by_extension = false;
  window.shopify = {
    data: { selected: [{ id: config.orderGid }] },
    close() { window.closed_by_extension = true; },
    i18n: {
      translate(key, params = {}) {
        const text = lookup(key);
        if (typeof text !== "string") return key;
        return text.replace(/{{\\s*(\\w+)\\s*}}/g, (_, name) => String(params[name] ?? ""));
      },
      formatDate(date, options) { return new Intl.DateTimeFormat(config.locale === "en" ? "en-US" : "es-MX", options).format(date); },
      formatNumber(n, options) { return new Intl.NumberFormat(config.locale === "en" ? "en-US" : "es-MX", options).format(n); },
    },
  };
</script>
<script type="module">
  import run from "/extension.js";
  await run();
</script></body></html>`;
}

/** Serves extension pages for the app at `appUrl`, signed in to `shop`. */
export async function startExtensionHost(args: {
  appUrl: string;
  shop: string;
  apiKey: string;
  apiSecret: string;
}): Promise<ExtensionHost> {
  const bundles = new Map<string, string>();
  for (const name of Object.keys(ENTRIES)) bundles.set(name, await bundle(name));
  const elements = fs.readFileSync(path.join(import.meta.dirname, "admin-extension-elements.js"), "utf8");
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://host");
    const extension = url.searchParams.get("extension") ?? url.pathname.split("/")[1] ?? "";
    if (url.pathname === "/elements.js")
      return void res.writeHead(200, { "content-type": "text/javascript" }).end(elements);
    if (url.pathname === "/extension.js") {
      const referer = new URL(req.headers.referer ?? "http://host/");
      const name = referer.searchParams.get("extension") ?? "";
      return void res.writeHead(200, { "content-type": "text/javascript" }).end(bundles.get(name) ?? "");
    }
    if (url.pathname === "/" && bundles.has(extension)) {
      const token = adminIdToken(args);
      const html = page({
        extension,
        orderGid: url.searchParams.get("order") ?? "",
        locale: url.searchParams.get("locale") ?? "es",
        appUrl: args.appUrl,
        token,
      });
      return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: ({ extension, orderGid, locale }) =>
      `http://127.0.0.1:${port}/?extension=${extension}&order=${encodeURIComponent(orderGid)}&locale=${locale}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
