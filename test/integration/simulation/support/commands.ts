/**
 * The simulation's commands (fast-check model-based testing): what Shopify's buyers and merchant,
 * the network, the warehouse, the clock and the app's two worker processes may do next. Each
 * command picks its target by index among what exists when it runs (so shrinking never makes a
 * command invalid) and does nothing when there is nothing to act on.
 */
import fc from "fast-check";
import prisma from "../../../helpers/prisma";
import { requestStockSync } from "~/fulfillment/jobs/stock-sync.server";
import { startReconciliation } from "~/fulfillment/jobs/reconcile.server";
import { confirmServiceOrderAbsent, confirmServiceOrderExists } from "~/fulfillment/actions/merchant-actions.server";
import { STOCK_QUEUE } from "~/fulfillment/core/queues";
import { ControlError } from "../../../../sandbox/store/control/control-error";
import { checkStep, checkStock } from "./invariants";
import { LEASE_MS, MINUTE, SERVICE_NAME, SHOP, SHOPFRONT, SKUS, type Fault, type SimOrder, type World } from "./world";

type Fate = "now" | "twice" | "later" | "lost";
type Model = Record<string, never>;
export type SimCommand = fc.AsyncCommand<Model, World, false>;

const SHIPPING_LINE = { title: "Express (1-2 días hábiles)", code: "EXPRESS", price: "189.00", source: "Envíos svc" };
/** An address the app holds (no street number); and the merchant's correction of it. */
const NO_NUMBER = { address1: "Avenida Juárez", address2: "Col. Centro", zip: "06000" };
const CORRECTED = {
  address1: "Avenida Juárez 12",
  address2: "Col. Centro",
  zip: "06000",
  city: "Ciudad de México",
  province: "Ciudad de México",
  provinceCode: "CMX",
};

abstract class Base implements SimCommand {
  check(): boolean {
    return true;
  }
  abstract act(world: World): Promise<void>;
  abstract toString(): string;
  async run(_model: Model, world: World): Promise<void> {
    world.log.push(this.toString());
    await this.act(world);
    await checkStep(world);
  }
}

/** Applies the network's fate to the webhooks a change in Shopify just sent. */
async function sent(world: World, since: number, fate: Fate): Promise<void> {
  await world.store.control.webhooksIdle();
  const fresh = world.outbox.filter((h) => h.seq >= since).map((h) => h.seq);
  for (const seq of fresh) {
    const index = world.outbox.findIndex((h) => h.seq === seq);
    if (fate === "lost") world.lose(index);
    else if (fate === "now") await world.deliver(index);
    else if (fate === "twice") {
      await world.deliver(index, true);
      await world.deliver(world.outbox.findIndex((h) => h.seq === seq));
    }
  }
}

/** A change the merchant (or Shopify) makes to an order; refusals (Shopify's userErrors) change nothing. */
async function change(world: World, fate: Fate, act: () => Promise<unknown>): Promise<boolean> {
  const since = world.seq;
  world.seq += 1;
  try {
    await act();
  } catch (error) {
    // Shopify refuses it in the order's current state (its userErrors): nothing happened.
    if (error instanceof ControlError && error.status === 409) {
      world.log.push(`  refused: ${error.message}`);
      return false;
    }
    throw error;
  }
  await sent(world, since, fate);
  return true;
}

const orderAt = (world: World, index: number): SimOrder | undefined =>
  world.orders.length === 0 ? undefined : world.orders[index % world.orders.length];
const fosOf = (world: World, order: SimOrder) =>
  world.store.inspect(SHOP).fulfillmentOrders.filter((fo) => fo.orderId === order.gid);

export class Pay extends Base {
  constructor(
    readonly lines: { sku: string; quantity: number }[],
    readonly badAddress: boolean,
    readonly fate: Fate,
  ) {
    super();
  }
  toString() {
    return `Pay(${this.lines.map((l) => `${l.quantity}×${l.sku}`).join("+")}${this.badAddress ? ", bad address" : ""}, ${this.fate})`;
  }
  async act(world: World) {
    const since = world.seq++;
    // Fulfilment-service mode: the lines are stocked at the service's location and the shop asks
    // for their fulfilment at once (its automatic fulfilment requests); Shopify notifies the app.
    const location = world.serviceMode ? { location: SERVICE_NAME } : {};
    const { order } = await world.store.control.createOrder(SHOP, {
      lineItems: this.lines.map((line) => ({ ...line, ...location })),
      shippingLine: SHIPPING_LINE,
      ...(this.badAddress ? { shippingAddress: NO_NUMBER } : {}),
    });
    const maxUnits = new Map<string, number>();
    for (const line of this.lines) maxUnits.set(line.sku, (maxUnits.get(line.sku) ?? 0) + line.quantity);
    world.orders.push({
      id: order.id,
      gid: order.admin_graphql_api_id,
      name: order.name,
      maxUnits,
      units: new Map(maxUnits),
      badAddress: this.badAddress,
      reshaped: false,
    });
    if (world.serviceMode) {
      for (const fo of world.store
        .inspect(SHOP)
        .fulfillmentOrders.filter((f) => f.orderId === order.admin_graphql_api_id))
        if (fo.locationId === world.warehouseId()) await world.store.control.requestFulfillment(SHOP, fo.id);
    }
    await sent(world, since, this.fate);
  }
}

