// The app's queues declare the policy their handlers used to compute themselves: periodic queues
// never give up, the order queues are claimed first, and the delays a failed run waits are the
// queue's (stock and reconciliation: five minutes; readiness: fifteen; a Flow trigger: one).
import { describe, expect, it } from "vitest";
import { FULL_SYNC_QUEUE } from "~/catalog/full-sync.server";
import { PRODUCT_QUEUE } from "~/catalog/product-sync.server";
import { FLOW_TRIGGER_QUEUE } from "~/flow/triggers";
import {
  NOTE_QUEUE,
  POLL_QUEUE,
  RECONCILE_QUEUE,
  REQUESTS_QUEUE,
  RESOLVE_QUEUE,
  STOCK_QUEUE,
  SUBMIT_QUEUE,
} from "~/fulfillment/core/queues";
import { DEFAULT_QUEUE_POLICY, JobPriority, queuePolicy, readPayload, recurringJobs, retryAt } from "~/jobs/registry";
import { RETENTION_QUEUE } from "~/maintenance/retention.server";
import { READINESS_QUEUE } from "~/orchestration/readiness.server";
import { SCHEDULES_QUEUE } from "~/orchestration/schedules.server";

const t0 = new Date("2026-11-20T10:00:00Z");
const minutes = (n: number) => n * 60_000;
const waited = (queue: string, attempts: number) => retryAt(queue, attempts, t0).getTime() - t0.getTime();

describe("the app's queues as declared", () => {
  it("claims the order queues first and everything else after", () => {
    expect([SUBMIT_QUEUE, REQUESTS_QUEUE, RESOLVE_QUEUE].map((q) => queuePolicy(q).priority)).toEqual([
      JobPriority.ORDERS,
      JobPriority.ORDERS,
      JobPriority.ORDERS,
    ]);
    for (const q of [NOTE_QUEUE, POLL_QUEUE, STOCK_QUEUE, RECONCILE_QUEUE, PRODUCT_QUEUE, FLOW_TRIGGER_QUEUE])
      expect(queuePolicy(q).priority).toBe(JobPriority.BACKGROUND);
  });

  it("lets the per-shop periodic queues never give up, and a full sync 20 attempts", () => {
    for (const q of [POLL_QUEUE, STOCK_QUEUE, RECONCILE_QUEUE, REQUESTS_QUEUE, READINESS_QUEUE])
      expect(queuePolicy(q).retryLimit).toBe(1000);
    expect(queuePolicy(FULL_SYNC_QUEUE).retryLimit).toBe(20);
    expect(queuePolicy(SUBMIT_QUEUE).retryLimit).toBe(10);
  });

  it("waits each queue's own delay before a failed run comes back", () => {
    expect([1, 2, 3].map((n) => waited(STOCK_QUEUE, n))).toEqual([minutes(5), minutes(5), minutes(5)]);
    expect(waited(RECONCILE_QUEUE, 1)).toBe(minutes(5));
    expect(waited(READINESS_QUEUE, 4)).toBe(minutes(15));
    expect([1, 5].map((n) => waited(FLOW_TRIGGER_QUEUE, n))).toEqual([60_000, 60_000]);
    // The default: 5 s doubling to at most 15 minutes (what the worker did for a throw before)
    expect([1, 2, 3, 9, 20].map((n) => waited(PRODUCT_QUEUE, n))).toEqual([5_000, 10_000, 20_000, 900_000, 900_000]);
    expect(queuePolicy("a queue nobody declared")).toEqual(DEFAULT_QUEUE_POLICY);
  });

  it("declares the app-wide recurring work once, with its queue", () => {
    expect(recurringJobs()).toEqual(
      expect.arrayContaining([
        { queue: RETENTION_QUEUE, key: "retention" },
        { queue: SCHEDULES_QUEUE, key: "schedules" },
      ]),
    );
  });

  it("reads a stored payload through its queue's schema, naming the queue, the job and the field it rejects", () => {
    expect(readPayload({ queue: POLL_QUEUE, key: "r1", payload: { fulfillmentId: "r1", delayMs: 60_000 } })).toEqual({
      ok: true,
      payload: { fulfillmentId: "r1", delayMs: 60_000 },
    });
    const bad = readPayload({ queue: POLL_QUEUE, key: "r1", payload: { fulfillmentId: "r1", delayMs: "soon" } });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/^queue fulfillment\.poll, job r1: stored payload is invalid at delayMs: /);
    const flow = readPayload({ queue: FLOW_TRIGGER_QUEUE, key: "s:sent:1", payload: { kind: "sent" } });
    expect(!flow.ok && flow.error).toMatch(/queue flow\.trigger, job s:sent:1: .*fulfillmentId/);
    // A queue no feature declared (a test's) passes its payload as it is
    expect(readPayload({ queue: "q", key: "k", payload: { any: 1 } })).toEqual({ ok: true, payload: { any: 1 } });
  });
});
