import { createSimulatedStore } from "./index";

/**
 * Runs the simulated store on its own for the demo or manual poking:
 *   SANDBOX_STORE_PORT (default 4020), SANDBOX_STORE_SHOP (default tienda-demo.myshopify.com),
 *   SANDBOX_STORE_PLAN=basic to refuse carrier services as a Basic-plan shop would,
 *   SANDBOX_STORE_SHIPPING=markets for a shop on market-driven shipping.
 */
const port = Number(process.env.SANDBOX_STORE_PORT ?? 4020);
const domain = process.env.SANDBOX_STORE_SHOP ?? "tienda-demo.myshopify.com";
const basic = process.env.SANDBOX_STORE_PLAN === "basic";
const marketDrivenShipping = process.env.SANDBOX_STORE_SHIPPING === "markets";

const store = createSimulatedStore();
store.addShop({ domain, allowsCarrierCalculatedRates: !basic, marketDrivenShipping });
store.seedDemoCatalogue(domain);
const server = await store.listen(port);

console.log(`simulated store for ${domain} at ${server.graphqlUrl(domain)}`);
console.log(`access token: ${store.accessToken(domain)}`);
console.log(`merchant control API: ${server.url}/__sandbox/shops/${domain}/ (see sandbox/store/README.md)`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void server.close().then(() => process.exit(0)));
}
