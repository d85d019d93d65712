// Issue 21: three instances of the built server behind round-robin, sharing one Redis (Debian's
// redis-server, REDIS_URL). 100 checkouts of the same cart, sent at once and spread over the three,
// make exactly one quotation at the service, and every one gets the service's rates. Without the
// shared cache each instance would ask once (its own cache and single-flight only).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer, type RedisServer } from "../helpers/redis-server";
import { SECRET } from "../reliability/support/running-app";
import { startInstances, type Instances } from "./support/instances";

const SHOP = "tienda-demo.myshopify.com";
const METRICS_TOKEN = "scale-metrics-token-0123456789";
/** Each quotation takes this long at the service, so the 100 requests sent together overlap. */
const QUOTE_DELAY_MS = 400;

let redis: RedisServer;
let stack: Instances;

beforeAll(async () => {
  redis = await startRedisServer();
  stack = await startInstances({
    name: "scale-shared-cache",
    shop: SHOP,
    svcKey: "sk_test_scale_cache",
    count: 3,
    quoteDelayMs: QUOTE_DELAY_MS,
    env: { REDIS_URL: redis.url, METRICS_TOKEN },
  });
}, 240_000);

afterAll(async () => {
  await stack?.close();
  await redis?.close();
});

let nextCart = 0;
/** A cart of `quantity` units of the demo's first variant: each quantity is its own cart. */
function cart(quantity: number) {
  const variant = stack.world.variants[0]!;
  return stack.world.store.buildRateRequest(SHOP, { items: [{ variantId: variant.variantId, quantity }] });
}

async function checkout(appUrl: string, rate: ReturnType<typeof cart>) {
  const response = await stack.world.store.sendRateRequest({
    url: `${appUrl}/carrier-service/rates`,
    secret: SECRET,
    domain: SHOP,
    rate,
  });
  const body = (await response.json()) as { rates?: { service_code: string; total_price: string }[] };
  return { status: response.status, rates: (body.rates ?? []).map((r) => `${r.service_code} ${r.total_price}`) };
}

/** How many times this instance looked at the shared cache and Redis answered (hit, miss or waited). */
async function sharedLooks(appUrl: string): Promise<number> {
  const text = await (
    await fetch(`${appUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  let looks = 0;
  for (const m of text.matchAll(/^app_rate_shared_cache_total\{result="(hit|miss|waited)"\} (\d+)/gm))
    looks += Number(m[2]);
  return looks;
}

/**
 * Warms every instance (its shop profile, its first quotation) with carts of its own until its
 * Redis connection has answered once: an instance answers from the service while it connects.
 */
async function warmUp(): Promise<void> {
  for (const app of stack.apps) {
    const started = Date.now();
    while ((await sharedLooks(app.url)) === 0) {
      if (Date.now() - started > 60_000) throw new Error(`${app.url} did not reach Redis within 60 s`);
      expect((await checkout(app.url, cart(50 + nextCart++))).status).toBe(200);
    }
  }
}

describe("three instances sharing one Redis", () => {
  it("make one upstream quotation for 100 identical carts spread over them round-robin", async () => {
    await warmUp();
    const before = stack.quotes();
    const rate = cart(7);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => checkout(stack.apps[i % stack.apps.length]!.url, rate)),
    );
    expect(stack.quotes() - before).toBe(1);
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    // Every answer is the service's rates, the same on every instance.
    expect(answers[0]!.rates.length).toBeGreaterThan(0);
    expect(new Set(answers.map((a) => a.rates.join("; "))).size).toBe(1);

    // Asked again later on any instance: from the caches, still one quotation in all.
    const again = await Promise.all(stack.apps.map((app) => checkout(app.url, rate)));
    expect(again.map((a) => a.rates)).toEqual(Array(3).fill(answers[0]!.rates));
    expect(stack.quotes() - before).toBe(1);
  });
});
