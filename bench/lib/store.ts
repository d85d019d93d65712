// The simulated Shopify store for a benchmark, in its own process: one shop with the demo
// catalogue and BENCH_ORDERS paid orders, whose orders/paid deliveries (signed with
// BENCH_SECRET, as Shopify would send them) are written to BENCH_DELIVERIES_FILE for the load
// generator. Prints one JSON line { url, accessToken, skus, orderIds } once listening.
import fs from "node:fs";
import { createSimulatedStore } from "../../sandbox/store";
import { attachDemoIds } from "../../sandbox/store/catalogue/demo-catalogue-facts";

const domain = process.env.BENCH_SHOP ?? "tienda-bench.myshopify.com";
const secret = process.env.BENCH_SECRET ?? "bench-api-secret";
const orders = Number(process.env.BENCH_ORDERS ?? 500);

// Shopify's Admin GraphQL bucket by plan (shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits):
// Standard restores 100 points/s, Plus 1,000. BENCH_PLAN picks one (default: standard).
const PLANS = {
  standard: { maximumAvailable: 2_000, restoreRate: 100 },
  plus: { maximumAvailable: 20_000, restoreRate: 1_000 },
} as const;
const plan = (process.env.BENCH_PLAN ?? "standard") as keyof typeof PLANS;
if (!(plan in PLANS)) throw new Error(`BENCH_PLAN must be one of ${Object.keys(PLANS).join(", ")}`);
const store = createSimulatedStore({ throttle: PLANS[plan] });
store.addShop({ domain, name: "Tienda Bench" });
store.seedDemoCatalogue(domain);
const variants = attachDemoIds(store.products.list(domain)).filter((v) => v.outcome === "synced" && v.sku);
const deliveries: { headers: Record<string, string>; body: string }[] = [];
const orderIds: string[] = [];
for (let i = 0; i < orders; i++) {
  const variant = variants[i % variants.length]!;
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
process.stdout.write(
  `${JSON.stringify({ url: server.url, accessToken: store.accessToken(domain), skus: [...new Set(variants.map((v) => v.sku))], orderIds })}\n`,
);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => void server.close().then(() => process.exit(0)));
