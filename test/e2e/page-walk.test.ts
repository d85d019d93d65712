// Every admin page and the order-page block, in Spanish and in English, read the way a merchant
// reads them (visible text, and the title, aria-label, placeholder and alt they meet), against a
// shop with content: orders in every state the app produces (each refusal of the service among
// them), the demo catalogue synced for real (its skipped variants with their reasons), failed
// jobs, an unreadable notification, address warnings, a data request and a test quote. The walk
// fails naming page, language and line on a GID, raw JSON, an exception's name, an untranslated
// code or a sentence in the other language (test/helpers/merchant-text.ts).
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFullSync } from "~/catalog/full-sync.server";
import { catalogReasonColumns, serviceErrorReason } from "~/catalog/reason-codes";
import { catalogReasonWords } from "~/catalog/reason-words";
import { catalogSyncErrorWords, catalogSyncProblem } from "~/catalog/sync-errors";
import { translator } from "~/i18n/locale";
import { registerCarrierService } from "~/shop/carrier-service.server";
import { evaluateReadiness } from "~/orchestration/readiness";
import type { AdminGraphql } from "~/shopify/admin/client";
import { reason, reasonColumns, type ReasonMessage } from "~/fulfillment/core/reason-codes";
import { classifySubmitError } from "~/fulfillment/core/submit-errors";
import { jobErrorCode } from "~/job-errors/error-codes";
import { ShopifyAdminError } from "~/shopify/admin/errors";
import {
  SvcConflictError,
  SvcDestinationNotServedError,
  SvcInsufficientStockError,
  SvcInvalidRequestError,
  SvcProductWithoutDimensionsError,
  SvcUnauthorizedError,
  SvcUnexpectedError,
  type SvcError,
} from "~/svc/errors";
import { addressHoldReason } from "~/fulfillment/core/address-hold";
import { MERCHANT_BROWSER } from "../helpers/browser";
import { describeLeaks, merchantTextLeaks, type Locale } from "../helpers/merchant-text";
import { merchantText } from "./support/page-text";
import { sandboxControl } from "./support/sandbox-control";
import { WAREHOUSE } from "../../sandbox/service/warehouse";
import { startExtensionHost, type ExtensionHost } from "./support/admin-extension-host";
import { connectToSandbox } from "./support/embedded-admin";
import { SHOP, startInstalledAdmin, type DemoShop, type EmbeddedAdmin } from "./support/embedded-stack";

const API_KEY = "e2e-api-key";
const API_SECRET = "e2e-api-secret";
const poll = <T>(probe: () => Promise<T>, timeout = 30_000) => expect.poll(probe, { timeout });
const gid = (n: number) => `gid://shopify/Order/${n}`;

let shop: DemoShop;
let admin: EmbeddedAdmin;
let host: ExtensionHost;
/** The merchant's own words and proper names: product titles, the buyer's address, brands. */
const allow: string[] = ["Tienda Demo", "Shopify", "WhatsApp", "Depto 4, frente al parque", "Río Lerma 232"];

// What the service answers for each refusal the sandbox produces, worded by the app's own classifier.
const refusal = (error: SvcError): ReasonMessage => {
  const failure = classifySubmitError(error);
  if (failure.kind !== "needs_attention" && failure.kind !== "unknown_outcome") throw new Error(failure.kind);
  return failure.reason;
};
const conflict = (message: string, extra: object = {}) => ({
  endpoint: "orders",
  message,
  status: 409,
  code: "ConflictError",
  path: "$",
  body: { error: message, code: "ConflictError", path: "$" },
  ...extra,
});

