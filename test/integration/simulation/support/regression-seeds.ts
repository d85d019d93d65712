/**
 * Every seed that ever made the simulation fail, with what it found, and the shrunk sequences of
 * what it found (a sequence replays the failure exactly, whatever later changes to the commands'
 * generators do to a seed). All of them run on every run of the simulation (docs/reliability.md).
 * Add the seed and its shrunk sequence when a run fails, before fixing what it found.
 */
import {
  Advance,
  Confirm,
  Deliver,
  FlowSend,
  DuringWork,
  Lose,
  Merchant,
  Pack,
  Pay,
  Reconcile,
  Restock,
  RaceWork,
  StockSync,
  Work,
  type SimCommand,
} from "./commands";
import type { Sku } from "./world";

// Seed 7014 (overselling when the order's orders/paid is lost) left this list when RaceWork and the
// lease stall joined the generators (2026-11-28): re-dealt, it played a finding now kept as the
// sequence «… seed 7014 re-dealt»; what it first found is kept as its own sequence.
export const REGRESSION_SEEDS: { seed: number; found: string }[] = [
  { seed: 7000, found: "issue 29 defect 1: overselling — stock sync ignored units paid for but not at the warehouse" },
  { seed: 7027, found: "overselling after defect 1's fix: an order whose orders/paid is late is not counted" },
  {
    seed: 1000278,
    found:
      "a part split while its outcome was unknown: the write-back took the split-off unit for fulfilled and it went to the warehouse again",
  },
  {
    seed: 1000062,
    found: "an order refused for stock, edited down to the stock the warehouse has, waited for stock for good",
  },
  {
    seed: 2000005,
    found: "the world counted an edit of one of two lines of a SKU as the order's units (the simulation's own gap)",
  },
  { seed: 2000081, found: "the same as 2000005" },
  { seed: 2000172, found: "a cancellation accepted after the job of a Flow-sent order read Shopify: still sent" },
  {
    seed: 2000218,
    found: "a cancellation accepted before the job that read Shopify earlier wrote the order's records: still sent",
  },
  { seed: 2000274, found: "the same as 2000218" },
  { seed: 2000315, found: "the same as 2000218" },
  {
    seed: 4110120,
    found: "a cancellation request accepted for a part awaiting stock left it awaiting stock (fulfilment-service mode)",
  },
  {
    seed: 5000190,
    found: "overselling: a cancelled order's unit kept at the warehouse while another sale's orders/paid was late",
  },
  { seed: 6002020, found: "the same as 5000190, the cancelled order's job not run since its webhook" },
  { seed: 6004776, found: "the same as 5000190" },
  {
    seed: 6001936,
    found:
      "a part split while its submission's worker was dead: the job that took over sent the split-off unit again (fulfilment-service mode)",
  },
  {
    seed: 6006041,
    found:
      "a part moved back to the warehouse and retried was kept as sent from where a skip had seen it: a false move",
  },
  {
    seed: 4111836,
    found:
      "an edit with its webhooks lost, before any reconciliation read it: quiescence asked the app to know (the harness's)",
  },
  {
    seed: 4100924,
    found:
      "a reconciliation ran early the retry of an order's failed job: webhook-acted-on counted it (the invariant's)",
  },
  {
    seed: 1860002517,
    found:
      "a cancellation request whose notifications were all lost: the world never started the app's poll of requests (the harness's)",
  },
  { seed: 9113639, found: "the same as 1860002517 (the long run on b0f1ac5, before the world started the poll)" },
  { seed: 9113806, found: "the same as 1860002517" },
  { seed: 9106934, found: "the same as 1860002517" },
];