export class Deliver extends Base {
  constructor(
    readonly index: number,
    readonly duplicate: boolean,
  ) {
    super();
  }
  toString() {
    return `Deliver(${this.index}${this.duplicate ? ", duplicated" : ""})`;
  }
  async act(world: World) {
    await world.deliver(this.index, this.duplicate);
  }
}

export class Lose extends Base {
  constructor(readonly index: number) {
    super();
  }
  toString() {
    return `Lose(${this.index})`;
  }
  async act(world: World) {
    world.lose(this.index);
  }
}

export class Work extends Base {
  constructor(
    readonly process: "A" | "B" | "both",
    readonly fault: Fault | null,
  ) {
    super();
  }
  toString() {
    const f = this.fault;
    return `Work(${this.process}${f ? `, ${f.target} call ${f.nth} ${f.mode === "hang" ? "then the worker dies" : f.mode === "after" ? "answer lost" : "times out before"}` : ""})`;
  }
  async act(world: World) {
    if (this.process === "both") await Promise.all([world.work("A"), world.work("B")]);
    else await world.work(this.process, this.fault);
  }
}

type MerchantAction = "cancel" | "cancelRequest" | "hold" | "release" | "split" | "merge" | "move" | "edit" | "address";

/** What the merchant (or Shopify) does to an order. */
async function merchant(world: World, what: MerchantAction, order: SimOrder, fate: Fate, amount: number) {
  const fos = fosOf(world, order);
  const warehouse = world.warehouseId();
  const open = fos.filter((fo) => fo.status === "OPEN");
  switch (what) {
    case "cancel":
      return change(world, fate, () => world.store.control.cancel(SHOP, String(order.id)));
    case "cancelRequest": {
      // Fulfilment-service mode: the merchant asks the warehouse to cancel a requested part.
      const requested = fos.filter((fo) => ["SUBMITTED", "ACCEPTED"].includes(fo.requestStatus ?? ""));
      const fo = requested[amount % Math.max(1, requested.length)];
      if (!fo) return false;
      return change(world, fate, () => world.store.control.requestCancellation(SHOP, fo.id));
    }
    case "hold": {
      const fo = open[amount % Math.max(1, open.length)];
      if (!fo) return false;
      return change(world, fate, () => world.store.control.hold(SHOP, fo.id, { reason: "OTHER", notes: "simulación" }));
    }
    case "release": {
      const held = fos.filter((fo) => fo.status === "ON_HOLD");
      const fo = held[amount % Math.max(1, held.length)];
      if (!fo) return false;
      world.heldKnown.delete(order.gid);
      return change(world, fate, () => world.store.control.releaseHold(SHOP, fo.id));
    }
    case "split": {
      const fo = open.find((f) => f.lineItems.reduce((n, l) => n + l.remainingQuantity, 0) >= 2);
      const line = fo?.lineItems.find((l) => l.remainingQuantity > 0 && l.sku);
      if (!fo || !line) return false;
      order.reshaped = true;
      world.heldKnown.delete(order.gid);
      return change(world, fate, () => world.store.control.split(SHOP, fo.id, { lines: { [line.sku!]: 1 } }));
    }
    case "merge": {
      const here = open.filter((fo) => fo.locationId === open[0]?.locationId);
      if (here.length < 2) return false;
      order.reshaped = true;
      world.heldKnown.delete(order.gid);
      return change(world, fate, () => world.store.control.merge(SHOP, { ids: here.map((fo) => fo.id) }));
    }
    case "move": {
      const fo = open[amount % Math.max(1, open.length)];
      if (!fo) return false;
      const to = fo.locationId === warehouse ? world.locationId(SHOPFRONT) : warehouse;
      order.reshaped = true;
      world.heldKnown.delete(order.gid);
      return change(world, fate, () => world.store.control.move(SHOP, fo.id, { locationId: to }));
    }
    case "edit": {
      const sku = SKUS[amount % SKUS.length]!;
      const current = world.store.orders.get(SHOP, order.id);
      const line = current?.line_items.find((l) => l.sku === sku);
      const quantity = 1 + (amount % 3);
      const done = await change(world, fate, () =>
        world.store.control.edit(
          SHOP,
          String(order.id),
          line ? { quantities: { [sku]: quantity } } : { add: [{ sku, quantity }] },
        ),
      );
      if (done) {
        // The edit sets one line (the SKU's first) or adds one; an order may carry the SKU on
        // several lines, so the order's units of it move by the difference.
        const units = (order.units.get(sku) ?? 0) + (line ? quantity - line.fulfillable_quantity : quantity);
        order.units.set(sku, units);
        order.maxUnits.set(sku, Math.max(order.maxUnits.get(sku) ?? 0, units));
      }
      return done;
    }
    case "address":
      return change(world, fate, () =>
        world.store.control.changeShippingAddress(SHOP, String(order.id), { address: CORRECTED }),
      );
  }
}