async function seed() {
  const db = shop.db;
  const at = (minutes: number) => new Date(Date.now() - 3 * 60 * 60_000 + minutes * 60_000);
  const record = async (args: {
    n: number;
    status: string;
    why?: ReasonMessage | null;
    steps?: Array<[string, ReasonMessage | null]>;
    data?: Record<string, unknown>;
  }) => {
    const steps: Array<[string, ReasonMessage | null]> = [
      ["pending", reason("received")],
      ...(args.steps ?? []),
      [args.status, args.why ?? null],
    ];
    await db.fulfillment.create({
      data: {
        shop: SHOP,
        shopifyOrderId: String(args.n),
        orderGid: gid(args.n),
        orderName: `#${args.n}`,
        fulfillmentOrderGid: `gid://shopify/FulfillmentOrder/${args.n}`,
        status: args.status,
        serviceCode: "PROGRAMADO",
        serviceCodeSource: "shipping_line",
        ...reasonColumns(args.why ?? null),
        ...args.data,
        events: {
          create: steps.map(([to, message], i) => ({
            at: at(i * 9),
            fromStatus: i === 0 ? null : steps[i - 1]![0],
            toStatus: to,
            ...(message
              ? { detail: reasonColumns(message).reason, detailCode: message.code, detailParams: message.params }
              : {}),
          })),
        },
      },
    });
  };
  const sending = reason("sending", { attempt: "1", service: "PROGRAMADO", products: "JAB-LAV × 2" });
  const created = (n: number) => reason("serviceOrder", { order: `7c0e4e0a-5f55-4a3e-9b2f-1d5b1c7a${n}` });
  const svcOrder = (n: number) => ({ svcOrderId: `7c0e4e0a-5f55-4a3e-9b2f-1d5b1c7a${n}` });
  const tracking = (n: number) => ({
    trackingNumber: `7946123${n}`,
    trackingCompany: "ESTAFETA",
    trackingUrl: `https://rastreo.example/7946123${n}`,
  });
  // Sent, on its way, delivered.
  await record({
    n: 3001,
    status: "submitted",
    steps: [["submitting", sending]],
    why: created(3001),
    data: { ...svcOrder(3001), svcStatus: "WAITING" },
  });
  await record({
    n: 3002,
    status: "shipped",
    steps: [
      ["submitting", sending],
      ["submitted", created(3002)],
      ["in_progress", reason("serviceStatus", { status: "PACK" })],
    ],
    why: reason("trackingChanged", { tracking: "79461233002" }),
    data: { ...svcOrder(3002), svcStatus: "IN_TRANSIT", ...tracking(3002) },
  });
  await record({
    n: 3003,
    status: "delivered",
    steps: [
      ["submitting", sending],
      ["submitted", created(3003)],
      ["shipped", reason("shopifyFulfilment")],
    ],
    why: reason("serviceStatus", { status: "DELIVERED" }),
    data: { ...svcOrder(3003), svcStatus: "DELIVERED", ...tracking(3003) },
  });
  // Refused by the service, each way the sandbox refuses an order.
  const refusals: Array<[number, SvcError]> = [
    [3004, new SvcConflictError(conflict("order conflicts with an existing order"))],
    [3007, new SvcProductWithoutDimensionsError({ ...conflict("Product PLATO-GR not found"), product: "PLATO-GR" })],
    [
      3008,
      new SvcUnauthorizedError({ endpoint: "auth", message: "invalid api key", status: 401, code: "unauthorized" }),
    ],
    [
      3009,
      new SvcInvalidRequestError({
        endpoint: "orders",
        message: "telefono must be 10 digits",
        status: 400,
        code: "validation-error",
        path: "$.consumidor_destino.telefono",
        field: "consumidor_destino.telefono",
      }),
    ],
  ];
  for (const [n, error] of refusals) {
    await record({
      n,
      status: "needs_attention",
      steps: [["submitting", sending]],
      why: refusal(error),
      data: { submitAttempts: 1 },
    });
  }
  // Refused for lack of stock: the order waits for stock, naming what the warehouse lacks.
  const stock = classifySubmitError(
    new SvcInsufficientStockError({ ...conflict("Insufficient stock"), product: "TAZA-1" }),
  );
  if (stock.kind !== "stock_refused") throw new Error(`the stock refusal classified as ${stock.kind}`);
  const lacks = reason("awaitingStock", { missing: "TAZA-1 × 2", said: stock.message });
  await record({ n: 3006, status: "awaiting_stock", steps: [["submitting", sending]], why: lacks });
  // SHP-003: no carrier serves the destination; the app holds the order for its address.
  const shp003 = classifySubmitError(
    new SvcDestinationNotServedError(conflict("SHP-003: no carrier serves the destination", { code: "SHP-003" })),
  );
  if (shp003.kind !== "address_refused") throw new Error(`SHP-003 classified as ${shp003.kind}`);
  const notServed = addressHoldReason({ code: "destinationNotServed", cp: "63950" });
  await record({
    n: 3005,
    status: "waiting",
    steps: [["submitting", sending]],
    why: { ...notServed, params: { ...notServed.params, said: shp003.message } },
    data: { ...reasonColumns(notServed) },
  });
  // Held: after payment, and by the app for its address (with the buyer's WhatsApp).
  await record({
    n: 3010,
    status: "waiting",
    why: reason("heldBack", { minutes: "30" }),
    data: { waitUntil: new Date(Date.now() + 20 * 60_000) },
  });
  await record({
    n: 3011,
    status: "waiting",
    why: reason("addressHeldNoNumber"),
    data: {
      warnings: [
        {
          field: "exteriorNumber",
          code: "noExteriorNumber",
          params: {},
          message: 'no exterior number found; sent "S/N"',
        },
        {
          field: "neighborhood",
          code: "coloniaWithoutLabel",
          params: { text: "Depto 4, frente al parque" },
          message: 'no "Col." label; took "Depto 4, frente al parque" as the colonia',
          original: "Depto 4, frente al parque",
        },
      ],
    },
  });
  // Cancelled in Shopify before it went, and an outcome the service never confirmed.
  await record({ n: 3012, status: "skipped", why: reason("cancelledInShopify") });
  await record({
    n: 3013,
    status: "unknown_outcome",
    steps: [["submitting", sending]],
    why: refusal(new SvcConflictError({ endpoint: "orders", message: "socket hang up", outcomeUnknown: true })),
  });
  // A retry that did not reach the service, waiting for its next attempt.
  await record({
    n: 3014,
    status: "pending",
    steps: [["submitting", sending]],
    why: reason("attemptFailed", { attempt: "1", at: new Date(Date.now() + 5 * 60_000).toISOString() }),
  });

  // What needs the merchant besides records: an unreadable notification naming a field, and a
  // failed job on each page that lists them.
  await db.unreadableWebhook.create({
    data: {
      shop: SHOP,
      topic: "orders/paid",
      eventId: "evt-unreadable-1",
      orderId: "3015",
      payload: '{"id": 3015, "name": 5}',
      reason: "malformed orders/paid payload at name: expected string, received number",
      issues: ["name"],
    },
  });
  // Failed jobs as the worker records them (the error's text for support, its code for the page),
  // and one from before codes were recorded.
  const job = (queue: string, payload: object, lastError: string, lastErrorCode: string | null) =>
    db.job.create({
      data: {
        queue,
        key: `${SHOP}:${queue}`,
        shop: SHOP,
        state: "failed",
        attempts: 3,
        maxAttempts: 3,
        payload,
        lastError,
        lastErrorCode,
      },
    });
  await job(
    "fulfillment.requests",
    {},
    "Admin GraphQL assignedFulfillmentOrders failed: simulated store answered 500",
    jobErrorCode(new ShopifyAdminError({ operation: "assignedFulfillmentOrders", kind: "graphql", message: "500" })),
  );
  await job(
    "catalog.product",
    { kind: "product", productId: "gid://shopify/Product/999" },
    "TypeError: x is undefined",
    null,
  );
  await job(
    "fulfillment.poll",
    { fulfillmentId: "00000000-0000-4000-8000-000000000000" },
    'SvcUnexpectedError: {"error":"internal error"}',
    jobErrorCode(new SvcUnexpectedError({ endpoint: "orders/status", message: "internal error", status: 500 })),
  );

  // A customer's data request answered by the app.
  await db.customerDataRequest.create({
    data: { shop: SHOP, customerId: "77", dataRequestId: "901", ordersRequested: ["3001"], export: { orders: [] } },
  });
}

