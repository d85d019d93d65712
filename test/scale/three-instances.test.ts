// Three instances of the production build behind HAProxy, on PgBouncer in transaction mode in
// front of Debian's PostgreSQL (test/scale/support/cluster.ts), as docs/operations.md scales the
// app. Checkout rates keep answering through a rolling restart and a SIGKILL; a burst of paid
// orders delivered 1–3 times each ends in exactly one service order per order; and the instances
// share each shop's Admin API budget, so Shopify never answers THROTTLED.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFullSync } from "~/catalog/full-sync.server";
import { NOTE_QUEUE } from "~/fulfillment/core/queues";
import { SECRET } from "../reliability/support/running-app";
import { startCluster, type Cluster } from "./support/cluster";

const SHOP = "tienda-demo.myshopify.com";
const SVC_KEY = "sk_test_scale";

let cluster: Cluster;

beforeAll(async () => {
  // A flash sale's bucket (the Plus plan's, 1,000 points a second) until the budget test shrinks it.
  cluster = await startCluster({
    shop: SHOP,
    svcKey: SVC_KEY,
    instances: 3,
    throttle: { maximumAvailable: 20_000, restoreRate: 1_000 },
  });
}, 240_000);

afterAll(async () => {
  await cluster?.close();
});

async function waitFor<T>(what: string, check: () => Promise<T | null | undefined | false>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${cluster.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Every order the sandbox holds for our account (its control endpoint, with our bearer token). */
async function sandboxOrders(): Promise<{ id: string; request: { tienda_orden_ref?: string } }[]> {
  const { accessToken } = await cluster.svc().auth();
  const response = await fetch(`${cluster.sandbox.url}/__sandbox/orders`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (!response.ok) throw new Error(`GET /__sandbox/orders: ${response.status}`);
  return ((await response.json()) as { orders: { id: string; request: { tienda_orden_ref?: string } }[] }).orders;
}

let cart = 0;
/** One checkout's rate callback, as Shopify sends it, through HAProxy. */
async function checkout(): Promise<string> {
  cart++;
  const variant = cluster.variants[cart % cluster.variants.length]!;
  const rate = cluster.store.buildRateRequest(SHOP, {
    items: [{ variantId: variant.variantId, quantity: 1 + (cart % 4) }],
  });
  try {
    const r = await cluster.store.sendRateRequest({
      url: `${cluster.url}/carrier-service/rates`,
      secret: SECRET,
      domain: SHOP,
      rate,
    });
    const body = await r.text();
    const rates = r.status === 200 ? ((JSON.parse(body) as { rates?: unknown[] }).rates?.length ?? 0) : 0;
    return r.status === 200 && rates > 0 ? "ok" : `${r.status} with ${rates} rates: ${body.slice(0, 200)}`;
  } catch (error) {
    return `no answer: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** orders/paid deliveries (1–3 per order, one event id each), in a fixed shuffle. */
function paidOrderDeliveries(count: number) {
  const deliveries: { order: unknown; eventId: string }[] = [];
  for (let i = 0; i < count; i++) {
    const variant = cluster.variants[i % cluster.variants.length]!;
    const order = cluster.store.orders.createPaid(SHOP, {
      lineItems: [{ variantId: variant.variantId, quantity: 1 + (i % 3) }],
      shippingLine: { title: "Envío express", code: "EXPRESS", price: "150.00" },
    });
    const eventId = randomUUID();
    for (let copy = 0; copy < 1 + (i % 3); copy++) deliveries.push({ order, eventId });
  }
  let seed = 11;
  for (let i = deliveries.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
  }
  return deliveries;
}

/** Delivers through HAProxy, `width` at a time; Shopify sends again what got no 2xx. Answers the statuses seen. */
async function deliverAll(deliveries: { order: unknown; eventId: string }[], width: number) {
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < deliveries.length) {
        const d = deliveries[next++]!;
        for (let attempt = 0; ; attempt++) {
          const status = await cluster.store
            .sendWebhook({
              url: `${cluster.url}/webhooks/orders/paid`,
              secret: SECRET,
              topic: "orders/paid",
              domain: SHOP,
              payload: d.order,
              eventId: d.eventId,
            })
            .then(
              (r) => r.status,
              () => 0,
            );
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status === 200) break;
          if (attempt > 20) throw new Error(`a delivery never got a 200 (last ${status})`);
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    }),
  );
  return Object.fromEntries(statuses);
}

const submitted = () => cluster.db.fulfillment.count({ where: { shop: SHOP, svcOrderId: { not: null } } });

describe("three instances behind HAProxy on PgBouncer", () => {
  it("answers every checkout rate callback through a rolling restart (SIGTERM each in turn) and a SIGKILL", async () => {
    const outcomes: string[] = [];
    let loading = true;
    // Steady load: six checkouts in flight at all times.
    const load = Promise.all(
      Array.from({ length: 6 }, async () => {
        while (loading) outcomes.push(await checkout());
      }),
    );
    const answered = (n: number) => waitFor(`${n} answers`, async () => outcomes.length >= n, 60_000);
    await answered(30);

    // Rolling restart: each instance drains on SIGTERM (exit 0), a new process takes its place, and
    // the next goes only once HAProxy sees all three up again.
    for (const instance of cluster.instances) {
      const before = outcomes.length;
      expect(await cluster.stop(instance, "SIGTERM")).toBe(0);
      await cluster.start(instance);
      await cluster.backendsAre(Object.fromEntries(cluster.instances.map((i) => [i.name, "UP"])));
      await answered(before + 30);
    }
    // One instance dies outright: HAProxy sends its requests to the others and, once health
    // checks mark it down, stops trying it.
    const victim = cluster.instances[1]!;
    const beforeKill = outcomes.length;
    await cluster.stop(victim, "SIGKILL");
    await answered(beforeKill + 60);
    await cluster.start(victim);
    await cluster.backendsAre(Object.fromEntries(cluster.instances.map((i) => [i.name, "UP"])));
    await answered(outcomes.length + 30);
    loading = false;
    await load;

    const failures = outcomes.filter((o) => o !== "ok");
    expect({ answered: outcomes.length > 200, failures: failures.slice(0, 5), failed: failures.length }).toEqual({
      answered: true,
      failures: [],
      failed: 0,
    });
    // Every instance ran two processes (the third three): the restarts really happened under load.
    expect(cluster.instances.map((i) => i.history.length)).toEqual([2, 3, 2]);
  });

  it("a burst of 200 paid orders, each delivered 1–3 times across the instances, ends in exactly 200 service orders", async () => {
    const ORDERS = 200;
    const before = await sandboxOrders();
    const deliveries = paidOrderDeliveries(ORDERS);
    expect(deliveries.length).toBeGreaterThan(ORDERS * 1.9);
    const statuses = await deliverAll(deliveries, 12);
    expect(statuses[200]).toBeGreaterThanOrEqual(deliveries.length);

    await waitFor("every order to be submitted", async () => (await submitted()) === ORDERS, 180_000);
    const orders = (await sandboxOrders()).slice(before.length);
    const references = orders.map((o) => o.request.tienda_orden_ref);
    expect({ orders: orders.length, distinct: new Set(references).size }).toEqual({ orders: ORDERS, distinct: ORDERS });
  });

  it("shares the shop's Admin API budget: catalogue and order work of three instances at a small bucket is never THROTTLED", async () => {
    // GIVEN the shop on a small bucket (1,000 points, 200 a second: a twentieth of the Plus plan's),
    // as the instances know it from their earlier calls (the row they share). An order's read asks
    // for ~690 points: at most one fits in the bucket at a time, whichever instance sends it.
    const BUCKET = { maximumAvailable: 1_000, restoreRate: 200 };
    // (The earlier burst's order notes are written first: this test's work is what it measures.)
    await waitFor(
      "the earlier orders' notes to be written",
      async () =>
        (await cluster.db.job.count({
          where: { queue: NOTE_QUEUE, state: { in: ["queued", "running"] }, runAt: { lte: new Date() } },
        })) === 0,
      120_000,
    );
    cluster.store.setThrottle(SHOP, { ...BUCKET, currentlyAvailable: BUCKET.maximumAvailable });
    const known = { ...BUCKET, available: BUCKET.maximumAvailable, atMs: Date.now() };
    await cluster.db.adminApiBudget.upsert({ where: { shop: SHOP }, create: { shop: SHOP, ...known }, update: known });
    const operationsBefore = cluster.store.inspect(SHOP).operations.length;
    const submittedBefore = await submitted();
    // WHEN the three instances work for the shop at once: a full catalogue sync, product webhooks
    // (one product's re-sync each) and a burst of paid orders
    const sync = await startFullSync({ db: cluster.db, shop: SHOP });
    if (!sync.started) throw new Error(`the full sync did not start: ${sync.reason}`);
    const products = cluster.store.products.list(SHOP);
    const productUpdates = products.map((p) =>
      cluster.store.sendWebhook({
        url: `${cluster.url}/webhooks/products/update`,
        secret: SECRET,
        topic: "products/update",
        domain: SHOP,
        payload: p,
        eventId: randomUUID(),
      }),
    );
    const ORDERS = 24;
    const statuses = await deliverAll(paidOrderDeliveries(ORDERS), 9);
    expect((await Promise.all(productUpdates)).map((r) => r.status)).toEqual(products.map(() => 200));
    expect(statuses[200]).toBeGreaterThanOrEqual(ORDERS);

    // THEN all of it is done
    await waitFor("the orders to be submitted", async () => (await submitted()) === submittedBefore + ORDERS, 180_000);
    await waitFor(
      "the catalogue sync to complete",
      async () => (await cluster.db.catalogSync.findUnique({ where: { id: sync.syncId } }))?.state === "completed",
      180_000,
    );
    const operations = cluster.store.inspect(SHOP).operations.slice(operationsBefore);
    const requested = operations.reduce((sum, op) => sum + (op.requestedQueryCost ?? 0), 0);
    // The work asked for several buckets' worth of points: without waiting for each other the
    // instances would have overdrawn it.
    expect(requested).toBeGreaterThan(3 * BUCKET.maximumAvailable);
    // AND Shopify never answered THROTTLED
    const outcomes: Record<string, number> = {};
    for (const op of operations) outcomes[op.outcome] = (outcomes[op.outcome] ?? 0) + 1;
    const refused = operations
      .filter((op) => op.outcome !== "ok")
      .map((op) => `${op.operationName ?? op.rootFields.join("+")} ${op.outcome} (requested ${op.requestedQueryCost})`);
    expect({ outcomes, refused: refused.slice(0, 10) }).toEqual({ outcomes: { ok: operations.length }, refused: [] });
  });
});
