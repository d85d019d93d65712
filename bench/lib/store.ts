// The simulated Shopify store for a benchmark, in its own process: BENCH_SHOPS shops (default 1)
// with the demo catalogue and BENCH_ORDERS paid orders spread over them in turn, whose orders/paid
// deliveries (signed with BENCH_SECRET, as Shopify would send them) are written to
// BENCH_DELIVERIES_FILE for the load generator. Prints one JSON line
// { url, shops: [{ domain, accessToken }], skus, orderIds, operationsUrl } once listening;
// `GET {operationsUrl}` answers what the app asked of the Admin API so far, all shops together, by
// operation: calls, their requested and actual query cost, and THROTTLED answers.
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer } from "node:http";
import { createSimulatedStore } from "../../sandbox/store";
import { attachDemoIds } from "../../sandbox/store/catalogue/demo-catalogue-facts";
import { flowTriggerDefinitions } from "../../scripts/flow-extensions";

const firstDomain = process.env.BENCH_SHOP ?? "tienda-bench.myshopify.com";
const secret = process.env.BENCH_SECRET ?? "bench-api-secret";
const orders = Number(process.env.BENCH_ORDERS ?? 500);
const shopCount = Number(process.env.BENCH_SHOPS ?? 1);
if (!Number.isInteger(shopCount) || shopCount < 1)
  throw new Error(`BENCH_SHOPS: "${shopCount}" is not a number of shops`);

// Shopify's Admin GraphQL bucket by plan (shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits):
// Standard restores 100 points/s, Plus 1,000. BENCH_PLAN picks one (default: standard).
const PLANS = {
  standard: { maximumAvailable: 2_000, restoreRate: 100 },
  plus: { maximumAvailable: 20_000, restoreRate: 1_000 },
} as const;
const plan = (process.env.BENCH_PLAN ?? "standard") as keyof typeof PLANS;
if (!(plan in PLANS)) throw new Error(`BENCH_PLAN must be one of ${Object.keys(PLANS).join(", ")}`);
const store = createSimulatedStore({ throttle: PLANS[plan] });
// The first shop keeps the one-shop bench's name; the others are numbered after it.
const domains = Array.from({ length: shopCount }, (_, i) =>
  i === 0 ? firstDomain : firstDomain.replace(/^([^.]+)/, `$1-${i + 1}`),
);
const variantsOf = new Map<string, ReturnType<typeof attachDemoIds>>();
for (const [i, domain] of domains.entries()) {
  store.addShop({ domain, name: `Tienda Bench ${i + 1}` });
  store.seedDemoCatalogue(domain);
  // The app's Flow triggers, as `shopify app deploy` makes them known to each shop (as the demo does).
  store.control.defineFlowTriggers(domain, flowTriggerDefinitions());
  variantsOf.set(
    domain,
    attachDemoIds(store.products.list(domain)).filter((v) => v.outcome === "synced" && v.sku),
  );
}
const deliveries: { headers: Record<string, string>; body: string }[] = [];
const orderIds: string[] = [];
for (let i = 0; i < orders; i++) {
  const domain = domains[i % domains.length]!;
  const variants = variantsOf.get(domain)!;
  const variant = variants[Math.floor(i / domains.length) % variants.length]!;
  const order = store.orders.createPaid(domain, {
    lineItems: [{ variantId: variant.variantId, quantity: 1 }],
    shippingLine: { title: "Envío express", code: "EXPRESS", price: "150.00" },
  });
  orderIds.push(String(order.id));
  await store.sendWebhook({
    url: "http://capture.invalid/webhooks/orders/paid",
    secret,
    topic: "orders/paid",
    domain,
    payload: order,
    fetch: async (_url, init) => {
      deliveries.push({ headers: init!.headers as Record<string, string>, body: String(init!.body) });
      return new Response(null, { status: 200 });
    },
  });
}
fs.writeFileSync(process.env.BENCH_DELIVERIES_FILE ?? "/dev/null", JSON.stringify(deliveries));
const server = await store.listen(0);

interface OperationCount {
  calls: number;
  requested: number;
  actual: number;
  throttled: number;
}
const operations = createServer((_req, res) => {
  const by: Record<string, OperationCount> = {};
  for (const domain of domains) {
    for (const op of store.inspect(domain).operations) {
      const name = op.operationName ?? op.rootFields.join("+");
      const count = (by[name] ??= { calls: 0, requested: 0, actual: 0, throttled: 0 });
      count.calls++;
      count.requested += op.requestedQueryCost ?? 0;
      count.actual += op.actualQueryCost ?? 0;
      if (op.outcome === "throttled") count.throttled++;
    }
  }
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(by));
});
await new Promise<void>((resolve) => operations.listen(0, "127.0.0.1", resolve));
const variants = [...variantsOf.values()].flat();
process.stdout.write(
  `${JSON.stringify({
    url: server.url,
    shops: domains.map((domain) => ({ domain, accessToken: store.accessToken(domain) })),
    skus: [...new Set(variants.map((v) => v.sku))],
    orderIds,
    operationsUrl: `http://127.0.0.1:${(operations.address() as AddressInfo).port}/`,
  })}\n`,
);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    operations.close();
    void server.close().then(() => process.exit(0));
  });