export const REGRESSION_SEQUENCES: {
  name: string;
  holdBackMinutes: number;
  /** The warehouse's units of every SKU at the start, or of each SKU. */
  stock: number | Record<Sku, number>;
  /** The warehouse as the shop's fulfilment service (fulfilment-service mode). */
  serviceMode?: boolean;
  commands: () => SimCommand[];
}[] = [
  {
    name: "issue 29 defect 1: an order the warehouse cannot fill yet, then a stock sync (never-oversell)",
    holdBackMinutes: 0,
    stock: 1,
    commands: () => [new Pay([{ sku: "TAZA-AZ", quantity: 2 }], false, "now"), new StockSync()],
  },
  {
    name: "an order paid while its orders/paid is lost, then a stock sync (never-oversell; seed 7014)",
    holdBackMinutes: 0,
    stock: 1,
    commands: () => [new Pay([{ sku: "TAZA-AZ", quantity: 1 }], false, "lost"), new StockSync()],
  },
  {
    name: "issue 29 defect 2: a merge after submission (never-twice-to-warehouse)",
    holdBackMinutes: 0,
    stock: 8,
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 2 }], false, "now"),
      new Merchant("split", 0, "now", 0),
      new Work("A", null),
      new Merchant("merge", 0, "now", 0),
      new Work("A", null),
    ],
  },
  {
    name: "issue 29 defect 2: a move after submission (warehouse-matches-shopify)",
    holdBackMinutes: 0,
    stock: 8,
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 2 }], false, "now"),
      new Work("A", null),
      new Merchant("move", 0, "now", 0),
      new Work("A", null),
    ],
  },
  {
    name: "a short shipment whose fulfilment write loses its answer (fulfilled-at-most-shipped)",
    holdBackMinutes: 0,
    stock: 8,
    commands: () => [
      new Pay(
        [
          { sku: "TAZA-AZ", quantity: 2 },
          { sku: "CAFE-500", quantity: 1 },
        ],
        false,
        "now",
      ),
      new Work("A", null),
      new Work("A", { target: "admin", nth: 0, mode: "after" }),
      new Advance(61),
      new Work("A", null),
      new Advance(61),
      new Work("A", null),
    ],
  },
  {
    // The order's fulfillment_orders/order_routing_complete is lost: its delivery would wake the
    // order's job again (through the fulfilment-order resolve job) and hide a dropped wake-up.
    name: "issue 29 defect 4: orders/cancelled while the order's submission is mid-flight, after the service call took effect (webhook-acted-on)",
    holdBackMinutes: 0,
    stock: 8,
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 1 }], false, "later"),
      new Deliver(0, false),
      new Lose(0),
      new DuringWork("A", "svc", "cancel", 0),
    ],
  },
  {
    name: "issue 29 defect 4: orders/cancelled while the order's job reports the warehouse's progress to Shopify (webhook-acted-on)",
    holdBackMinutes: 0,
    stock: 8,
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 1 }], false, "later"),
      new Deliver(0, false),
      new Lose(0),
      new DuringWork("A", "admin", "cancel", 0),
    ],
  },
  {
    // Seeds 100134, 100197 and 100243 of the 300-run long run: a hang armed by one step fired in
    // one of two workers running at once, and the world told the other one (a single slot): the
    // step waited forever and fast-check's time limit ended the run with no error.
    name: "an armed worker death that fires while both processes work (the step ends; seeds 100134, 100197, 100243)",
    holdBackMinutes: 0,
    stock: 8,
    commands: () => [
      new Work("B", { target: "admin", nth: 0, mode: "hang" }),
      new Pay(
        [
          { sku: "TAZA-AZ", quantity: 3 },
          { sku: "PLATO-GR", quantity: 3 },
        ],
        false,
        "now",
      ),
      new Work("both", null),
    ],
  },
  {
    name: "issue 29 defect 8: an unknown outcome confirmed with the service order another part follows (fulfilled-at-most-shipped, one-part-per-service-order)",
    holdBackMinutes: 0,
    stock: 8,
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 2 }], false, "now"),
      new Merchant("split", 0, "now", 0),
      new Work("A", { target: "svc", nth: 1, mode: "before" }),
      new Confirm(0, 0),
    ],
  },
  {
    name: "issue 29 defect 5: the app dies during a Flow action run; Flow delivers it again (nothing-stuck)",
    holdBackMinutes: 0,
    stock: 8,
    commands: () => [new Pay([{ sku: "TAZA-AZ", quantity: 1 }], false, "now"), new FlowSend(0, true)],
  },
  {
    // Seeds 7027 and 300130 (once Confirm re-dealt the seeds): the simulation's own fault.
    name: "two Packs of one service order, the first emptying its only line (the second packs nothing)",
    holdBackMinutes: 0,
    stock: 1,
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 1 }], false, "now"),
      new Work("A", { target: "svc", nth: 0, mode: "hang" }),
      new Pack(0, 1),
      new Pack(0, 0),
    ],
  },
  {
    // Seed 1000062 of the 20,000-run long run (2026-11-28): the service refused the order for
    // stock while the merchant edited it down to what the warehouse holds; it waited for stock
    // that was already there.
    name: "an order edited down to the warehouse's stock while its refused submission runs (should-ship-reaches-warehouse; seed 1000062)",
    holdBackMinutes: 0,
    stock: 1,
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 2 }], false, "now"),
      new DuringWork("A", "svc", "edit", 0),
      new Advance(1),
    ],
  },
  {
    // Seed 1000278 of the long run (2026-11-28), shrunk by hand: the part was split while its
    // outcome was unknown; the merchant confirmed the service order; the poll fulfilled 1 of the
    // 2 shipped units (it read the split-off unit as fulfilled since) and the split-off part went
    // to the warehouse again.
    name: "a part split while its outcome is unknown, then confirmed: the split-off unit is not sent again (never-twice-to-warehouse; seed 1000278)",
    holdBackMinutes: 0,
    stock: { "TAZA-AZ": 1, "PLATO-GR": 1, "CAFE-500": 3 },
    commands: () => [
      new Pay([{ sku: "CAFE-500", quantity: 2 }], false, "now"),
      new Work("A", { target: "svc", nth: 0, mode: "hang" }),
      new Advance(31),
      new Work("A", null),
      new Merchant("split", 0, "lost", 3),
      new Confirm(6, 0),
    ],
  },
  {
    // Seed 1000278 as the long run drew it: the same part also ships short and then shows nothing
    // shipped (it needs a person for that reason), and the split-off part was sent.
    name: "a split part whose warehouse part needs a person for another reason keeps its products contested (never-twice-to-warehouse; seed 1000278)",
    holdBackMinutes: 0,
    stock: { "TAZA-AZ": 1, "PLATO-GR": 1, "CAFE-500": 3 },
    commands: () => [
      new Pay([{ sku: "CAFE-500", quantity: 2 }], false, "now"),
      new Deliver(2, true),
      new Work("A", { target: "svc", nth: 0, mode: "hang" }),
      new Work("both", null),
      new Advance(31),
      new Pay([{ sku: "TAZA-AZ", quantity: 2 }], true, "now"),
      new FlowSend(0, false),
      new Reconcile(),
      new Restock("TAZA-AZ", 7),
      new Lose(3),
      new FlowSend(0, false),
      new Work("A", null),
      new Merchant("split", 0, "lost", 3),
      new Confirm(6, 0),
      new Pack(4, 1),
      new Work("B", { target: "admin", nth: 0, mode: "hang" }),
      new Pay(
        [
          { sku: "TAZA-AZ", quantity: 2 },
          { sku: "CAFE-500", quantity: 1 },
        ],
        true,
        "now",
      ),
      new Pack(4, 1),
    ],
  },
  {
    // Seed 500421's invariant, made deterministic: the order's job read Shopify (the address now
    // deliverable, not cancelled) and releases the app's own address hold (an Admin call) before
    // sending; the merchant cancels meanwhile and the app accepts orders/cancelled; the job then
    // claims the record and sends it.
    name: "orders/cancelled accepted while the order's job, having read Shopify before it, releases the app's address hold before sending (nothing-cancelled-sent; seed 500421)",
    holdBackMinutes: 0,
    stock: 8,
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 1 }], true, "now"),
      new Work("A", null),
      new Merchant("address", 0, "now", 0),
      new DuringWork("A", "admin", "cancel", 0),
    ],
  },
  {
    // The lease case of defect 3: the poll job read the half-shipped fulfilment order and, before
    // writing the shipped unit, its process stalls past the 60 s lease; the other process takes the
    // job over and writes it; the stalled run then wakes and must not write it again.
    name: "issue 29 defect 3: a poll job that loses its lease between reading the fulfilment order and writing the short shipment (fulfilled-at-most-shipped)",
    holdBackMinutes: 0,
    stock: 8,
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 2 }], false, "now"),
      new Work("A", null),
      new Pack(0, 1),
      new Advance(61),
      new DuringWork("A", "admin-read", "stall", 0),
    ],
  },
  {
    // Defect 3's lost answer through a lease: the poll job's fulfilment write takes effect, then its
    // process stalls past the lease before hearing the answer; the other process takes the job over
    // and polls again: it must read the unit as written, from Shopify, not write it a second time.
    name: "issue 29 defect 3: a poll job that loses its lease right after writing the short shipment, before hearing the answer (fulfilled-at-most-shipped)",
    holdBackMinutes: 0,
    stock: 8,
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 2 }], false, "now"),
      new Work("A", null),
      new Pack(0, 1),
      new Advance(61),
      new DuringWork("A", "admin", "stall", 0),
    ],
  },
  {
    // Defect 6 in fulfilment-service mode: the order's job read Shopify (the part requested, the
    // hold-back over) before the merchant asked to cancel it; the other process answers the
    // cancellation request while the job goes on and claims the record. The answer's
    // compare-and-set and the claim: one must win, and Shopify hears «accepted» only if it did.
    name: "issue 29 defect 6: a cancellation request answered while an order's job that read Shopify before it claims the order (nothing-cancelled-sent, fulfilment-service mode)",
    holdBackMinutes: 30,
    stock: 8,
    serviceMode: true,
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 1 }], false, "now"),
      new Work("A", null),
      new Advance(29),
      new Work("A", null),
      new Advance(2),
      new RaceWork("B", "cancelRequest", 0),
    ],
  },
  {
    // Regression seed 7014 re-dealt once RaceWork and the lease stall joined the generators
    // (2026-11-28, shrunk): an order refused for stock waited at quiescence although a stock read
    // showed its units — the simulation's stock worker lacked the composition root's hook that
    // stores that read (seed 1000062); passes since.
    name: "an order refused for stock still waiting once a stock read shows its units (should-ship-reaches-warehouse; seed 7014 re-dealt)",
    holdBackMinutes: 0,
    stock: 1,
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 2 }], true, "later"),
      new FlowSend(6, false),
      new RaceWork("A", "address", 5),
      new DuringWork("A", "admin", "edit", 1),
      new Lose(0),
      new Advance(2),
      new Work("B", { target: "admin", nth: 1, mode: "before" }),
      new Work("B", { target: "admin", nth: 2, mode: "before" }),
      new Confirm(7, 1),
    ],
  },
  {
    // Seed 1000274 of the long run (2026-11-28, base 1000000, before the harness read Almacén's
    // levels), shrunk twice before fast-check's 120 s limit on a loaded machine: the warehouse holds 3 PLATO-GR of #1002 that Shopify no longer expects from
    // it, and the record says submitted (warehouse-matches-shopify). As this sequence it passes on
    // the merged main; the seed itself is re-dealt by later generators.
    name: "a part moved while its submission is out, the warehouse keeps units Shopify expects elsewhere (warehouse-matches-shopify; seed 1000274)",
    holdBackMinutes: 0,
    stock: { "TAZA-AZ": 1, "PLATO-GR": 3, "CAFE-500": 1 },
    commands: () => [
      new Pay(
        [
          { sku: "TAZA-AZ", quantity: 1 },
          { sku: "CAFE-500", quantity: 2 },
        ],
        false,
        "now",
      ),
      new Lose(6),
      new Work("A", { target: "admin", nth: 2, mode: "hang" }),
      new Merchant("split", 7, "later", 1),
      new DuringWork("A", "admin", "cancel", 0),
      new Lose(1),
      new Pay(
        [
          { sku: "CAFE-500", quantity: 1 },
          { sku: "PLATO-GR", quantity: 3 },
        ],
        false,
        "twice",
      ),
      new Merchant("release", 6, "later", 3),
      new FlowSend(7, true),
      new DuringWork("A", "svc", "move", 3),
      new Merchant("address", 2, "twice", 4),
      new Pay([{ sku: "TAZA-AZ", quantity: 1 }], true, "now"),
      new DuringWork("B", "svc", "address", 4),
      new Advance(61),
      new Work("A", { target: "svc", nth: 2, mode: "after" }),
      new Restock("TAZA-AZ", 2),
      new DuringWork("B", "admin", "move", 5),
      new FlowSend(6, false),
      new Work("A", null),
      new Advance(61),
    ],
  },
  {
    // Seed 600010 (SIM_BASE_SEED=600000, 2026-11-28), shrunk: the order's job read Shopify (no
    // hold), the merchant places a hold and the app accepts fulfillment_orders/placed_on_hold,
    // and the job then claimed and sent the part from what it read. Fixed by the order's
    // stops (OrderStop): a claim decided from a read that began before an accepted hold,
    // cancellation, edit, split, merge or move is refused, and the job the change woke decides.
    name: "a merchant's hold accepted while an order's job that read Shopify before it goes on to send (nothing-held-sent; seed 600010)",
    holdBackMinutes: 0,
    stock: 1,
    commands: () => [
      new Work("A", null),
      new Pay([{ sku: "TAZA-AZ", quantity: 1 }], false, "now"),
      new RaceWork("B", "hold", 0),
    ],
  },
  {
    // Seeds 2000218, 2000274 and 2000315 (SIM_BASE_SEED=2000000, 2026-11-28), shrunk: the
    // order's job read Shopify before the cancellation and had not yet written the order's records,
    // so the intake had nothing to settle; the job then wrote them and claimed one from its read.
    name: "a cancellation accepted before the order's job, which read Shopify earlier, writes its records (nothing-cancelled-sent; seed 2000218)",
    holdBackMinutes: 0,
    stock: 1,
    commands: () => [new Pay([{ sku: "TAZA-AZ", quantity: 1 }], false, "now"), new RaceWork("A", "cancel", 0)],
  },
  {
    // Seed 2000172, shrunk: the same race for an order the app follows from a Flow run (its
    // orders/paid lost).
    name: "a cancellation accepted while the job of an order sent by Flow, its orders/paid lost, had read Shopify (nothing-cancelled-sent; seed 2000172)",
    holdBackMinutes: 0,
    stock: 1,
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 1 }], false, "lost"),
      new FlowSend(0, false),
      new RaceWork("A", "cancel", 0),
    ],
  },
  {
    // Seeds 2000005 and 2000081, shrunk: the simulation's own gap. An order with CAFE-500 on two
    // lines edited to 3 units on one of them has 4; the world counted the edit's 3 as the order's
    // most, and read the warehouse's 4 as units sent twice.
    name: "an order with one SKU on two lines, one line edited up (never-twice-to-warehouse counts the order's units; seed 2000005)",
    holdBackMinutes: 0,
    stock: { "TAZA-AZ": 1, "PLATO-GR": 1, "CAFE-500": 1 },
    commands: () => [
      new Restock("CAFE-500", 4),
      new Pay(
        [
          { sku: "CAFE-500", quantity: 1 },
          { sku: "CAFE-500", quantity: 1 },
        ],
        false,
        "now",
      ),
      new Merchant("edit", 0, "now", 5),
      new RaceWork("A", "address", 0),
    ],
  },
  {
    // Seed 4110120 (SIM_BASE_SEED=4110000, 2026-11-28, fulfilment-service mode), shrunk: a part
    // waiting for the warehouse's stock when the merchant asked to cancel it. The answer accepted
    // the cancellation in Shopify but left the record awaiting stock — a stock read would have
    // released it to be sent. A cancellation now settles a record awaiting stock too.
    name: "a cancellation request for a part waiting for the warehouse's stock (webhook-acted-on, fulfilment-service mode; seed 4110120)",
    holdBackMinutes: 0,
    stock: { "TAZA-AZ": 1, "PLATO-GR": 1, "CAFE-500": 1 },
    serviceMode: true,
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 2 }], false, "now"),
      new DuringWork("A", "admin", "stall", 0),
      new RaceWork("A", "cancelRequest", 0),
      new Work("A", null),
    ],
  },
  {
    // Seed 4110742 (2026-11-28, fulfilment-service mode), shrunk: the merchant asked to cancel a
    // part while its order's job, having read Shopify, had not written its record yet; the answer
    // found no record, told Shopify «accepted», and the job then claimed and sent the part. The
    // answer now keeps a stop of the part (OrderStop) and wakes the order before reading the record.
    name: "a cancellation request answered before the order's job, which read Shopify earlier, writes the part's record (nothing-cancelled-sent, fulfilment-service mode; seed 4110742)",
    holdBackMinutes: 0,
    stock: { "TAZA-AZ": 1, "PLATO-GR": 1, "CAFE-500": 1 },
    serviceMode: true,
    commands: () => [new Pay([{ sku: "TAZA-AZ", quantity: 1 }], false, "now"), new RaceWork("A", "cancelRequest", 0)],
  },
  {
    // Seed 4110165 (2026-11-28), shrunk: the order was cancelled while its part's outcome was
    // unknown; the merchant then confirmed the service order, and the part stayed «submitted» — no
    // one compared it with the cancelled order until a reconciliation. A record confirmed at the
    // warehouse after an unknown outcome now wakes the order's job.
    name: "an unknown outcome confirmed after the order was cancelled (webhook-acted-on; seed 4110165)",
    holdBackMinutes: 0,
    stock: { "TAZA-AZ": 1, "PLATO-GR": 1, "CAFE-500": 1 },
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 1 }], false, "now"),
      new Work("A", { target: "svc", nth: 0, mode: "hang" }),
      new Advance(2),
      new DuringWork("A", "admin", "cancel", 0),
      new Confirm(0, 0),
      new Work("A", { target: "svc", nth: 2, mode: "before" }),
    ],
  },
  {
    // Seed 4110767 (2026-11-28), shrunk: the same for a part moved to another location while its
    // outcome was unknown (warehouse-matches-shopify: the warehouse held a unit Shopify expected
    // elsewhere, the record «submitted» and no person asked).
    name: "an unknown outcome confirmed after its part moved (warehouse-matches-shopify; seed 4110767)",
    holdBackMinutes: 0,
    stock: { "TAZA-AZ": 1, "PLATO-GR": 1, "CAFE-500": 1 },
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 1 }], false, "now"),
      new Work("A", { target: "svc", nth: 0, mode: "hang" }),
      new DuringWork("B", "admin", "stall", 0),
      new DuringWork("A", "admin", "move", 5),
      new Reconcile(),
      new Confirm(3, 7),
      new Work("A", { target: "svc", nth: 1, mode: "after" }),
    ],
  },
  {
    // Seed 4100690 (2026-11-28, fulfilment-service mode), shrunk: a part whose submission timed
    // out before reaching the service (outcome unknown) is split; the split-off part's record is
    // skipped (contested, its request declined), and the next read, seeing the request
    // REJECTED, made it wait for a request. A part whose request the warehouse declined now stays
    // skipped until Shopify requests it again.
    name: "a part split while its outcome is unknown, fulfilment-service mode (webhook-acted-on; seed 4100690)",
    holdBackMinutes: 0,
    stock: { "TAZA-AZ": 1, "PLATO-GR": 1, "CAFE-500": 1 },
    serviceMode: true,
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 2 }], false, "now"),
      new Work("A", { target: "svc", nth: 0, mode: "before" }),
      new Merchant("split", 0, "now", 0),
      new Work("A", { target: "svc", nth: 0, mode: "before" }),
    ],
  },
  {
    // Seed 6001936 of the long run (2026-11-28, fulfilment-service mode), shrunk: the order's job
    // sent the part and its worker died before saving the answer (the record stays submitting);
    // the part is split while the job's lease runs; the job that took over compared only the
    // parts known at the warehouse (submitted, in progress, unknown outcome) before deciding the
    // others, so the dead claim contested nothing and the split-off unit was sent again: 3 units
    // of a 2-unit order. A claim never answered is now compared like an unknown outcome.
    name: "a part split while its submission's worker is dead, then taken over (never-twice-to-warehouse, fulfilment-service mode; seed 6001936)",
    holdBackMinutes: 0,
    stock: { "TAZA-AZ": 3, "PLATO-GR": 1, "CAFE-500": 1 },
    serviceMode: true,
    commands: () => [
      new Pay(
        [
          { sku: "TAZA-AZ", quantity: 1 },
          { sku: "TAZA-AZ", quantity: 1 },
        ],
        false,
        "now",
      ),
      new Work("B", { target: "svc", nth: 0, mode: "hang" }),
      new RaceWork("B", "split", 5),
      new Advance(2),
      new Work("A", { target: "admin", nth: 1, mode: "before" }),
    ],
  },
  {
    // Seed 6001936's mechanism in merchant-managed mode: the same dead claim, a plain split (its
    // webhook delivered), the job taken over once the lease ran out.
    name: "a part split while its submission's worker is dead, then taken over (never-twice-to-warehouse, merchant-managed; seed 6001936)",
    holdBackMinutes: 0,
    stock: 8,
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 2 }], false, "now"),
      new Work("A", { target: "svc", nth: 0, mode: "hang" }),
      new Merchant("split", 0, "now", 0),
      new Advance(2),
      new Work("B", null),
    ],
  },
  {
    // The same mechanism through a merge: the dead claim's part is merged with the order's other
    // part; the merged fulfilment order (both units) was sent whole by the job that took over.
    name: "a part merged while its submission's worker is dead, then taken over (never-twice-to-warehouse; seed 6001936)",
    holdBackMinutes: 0,
    stock: 8,
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 2 }], false, "now"),
      new Merchant("split", 0, "now", 0),
      new Work("A", { target: "svc", nth: 0, mode: "hang" }),
      new Merchant("merge", 0, "now", 0),
      new Advance(2),
      new Work("B", null),
    ],
  },
  {
    // Seed 6006041 (2026-11-28 long run), shrunk: a part moved to the shopfront (skipped there:
    // another location), moved back to the warehouse, then Flow's send (the merchant's retry:
    // skipped → pending) sent it. The claim kept the location the skip had seen, so the next read
    // of the order (a reconciliation, any webhook) took it for a move after it reached the
    // warehouse and asked a person for nothing. The claim now keeps where it is sent from.
    name: "a part moved away and back, then sent by Flow: kept as sent from the warehouse (webhook-acted-on; seed 6006041)",
    holdBackMinutes: 0,
    stock: { "TAZA-AZ": 1, "PLATO-GR": 1, "CAFE-500": 1 },
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 1 }], false, "now"),
      new RaceWork("A", "move", 0),
      new Merchant("move", 0, "now", 0),
      new FlowSend(0, false),
      new Confirm(0, 0),
    ],
  },
  {
    // Seed 4111836 (2026-11-28), shrunk: an order at the warehouse edited down with its webhooks
    // lost, and nothing reads the order again before the quiescence's first check, which asked
    // the app to know of it: the check was the harness's error (a lost webhook is only the
    // reconciliation's to find). Quiescence now runs a reconciliation first when a webhook was lost.
    name: "an order edited at the warehouse, its webhooks lost (warehouse-matches-shopify; seed 4111836)",
    holdBackMinutes: 0,
    stock: { "TAZA-AZ": 2, "PLATO-GR": 1, "CAFE-500": 1 },
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 2 }], false, "now"),
      new Work("A", null),
      new Merchant("edit", 0, "lost", 0),
      new Work("A", { target: "svc", nth: 0, mode: "before" }),
    ],
  },
  {
    // Seed 4111836 as its finding was read: a reconciliation reads the order, then, in the same
    // second, the merchant edits it and its webhooks are lost. Shopify's updatedAt has one-second
    // precision (the store stamps the edit, and it reads as before), so the next run's event id
    // (order and updated_at) was a duplicate and the edit was never compared. A read that close to
    // updated_at now has an id of its own run, and a later read wakes the order's job.
    name: "an order edited in the second a reconciliation read it, its webhooks lost (warehouse-matches-shopify; seed 4111836)",
    holdBackMinutes: 0,
    stock: { "TAZA-AZ": 2, "PLATO-GR": 1, "CAFE-500": 1 },
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 2 }], false, "now"),
      new Work("A", null),
      new Reconcile(),
      new Merchant("edit", 0, "lost", 0),
    ],
  },
  {
    // Seed 4100924 (2026-11-28), shrunk: an order with an undeliverable address sent by Flow; the
    // order's job fails at its address hold (the Admin call times out before taking effect) and
    // waits for its retry (the record pending) when the run goes quiet. The reconciliation of
    // webhook-acted-on woke the job, which ran the retry early (the hold placed: waiting). The app
    // was still acting on what it had been told: the invariant now leaves out orders whose work
    // waits for a retry.
    name: "a Flow-sent order with a bad address whose address hold timed out (webhook-acted-on; seed 4100924)",
    holdBackMinutes: 0,
    stock: { "TAZA-AZ": 1, "PLATO-GR": 1, "CAFE-500": 1 },
    commands: () => [
      new Work("A", { target: "admin", nth: 0, mode: "before" }),
      new Pay([{ sku: "TAZA-AZ", quantity: 1 }], true, "now"),
      new FlowSend(0, false),
      new Work("A", null),
      new Work("A", { target: "svc", nth: 0, mode: "before" }),
    ],
  },
  {
    // Seed 5000190 (2026-11-28), shrunk: an order at the warehouse is cancelled in Shopify (its
    // unit stays on the warehouse's shelf, promised to it; Shopify no longer commits it) while
    // another order of the SKU has its orders/paid still on the way (not counted as awaiting).
    // The bound by Shopify's count (shelf less committed) offered the cancelled order's unit:
    // never-oversell. The bound now also takes off the units the warehouse keeps for parts
    // Shopify no longer expects at the location, read from Shopify's fulfilment orders after the
    // levels (stock-plan.ts, unitsHeldForNobody).
    name: "a sale whose orders/paid is late while a cancelled order's unit stays at the warehouse (never-oversell; seed 5000190)",
    holdBackMinutes: 0,
    stock: { "TAZA-AZ": 1, "PLATO-GR": 1, "CAFE-500": 2 },
    commands: () => [
      new Pay([{ sku: "CAFE-500", quantity: 1 }], false, "later"),
      new Pay([{ sku: "CAFE-500", quantity: 1 }], false, "now"),
      new Work("A", null),
      new RaceWork("A", "cancel", 3),
      new StockSync(),
    ],
  },
  {
    // Seed 6002020 (2026-11-28), shrunk: the same with the cancellation's webhook accepted and
    // the order's job not run since (the app's record still says submitted) and the warehouse
    // packing the cancelled order: only Shopify's fulfilment order says the unit is no one's.
    name: "a cancelled order packed at the warehouse, its job not run since, another sale's orders/paid late (never-oversell; seed 6002020)",
    holdBackMinutes: 0,
    stock: { "TAZA-AZ": 3, "PLATO-GR": 1, "CAFE-500": 1 },
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 1 }], false, "now"),
      new Work("B", null),
      new Merchant("cancel", 1, "now", 4),
      new Pack(4, 0),
      new Pay([{ sku: "TAZA-AZ", quantity: 2 }], true, "later"),
      new StockSync(),
    ],
  },
  {
    // Seed 1860002517 (2026-11-28, CI's random runs, fulfilment-service mode), shrunk: every
    // notification to the warehouse's callback lost, a cancellation request never answered. The
    // app polls the requests assigned to it from the moment the mode is chosen; the world had not
    // started that poll (it registered the service directly), so nothing read them. The harness's.
    name: "a cancellation request whose notification is lost, the order's orders/paid lost, found by a reconciliation (should-ship-reaches-warehouse; seed 1860002517)",
    holdBackMinutes: 0,
    stock: { "TAZA-AZ": 1, "PLATO-GR": 1, "CAFE-500": 1 },
    serviceMode: true,
    commands: () => [
      new Pay([{ sku: "TAZA-AZ", quantity: 1 }], false, "lost"),
      new Merchant("cancelRequest", 0, "later", 0),
      new Lose(0),
      new Reconcile(),
    ],
  },
];

/**
 * Sequences that still fail, found by the simulation and not fixed yet: they are not played by
 * default (`SIM_OPEN=1` plays them, with the regression sequences), and the generators leave out
 * what produces them until the app is fixed. Each moves to REGRESSION_SEQUENCES with its fix.
 */
export const OPEN_FINDINGS: typeof REGRESSION_SEQUENCES = [];