// Shopify refused the app: the carrier service's registration was throttled (recorded by the app's
// own registration, Shopify's text for the logs only), and adding our rates was refused. Inicio's
// checklist and Configuración word them from the code.
const CARRIER_PROBLEM = "throttled";
async function seedShopifyRefusals() {
  const throttled = (async () => ({
    errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }],
  })) as unknown as AdminGraphql;
  const registration = await registerCarrierService({
    db: shop.db,
    admin: throttled,
    shop: SHOP,
    appUrl: admin.app.url,
    name: "Envíos svc",
  });
  if (registration.state !== "error" || registration.problem !== CARRIER_PROBLEM)
    throw new Error(`the registration recorded ${JSON.stringify(registration)}`);
  const report = evaluateReadiness({
    shopHandle: "tienda-demo",
    connection: "connected",
    carrier: { state: "error", problem: CARRIER_PROBLEM },
    marketDriven: null,
    coverage: { kind: "unknown", error: "no carrier service", noCarrier: true },
    canAddRates: false,
    testQuote: { kind: "skipped" },
    customerData: "unknown",
  });
  const readiness = {
    checkedAt: new Date(),
    ready: report.ready,
    items: report.items as object[],
    addRatesError: "refused",
  };
  await shop.db.checkoutReadiness.upsert({
    where: { shop: SHOP },
    create: { shop: SHOP, ...readiness },
    update: readiness,
  });
}

