import { describe, expect, it } from "vitest";
import {
  actionsFor,
  blockView,
  pushView,
  statusLabel,
  type OrderWarehouseStatus,
  type WarehouseRecord,
} from "../../../extensions/shared/warehouse-status";

const record = (over: Partial<WarehouseRecord> = {}): WarehouseRecord => ({
  id: "0b7e3f0e-2d1c-4a55-9a0e-6c0f6f7d1a01",
  fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/1",
  status: "submitted",
  reason: null,
  svcOrderId: null,
  svcStatus: null,
  serviceCode: "EXPRESS",
  tracking: [],
  warnings: [],
  timeline: [],
  sendAfter: null,
  ...over,
});

const status = (over: Partial<OrderWarehouseStatus> = {}): OrderWarehouseStatus => ({
  order: { id: "gid://shopify/Order/1001", name: "#1001" },
  connected: true,
  queued: false,
  records: [record()],
  push: { allowed: false, reason: "already at the warehouse" },
  ordersPagePath: "/app/orders?q=%231001",
  ...over,
});

describe("which actions a record offers", () => {
  it.each([
    ["needs_attention", ["retry"]],
    ["skipped", ["retry"]],
    ["awaiting_stock", ["retry"]],
    ["unknown_outcome", ["confirm"]],
    ["pending", []],
    ["submitted", []],
    ["shipped", []],
    ["delivered", []],
    ["a-status-from-a-newer-app", []],
  ])("a %s record offers %j", (recordStatus, actions) => {
    expect(actionsFor({ status: recordStatus })).toEqual(actions);
  });

  it.each(["cancelledInShopify", "partCancelled", "cancelRequestedBefore"])(
    "a record cancelled in Shopify (%s) offers no retry and says why",
    (code) => {
      for (const recordStatus of ["skipped", "needs_attention"]) {
        const cancelled = record({ status: recordStatus, reason: "cancelled", reasonMessage: { code, params: {} } });
        expect(actionsFor(cancelled)).toEqual([]);
        const [view] = blockView(status({ records: [cancelled] })).records;
        expect(view!.actions).toEqual([]);
        expect(view!.actionNote).toEqual({ key: "actions.cancelledNoRetry" });
      }
      // Any other reason keeps its retry, and no note.
      const refused = record({
        status: "needs_attention",
        reason: "x",
        reasonMessage: { code: "serviceRefused", params: {} },
      });
      expect(blockView(status({ records: [refused] })).records[0]!).toMatchObject({
        actions: ["retry"],
        actionNote: null,
      });
    },
  );
});