export class Merchant extends Base {
  constructor(
    readonly what: MerchantAction,
    readonly order: number,
    readonly fate: Fate,
    readonly amount: number,
  ) {
    super();
  }
  toString() {
    return `Merchant(${this.what}, order ${this.order}, ${this.fate}${this.amount ? `, ${this.amount}` : ""})`;
  }
  async act(world: World) {
    const order = orderAt(world, this.order);
    if (order) await merchant(world, this.what, order, this.fate, this.amount);
  }
}

/**
 * Something happening while a worker is inside a job: the worker's first call to the service (or
 * Admin: a write, or with `admin-read` a read) takes effect, then the merchant's change happens and
 * its webhook is delivered — or, with `stall`, the worker's process stalls there past its job's
 * lease (the clock moves 61 s, as a call waiting in Admin pacing lets it) and the other process
 * works meanwhile, taking over the job — then the worker hears its answer and goes on.
 */
export class DuringWork extends Base {
  constructor(
    readonly process: "A" | "B",
    readonly target: "svc" | "admin" | "admin-read",
    readonly what: MerchantAction | "stall",
    readonly order: number,
  ) {
    super();
  }
  toString() {
    const what =
      this.what === "stall" ? "stalls past its lease, the other process works" : `${this.what} order ${this.order}`;
    return `DuringWork(${this.process}, after its first ${this.target} call: ${what})`;
  }
  async act(world: World) {
    await world.work(this.process, { target: this.target, nth: 0, mode: "pause" }, async () => {
      if (this.what === "stall") {
        await world.advance(LEASE_MS + 1_000);
        await world.work(this.process === "A" ? "B" : "A");
        return;
      }
      const order = orderAt(world, this.order);
      if (order) await merchant(world, this.what, order, "now", 0);
    });
  }
}

/**
 * Two processes' jobs interleaved around a change: `first` reads Shopify (its first Admin read
 * takes effect) and stops there; the merchant makes the change (its webhook or notification
 * delivered now); the other process works until its first Admin write has taken effect and stops
 * there; `first` goes on with what it read and finishes; then the other finishes. E.g. an order's
 * job that read Shopify before a cancellation request, claiming the order while the request's
 * answer is being given.
 */
export class RaceWork extends Base {
  constructor(
    readonly first: "A" | "B",
    readonly what: MerchantAction,
    readonly order: number,
  ) {
    super();
  }
  toString() {
    const other = this.first === "A" ? "B" : "A";
    return `RaceWork(${this.first} reads Shopify; ${this.what} order ${this.order}; ${other} works to its first Admin write; ${this.first} finishes, then ${other})`;
  }
  async act(world: World) {
    const other = this.first === "A" ? "B" : "A";
    let otherRun: Promise<number> | undefined;
    let firstFinished!: () => void;
    const finished = new Promise<void>((resolve) => (firstFinished = resolve));
    await world.work(this.first, { target: "admin-read", nth: 0, mode: "pause" }, async () => {
      const order = orderAt(world, this.order);
      if (order) await merchant(world, this.what, order, "now", 0);
      let paused!: () => void;
      const stopped = new Promise<void>((resolve) => (paused = resolve));
      otherRun = world.work(other, { target: "admin", nth: 0, mode: "pause" }, async () => {
        paused();
        await finished;
      });
      await Promise.race([stopped, otherRun]);
    });
    firstFinished();
    await otherRun;
  }
}