// After the real sync: a full sync that failed since (Shopify refused the bulk read), and variants
// the service refused, with an error code and with a refusal only its own text describes.
const SYNC_PROBLEM = catalogSyncProblem("bulkReadFailed", { why: "accessDenied" });
const SERVICE_SAID = "El SKU TAZA-AZUL ya está registrado con otro código de barras.";
const REFUSED_VARIANTS = [
  { n: 1, title: "Taza azul", reason: serviceErrorReason("duplicateProduct", SERVICE_SAID) },
  { n: 2, title: "Taza verde", reason: serviceErrorReason("unexpected", SERVICE_SAID) },
];
async function seedCatalogProblems() {
  // The service's own words (Spanish, as it answers): data on any page that lists the variant.
  allow.push(SERVICE_SAID);
  await shop.db.catalogSync.create({
    data: {
      shop: SHOP,
      state: "failed",
      startedAt: new Date(),
      finishedAt: new Date(),
      errorCode: SYNC_PROBLEM.code,
      errorParams: SYNC_PROBLEM.params,
      errorDetail: "failed (ACCESS_DENIED)",
    },
  });
  for (const { n, title, reason: why } of REFUSED_VARIANTS) {
    allow.push(title);
    await shop.db.catalogVariant.create({
      data: {
        shop: SHOP,
        productId: `gid://shopify/Product/99000${n}`,
        variantId: `gid://shopify/ProductVariant/99000${n}`,
        sku: `TAZA-REF-${n}`,
        title,
        status: "failed",
        ...catalogReasonColumns(why),
      },
    });
  }
}

