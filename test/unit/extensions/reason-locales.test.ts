// The order-page block reads the app's reasons in the merchant's language: the app sends a code
// (app/fulfillment/reason-codes.ts), the block translates `reasons.<code>` from its locales, which
// must say what the admin's catalogues say (copied by scripts/extension-reasons.ts).
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { reasonMessage } from "~/fulfillment/reason-codes";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";
import {
  blockView,
  type OrderWarehouseStatus,
  type WarehouseRecord,
} from "../../../extensions/shared/warehouse-status";
import { extensionReasons, LOCALE_FILES } from "../../../scripts/extension-reasons";

const localeReasons = (file: string) => (JSON.parse(fs.readFileSync(file, "utf8")) as { reasons: unknown }).reasons;

const record = (over: Partial<WarehouseRecord> = {}): WarehouseRecord => ({
  id: "0b7e3f0e-2d1c-4a55-9a0e-6c0f6f7d1a01",
  fulfillmentOrderGid: "gid://shopify/FulfillmentOrder/1",
  status: "needs_attention",
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

const status = (records: WarehouseRecord[]): OrderWarehouseStatus => ({
  order: { id: "gid://shopify/Order/1001", name: "#1001" },
  connected: true,
  queued: false,
  records,
  push: { allowed: true, reason: null },
  ordersPagePath: "/app/orders?q=%231001",
});

describe("the block's reasons", () => {
  it("are the admin catalogues' reasons, in Shopify's {{param}} form, in both languages", () => {
    expect(localeReasons(LOCALE_FILES.es)).toEqual(extensionReasons(es.orders.reasons));
    expect(localeReasons(LOCALE_FILES.en)).toEqual(extensionReasons(en.orders.reasons));
    expect(extensionReasons({ a: "El intento {attempt} a las {at}" })).toEqual({
      a: "El intento {{attempt}} a las {{at}}",
    });
  });

  it("show a known reason and history detail by code, its times as dates; an unknown one as written", () => {
    const refused =
      "not enough stock of PLATO-GR at the warehouse; request an inventory reception, then retry. The service said: x";
    const retry = "attempt 2 did not reach the service (socket hang up); next attempt at 2026-11-20T16:12:00.000Z";
    const view = blockView(
      status([
        record({
          reason: refused,
          reasonMessage: reasonMessage(refused),
          timeline: [
            {
              at: "2026-11-20T16:10:00.000Z",
              from: "pending",
              to: "submitting",
              detail: retry,
              message: reasonMessage(retry),
            },
            {
              at: "2026-11-20T16:11:00.000Z",
              from: "submitting",
              to: "needs_attention",
              detail: "something new",
              message: null,
            },
          ],
        }),
        // An app that sends no codes (older) still shows its words.
        record({ reason: "older app's words" }),
      ]),
    );
    expect(view.records[0]!.attention).toEqual({
      key: "reasons.insufficientStock",
      params: { product: "PLATO-GR", said: "x" },
    });
    expect(view.records[0]!.timeline.map((e) => e.detailMessage)).toEqual([
      null,
      {
        key: "reasons.attemptFailed",
        params: { attempt: "2", said: "socket hang up", at: "2026-11-20T16:12:00.000Z" },
        dates: ["at"],
      },
    ]);
    expect(view.records[0]!.timeline[0]!.detail).toBe("something new");
    expect(view.records[1]!.attention).toEqual({ key: "attention.reason", params: { reason: "older app's words" } });
  });
});