/**
 * The merchant settles a record whose outcome is unknown (Pedidos' «it exists» / «it is not
 * there»): with a service order of the record's order name the warehouse has — which may be the
 * one another part of the order already follows, since every part carries the order's name — or,
 * when the warehouse has none of that name, confirming it absent. The app must refuse a service
 * order that is not this part's.
 */
export class Confirm extends Base {
  constructor(
    readonly record: number,
    readonly pick: number,
  ) {
    super();
  }
  toString() {
    return `Confirm(unknown outcome ${this.record}, service order ${this.pick})`;
  }
  async act(world: World) {
    const unknown = await prisma.fulfillment.findMany({
      where: { shop: SHOP, status: "unknown_outcome" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    const record = unknown[this.record % Math.max(1, unknown.length)];
    if (!record) return;
    const deps = { db: prisma, now: world.now, svcClientFor: world.svcClientFor, adminFor: world.adminFor };
    const named = (await world.sandboxOrders()).filter((o) => o.request.tienda_orden_ref === record.orderName);
    const chosen = named[this.pick % Math.max(1, named.length)];
    const result = chosen
      ? await confirmServiceOrderExists(deps, { shop: SHOP, fulfillmentId: record.id, svcOrderId: chosen.id })
      : await confirmServiceOrderAbsent(deps, { shop: SHOP, fulfillmentId: record.id });
    world.log.push(
      `  ${chosen ? `exists ${chosen.id}` : "absent"}: ${result.ok ? "accepted" : `refused (${result.code})`}`,
    );
  }
}

/**
 * Shopify Flow runs the app's "Send order to warehouse" action for an order; with `crash` the
 * app's process dies mid-request (Flow delivers the run again later, at quiescence).
 */
export class FlowSend extends Base {
  constructor(
    readonly order: number,
    readonly crash: boolean,
  ) {
    super();
  }
  toString() {
    return `FlowSend(order ${this.order}${this.crash ? ", the app dies mid-request" : ""})`;
  }
  async act(world: World) {
    const order = orderAt(world, this.order);
    if (order) await world.flowAction(`flow-run-${world.seq++}`, order.id, this.crash);
  }
}

export class Pack extends Base {
  constructor(
    readonly index: number,
    readonly short: number,
  ) {
    super();
  }
  toString() {
    return `Pack(service order ${this.index}, ${this.short} short)`;
  }
  async act(world: World) {
    const waiting = (await world.sandboxOrders()).filter((o) => !["IN_TRANSIT", "DELIVERED"].includes(o.status));
    const order = waiting[this.index % Math.max(1, waiting.length)];
    if (!order) return;
    // What the warehouse still has of the order: an earlier Pack of it may have emptied a line
    // (the sandbox drops it), which a second Pack must not name again (seeds 7027, 300130).
    const before = world.packed.get(order.id);
    const lines = order.request.productos
      .map((l) => ({ ...l, cantidad: Math.min(l.cantidad, before?.get(l.identificador) ?? l.cantidad) }))
      .filter((l) => l.cantidad > 0);
    if (lines.length === 0) return;
    const productos = lines.map((l, i) => ({
      sku: l.identificador,
      cantidad: i === 0 ? Math.max(0, l.cantidad - this.short) : l.cantidad,
    }));
    await world.controlPost(`/__sandbox/orders/${order.id}/packed`, { productos });
    const after = new Map(before ?? []);
    for (const p of productos) after.set(p.sku, p.cantidad);
    world.packed.set(order.id, after);
  }
}

export class Restock extends Base {
  constructor(
    readonly sku: string,
    readonly units: number,
  ) {
    super();
  }
  toString() {
    return `Restock(${this.sku} = ${this.units})`;
  }
  async act(world: World) {
    await world.controlPost("/__sandbox/stock", { sku: this.sku, units: this.units });
  }
}

export class Advance extends Base {
  constructor(readonly minutes: number) {
    super();
  }
  toString() {
    return `Advance(${this.minutes} min)`;
  }
  async act(world: World) {
    await world.advance(this.minutes * MINUTE);
  }
}

export class Reconcile extends Base {
  toString() {
    return "Reconcile";
  }
  async act(world: World) {
    await startReconciliation(prisma, { shop: SHOP, now: world.now() });
    await world.work("A");
  }
}

export class StockSync extends Base {
  toString() {
    return "StockSync";
  }
  async act(world: World) {
    // The merchant's «sync now» on a quiet network (an armed fault waits for a later step); the
    // invariant is checked only if the sync ran, not while a frozen worker still holds its job.
    const armed = world.fault;
    world.fault = null;
    await requestStockSync(prisma, { shop: SHOP, runAt: world.now(), onDemand: true });
    await world.work("A");
    world.fault = armed;
    const job = await prisma.job.findUnique({ where: { queue_key: { queue: STOCK_QUEUE, key: SHOP } } });
    if (job?.state !== "running") await checkStock(world);
  }
}

const fate = fc.constantFrom<Fate>("now", "now", "now", "twice", "later", "lost");
const index = fc.nat({ max: 7 });
// Reshaping (split, merge, move) twice as often: each needs another step before it matters.
const merchantAction = fc.constantFrom<MerchantAction>(
  "cancel",
  "cancelRequest",
  "hold",
  "release",
  "split",
  "split",
  "merge",
  "merge",
  "move",
  "move",
  "edit",
  "address",
);
const fault: fc.Arbitrary<Fault> = fc.record({
  target: fc.constantFrom<Fault["target"]>("svc", "admin"),
  nth: fc.nat({ max: 2 }),
  mode: fc.constantFrom<Fault["mode"]>("before", "after", "hang"),
});

const pay = fc
  .tuple(
    fc.array(fc.record({ sku: fc.constantFrom(...SKUS), quantity: fc.integer({ min: 1, max: 3 }) }), {
      minLength: 1,
      maxLength: 2,
    }),
    fate,
  )
  .map(([lines, f]) => new Pay(lines, false, f));
const merchantChange = fc
  .tuple(merchantAction, index, fate, fc.nat({ max: 5 }))
  .map(([w, o, f, a]) => new Merchant(w, o, f, a));
const faultyWork = fc.tuple(fc.constantFrom<"A" | "B">("A", "B"), fault).map(([p, f]) => new Work(p, f));
const work = fc.constantFrom<"A" | "B" | "both">("A", "B", "both").map((p) => new Work(p, null));
const advance = fc.constantFrom(1, 6, 16, 31, 61, LEASE_MS / MINUTE + 1).map((m) => new Advance(m));

/** Every kind of command; the common ones (payments, work, faults, time) more than once, so short sequences reach deep states. */
export const commandArbitraries: fc.Arbitrary<SimCommand>[] = [
  pay,
  pay,
  work,
  work,
  faultyWork,
  faultyWork,
  advance,
  fc
    .tuple(
      fc.array(fc.record({ sku: fc.constantFrom(...SKUS), quantity: fc.integer({ min: 1, max: 2 }) }), {
        minLength: 1,
        maxLength: 2,
      }),
      fate,
    )
    .map(([lines, f]) => new Pay(lines, true, f)),
  fc.tuple(index, fc.boolean()).map(([i, d]) => new Deliver(i, d)),
  index.map((i) => new Lose(i)),
  work,
  faultyWork,
  merchantChange,
  merchantChange,
  fc
    .tuple(
      fc.constantFrom<"A" | "B">("A", "B"),
      fc.constantFrom<"svc" | "admin">("svc", "admin"),
      fc.constantFrom<MerchantAction>("cancel", "hold", "address", "edit", "split", "move"),
      index,
    )
    .map(([p, t, w, o]) => new DuringWork(p, t, w, o)),
  // A job's process stalls past its lease at an Admin read or write; the other process takes over.
  fc
    .tuple(fc.constantFrom<"A" | "B">("A", "B"), fc.constantFrom<"admin" | "admin-read">("admin", "admin-read"))
    .map(([p, t]) => new DuringWork(p, t, "stall", 0)),
  fc.tuple(index, fc.integer({ min: 0, max: 2 })).map(([i, s]) => new Pack(i, s)),
  fc.tuple(fc.constantFrom(...SKUS), fc.integer({ min: 0, max: 8 })).map(([s, u]) => new Restock(s, u)),
  advance,
  fc.constant(new Reconcile()),
  fc.constant(new StockSync()),
  fc.tuple(index, index).map(([r, p]) => new Confirm(r, p)),
  fc.tuple(index, fc.boolean()).map(([o, c]) => new FlowSend(o, c)),
  fc
    .tuple(
      fc.constantFrom<"A" | "B">("A", "B"),
      fc.constantFrom<MerchantAction>("cancel", "cancelRequest", "address", "edit", "hold", "split", "move", "merge"),
      index,
    )
    .map(([p, w, o]) => new RaceWork(p, w, o)),
];