beforeAll(async () => {
  ({ shop, admin } = await startInstalledAdmin({
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    viewport: { width: 1280, height: 900 },
    tmpPrefix: "svc-page-walk-",
  }));
  await connectToSandbox(shop.db, shop.sandbox.url);
  await seed();
  await seedShopifyRefusals();
  for (const product of shop.store.products.list(SHOP)) {
    allow.push(product.title);
    for (const variant of product.variants) allow.push(variant.title);
  }
  host = await startExtensionHost({ appUrl: admin.app.url, shop: SHOP, apiKey: API_KEY, apiSecret: API_SECRET });
  // The demo catalogue synced for real by the app's own worker: its skipped variants carry the
  // reasons the sync writes, and Tarifas has products to quote.
  const sync = await startFullSync({ db: shop.db, shop: SHOP });
  if (!sync.started) throw new Error(`the catalogue sync did not start: ${sync.reason}`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { state } = await shop.db.catalogSync.findUniqueOrThrow({ where: { id: sync.syncId } });
    if (state === "completed") break;
    if (state === "failed" || Date.now() > deadline) throw new Error(`the catalogue sync ended ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await seedCatalogProblems();
}, 240_000);

afterAll(async () => {
  await host?.close();
  await admin?.close();
  await shop?.close();
});

/** What is wrong in a page's text, each line naming the page and the language; `data` is allowed too. */
const leaksIn = (where: string, locale: Locale, text: string, data: readonly string[] = []) =>
  describeLeaks(where, locale, merchantTextLeaks(text, locale, [...allow, ...data]));

const WORDS = {
  es: {
    timelines: /^Ver historial/,
    lookupSku: "SKU",
    lookup: "Consultar",
    postalCode: "Código postal",
    state: "Estado",
    city: "Ciudad o alcaldía",
    street: "Calle y número",
    product: "Producto 1",
    quantity: "Cantidad 1",
    subtotal: "Subtotal del carrito",
    quote: "Cotizar",
    service: "Servicio: Programado",
    jobError: "Shopify no respondió como se esperaba.",
    catalogJob: "La app no guardó qué falló.",
    noSku: "No tiene SKU. Agrega un SKU único",
    duplicateSku: "SKU duplicado",
    orderJob: "El servicio tiene una falla o está en mantenimiento.",
    unreadable: "Lo que no se pudo leer: el nombre del pedido.",
    history: "Historial de #3002",
    privacy: "0 de 1 con datos",
    settings: "Conectada al entorno de pruebas (QA).",
  },
  en: {
    timelines: /^Show history/,
    lookupSku: "SKU",
    lookup: "Look up",
    postalCode: "Postal code",
    state: "State",
    city: "City or borough",
    street: "Street and number",
    product: "Product 1",
    quantity: "Quantity 1",
    subtotal: "Cart subtotal",
    quote: "Get rates",
    service: "Service: Programado",
    jobError: "Shopify did not answer as expected.",
    catalogJob: "The app did not record what failed.",
    noSku: "It has no SKU. Give the variant a unique SKU",
    duplicateSku: "Duplicate SKU",
    orderJob: "The service is failing or under maintenance.",
    unreadable: "What could not be read: the order's name.",
    history: "History of #3002",
    privacy: "0 of 1 with data",
    settings: "Connected to the test environment (QA).",
  },
} as const;

describe.each(["es", "en"] as const)("every page in %s", (locale) => {
  const w = WORDS[locale];
  // The states seeded from codes, worded as the app words them in this language.
  const i18n = translator(locale);
  const carrierProblem = i18n.messages.shopifyProblems[CARRIER_PROBLEM];
  const syncFailed = catalogSyncErrorWords(i18n, SYNC_PROBLEM)!;
  const refusedVariants = REFUSED_VARIANTS.map((v) => catalogReasonWords(i18n, v.reason)!);

  it("reads no GID, JSON, exception, code or other-language sentence on any admin page", async () => {
    // Each page, what to do on it first, and what it must then say (so the walk reads a page with content).
    const visits: Array<[string, string, (page: Page) => Promise<string[] | void>, string[]]> = [
      ["Inicio", "/app", async () => {}, [w.jobError, carrierProblem]],
      [
        "Pedidos",
        "/app/orders",
        async (page) => {
          // Each record's detail too: its timeline, opened. Each click turns its button into
          // «hide»: open the first closed one until none is left.
          const buttons = page.getByRole("button", { name: w.timelines });
          await poll(() => buttons.count()).toBeGreaterThan(10);
          for (let left = await buttons.count(); left > 0; left--) {
            await buttons.first().click();
            await poll(() => buttons.count()).toBe(left - 1);
          }
          await poll(() => page.locator("ol[aria-label] li").count()).toBeGreaterThan(20);
        },
        [w.unreadable, w.orderJob, w.history, i18n.messages.orders.statuses.awaiting_stock],
      ],
      [
        "Catálogo",
        "/app/catalog",
        async (page) => {
          await page.getByLabel(w.lookupSku, { exact: true }).fill("JAB-LAV");
          await page.getByRole("button", { name: w.lookup, exact: true }).click();
          await poll(() => page.getByText("JAB-LAV", { exact: false }).count()).toBeGreaterThan(1);
        },
        [w.catalogJob, syncFailed],
      ],
      // The variants the service refused: its error worded by the app, or its own words (allowed as data).
      ["Catálogo (con error)", "/app/catalog?status=failed", async () => {}, refusedVariants],
      // The variants the sync left out, each with the reason it wrote.
      ["Catálogo (omitidas)", "/app/catalog?status=skipped", async () => {}, [w.noSku, w.duplicateSku]],
      [
        "Almacén",
        "/app/warehouse",
        async (page) => {
          // The warehouse read for real (stock sync off: a read without writing Shopify), and a
          // withdrawal, so every part of the page has content.
          await sandboxControl(shop.sandbox.url, "/__sandbox/pickup-order", {
            productos: [{ sku: "TAZA-AZ", cantidad: 1 }],
            razon: "Bazar",
          });
          await page.getByRole("button", { name: i18n.messages.warehouse.stock.readNow }).click();
          await poll(() => page.locator(".Polaris-DataTable table tbody tr").count()).toBeGreaterThan(10);
          // The warehouse's name is the service's own (data, in its language).
          return [WAREHOUSE.nombre_almacen];
        },
        [i18n.messages.warehouse.receptions.origins.ALTA_PRODUCTO, "Bazar"],
      ],
      [
        "Tarifas",
        "/app/rates",
        async (page) => {
          await page.getByLabel(w.postalCode).fill("06500");
          await page.getByLabel(w.state).selectOption("DF");
          await page.getByLabel(w.city).fill("Ciudad de México");
          await page.getByLabel(w.street).fill("Río Lerma 232");
          const product = page.getByLabel(w.product);
          await product.selectOption((await product.locator("option").nth(1).getAttribute("value"))!);
          await page.getByLabel(w.quantity).fill("2");
          await page.getByLabel(w.subtotal).fill("1200.00");
          await page.getByRole("button", { name: w.quote }).click();
          const rows = page.locator(".Polaris-DataTable table tbody tr");
          await poll(() => rows.count()).toBe(3);
          // The checkout's rate names and the service's descriptions are what the buyer reads, in
          // the shop's language: data, not the admin's words (the cell's last line is the admin's).
          return rows.evaluateAll((trs) =>
            trs.flatMap((tr) => {
              const lines = Array.from(tr.firstElementChild?.querySelectorAll("span") ?? []).map((s) => s.innerText);
              return lines.slice(0, -1);
            }),
          );
        },
        [w.service],
      ],
      [
        "Configuración",
        "/app/settings",
        async () => {},
        [w.settings, i18n.messages.settings.carrier.errorTitle, carrierProblem],
      ],
      ["Privacidad", "/app/privacy", async () => {}, [w.privacy]],
    ];
    const found: string[] = [];
    for (const [where, path, prepare, says] of visits) {
      const page = await admin.open(path, locale);
      const data = (await prepare(page)) ?? [];
      const text = await merchantText(page, { title: true });
      for (const words of says) expect(text, where).toContain(words);
      found.push(...leaksIn(where, locale, text, data));
      await page.close();
    }
    expect(found).toEqual([]);
  });

  it("reads none of them in the order-page block, for orders in every state, nor in its action", async () => {
    const page = await admin.browser.newPage({ viewport: { width: 760, height: 1400 }, userAgent: MERCHANT_BROWSER });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const found: string[] = [];
    for (const n of [3002, 3004, 3005, 3006, 3007, 3008, 3009, 3011, 3012, 3013, 3014, 3099]) {
      await page.goto(host.url({ extension: "warehouse-status", orderGid: gid(n), locale }));
      // Loaded: the records' badges, or the sentence for an order the app never received.
      await poll(() => page.locator("s-admin-block s-link").count()).toBeGreaterThan(0);
      // The stand-in page's own title is no merchant's: only what the block draws is read.
      found.push(...leaksIn(`bloque del pedido #${n}`, locale, await merchantText(page, { title: false })));
    }
    // And the «send to warehouse now» action beside it: an order already there, one the store does not have.
    for (const n of [3001, 3099]) {
      await page.goto(host.url({ extension: "warehouse-push", orderGid: gid(n), locale }));
      await poll(() => page.locator("s-admin-action s-text, s-admin-action s-banner").count()).toBeGreaterThan(0);
      found.push(...leaksIn(`acción enviar ahora #${n}`, locale, await merchantText(page, { title: false })));
    }
    expect(errors).toEqual([]);
    expect(found).toEqual([]);
    await page.close();
  });
});