describe("what the block shows for each state", () => {
  it("a shipped order: success badge, service, service order and every tracking number with its link", () => {
    const view = blockView(
      status({
        records: [
          record({
            status: "shipped",
            svcOrderId: "9f1c",
            svcStatus: "READY_TO_GO",
            tracking: [
              { number: "7701", company: "ESTAFETA", url: "https://rastreo.example/7701" },
              { number: "7702", company: "ESTAFETA", url: null },
              { number: " ", company: null, url: null },
            ],
          }),
        ],
      }),
    );
    const [shown] = view.records;
    expect(shown.badge).toEqual({ tone: "success", label: { key: "status.shipped" } });
    expect(shown.service).toEqual({ key: "service.EXPRESS" });
    expect(shown.svcOrder).toEqual({
      key: "record.svcOrderWithStatus",
      params: { id: "9f1c" },
      nested: { status: { key: "svcStatuses.READY_TO_GO" } },
    });
    expect(shown.tracking.map((t) => t.number)).toEqual(["7701", "7702"]);
    expect(shown.actions).toEqual([]);
    expect(view.empty).toBeNull();
  });

  it("a record that needs attention shows the reason in a critical banner and offers a retry", () => {
    const [shown] = blockView(
      status({
        records: [
          record({
            status: "needs_attention",
            reason: "not enough stock of PLATO-GR",
            reasonMessage: { code: "insufficientStock", params: { product: "PLATO-GR" } },
          }),
        ],
      }),
    ).records;
    expect(shown.badge.tone).toBe("critical");
    expect(shown.attention).toEqual({ key: "reasons.insufficientStock", params: { product: "PLATO-GR" } });
    expect(shown.actions).toEqual(["retry"]);
  });

  it("an order waiting for stock names the units missing and can still be sent by hand", () => {
    const [shown] = blockView(
      status({
        records: [
          record({
            status: "awaiting_stock",
            reason: "waiting for stock: the warehouse lacks PLATO-GR × 2",
            reasonMessage: { code: "awaitingStock", params: { missing: "PLATO-GR × 2" } },
          }),
        ],
      }),
    ).records;
    expect(shown.badge).toMatchObject({ tone: "warning", label: { key: "status.awaiting_stock" } });
    expect(shown.attention).toEqual({ key: "reasons.awaitingStock", params: { missing: "PLATO-GR × 2" } });
    expect(shown.actions).toEqual(["retry"]);
  });

  it("words each address warning and its field in the merchant's language, never the app's English", () => {
    const [shown] = blockView(
      status({
        records: [
          record({
            warnings: [
              {
                field: "phone",
                code: "phoneNot10Digits",
                params: { phone: "123" },
                message: 'phone "123" is not a 10-digit Mexican number; sent as given',
                original: "123",
              },
              { field: "neighborhood", message: "stored before codes" },
            ],
          }),
        ],
      }),
    ).records;
    expect(shown.warnings).toEqual([
      {
        field: { key: "fields.phone" },
        text: { key: "warnings.phoneNot10Digits", params: { phone: "123" } },
        original: "123",
      },
      { field: { key: "fields.neighborhood" }, text: { key: "attention.warningNotCoded" }, original: null },
    ]);
  });

  it("an unknown outcome explains what to check even without a stored reason", () => {
    const [shown] = blockView(status({ records: [record({ status: "unknown_outcome" })] })).records;
    expect(shown.badge.tone).toBe("warning");
    expect(shown.attention).toEqual({ key: "attention.unknownOutcome" });
    expect(shown.actions).toEqual(["confirm"]);
  });

  it("a waiting record says when it will go", () => {
    const [shown] = blockView(
      status({ records: [record({ status: "waiting", sendAfter: "2026-11-23T18:30:00.000Z" })] }),
    ).records;
    expect(shown.attention).toEqual({
      key: "attention.waiting",
      params: { at: "2026-11-23T18:30:00.000Z" },
      dates: ["at"],
    });
    const [held] = blockView(
      status({
        records: [record({ status: "waiting", sendAfter: "2026-11-23T18:30:00.000Z", reason: "held back 30 minutes" })],
      }),
    ).records;
    // The app's English record never shows: the time it goes is what matters.
    expect(held.attention).toEqual({
      key: "attention.waiting",
      params: { at: "2026-11-23T18:30:00.000Z" },
      dates: ["at"],
    });
  });

  it("numbers the fulfilment orders when the order has several, and shows the timeline newest first", () => {
    const view = blockView(
      status({
        records: [
          record({
            timeline: [
              { at: "2026-11-23T10:00:00.000Z", from: null, to: "pending", detail: null },
              {
                at: "2026-11-23T10:00:02.000Z",
                from: "pending",
                to: "submitted",
                detail: "service order 9f1c",
                message: { code: "serviceOrder", params: { order: "9f1c" } },
              },
            ],
          }),
          record({ id: "0b7e3f0e-2d1c-4a55-9a0e-6c0f6f7d1a02", status: "skipped", reason: "pickup in store" }),
        ],
      }),
    );
    expect(view.records.map((r) => r.heading)).toEqual([
      { key: "record.headingNumbered", params: { number: "1", total: "2" } },
      { key: "record.headingNumbered", params: { number: "2", total: "2" } },
    ]);
    expect(view.records[0].timeline.map((e) => e.label.key)).toEqual(["status.submitted", "status.pending"]);
    expect(view.records[0].timeline[0].detailMessage).toEqual({
      key: "reasons.serviceOrder",
      params: { order: "9f1c" },
    });
  });

  it("shows an unknown status and an unknown service as they are written, not as a blank", () => {
    const [shown] = blockView(status({ records: [record({ status: "on_the_moon", serviceCode: "DRONE" })] })).records;
    expect(shown.badge).toEqual({ tone: "neutral", label: { key: "status.other", params: { status: "on_the_moon" } } });
    expect(shown.service).toEqual({ key: "service.other", params: { code: "DRONE" } });
    expect(statusLabel("pending")).toEqual({ key: "status.pending" });
  });

  it("says the shop is not connected, and offers no push then", () => {
    const view = blockView(status({ connected: false, records: [], push: { allowed: true, reason: null } }));
    expect(view.empty).toEqual({ key: "empty.notConnected" });
    expect(view.canPush).toBe(false);
  });

  it("says the order never reached the app, and offers the push", () => {
    const view = blockView(status({ records: [], push: { allowed: true, reason: null } }));
    expect(view.empty).toEqual({ key: "empty.noRecord" });
    expect(view.canPush).toBe(true);
  });

  it("says an order the app has but has not read yet is queued", () => {
    const view = blockView(status({ records: [], queued: true, push: { allowed: true, reason: null } }));
    expect(view.empty).toEqual({ key: "empty.queued" });
  });
});

describe("what the send-now action asks", () => {
  it("asks for a confirmation naming the order when a push is allowed", () => {
    expect(pushView(status({ push: { allowed: true, reason: null } }))).toEqual({
      allowed: true,
      order: "#1001",
      message: { key: "push.confirm", params: { order: "#1001" } },
    });
    // An order Shopify could not name is named by its id, never as a raw GID.
    const unnamed = pushView(
      status({ order: { id: "gid://shopify/Order/5512", name: null }, push: { allowed: true, reason: null } }),
    );
    expect(unnamed.message).toEqual({ key: "push.confirm", params: { order: "#5512" } });
  });

  it("refuses in the merchant's language when the order is already at the warehouse", () => {
    expect(pushView(status())).toEqual({
      allowed: false,
      order: "#1001",
      message: { key: "push.refused" },
    });
  });

  it("refuses when the shop is not connected", () => {
    expect(pushView(status({ connected: false, push: { allowed: true, reason: null } }))).toEqual({
      allowed: false,
      order: "#1001",
      message: { key: "push.notConnected" },
    });
  });
});
