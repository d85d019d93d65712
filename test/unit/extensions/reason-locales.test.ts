// The order-page block reads the app's reasons in the merchant's language: the app sends a code
// (app/fulfillment/core/reason-codes.ts), the block translates `reasons.<code>` from its locales, which
// must say what the admin's catalogues say (copied by scripts/extension-reasons.ts).
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { reason } from "~/fulfillment/core/reason-codes";
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
    const statuses = (file: string) =>
      (JSON.parse(fs.readFileSync(file, "utf8")) as { svcStatuses: unknown }).svcStatuses;
    expect(statuses(LOCALE_FILES.es)).toEqual(extensionReasons(es.orders.svcStatuses));
    expect(statuses(LOCALE_FILES.en)).toEqual(extensionReasons(en.orders.svcStatuses));
    const section = (file: string, name: string) =>
      (JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>)[name];
    expect(section(LOCALE_FILES.es, "outcomes")).toEqual(extensionReasons(es.orders.outcomes));
    expect(section(LOCALE_FILES.en, "outcomes")).toEqual(extensionReasons(en.orders.outcomes));
    expect(section(LOCALE_FILES.es, "warnings")).toEqual(extensionReasons(es.orders.warnings));
    expect(section(LOCALE_FILES.en, "warnings")).toEqual(extensionReasons(en.orders.warnings));
    expect(section(LOCALE_FILES.es, "fields")).toEqual(
      extensionReasons({ ...es.orders.fields, other: es.orders.otherField }),
    );
    // The service's names are Pedidos' and Tarifas' (settings.services), in both languages.
    for (const [file, messages] of [
      [LOCALE_FILES.es, es],
      [LOCALE_FILES.en, en],
    ] as const) {
      expect(section(file, "service")).toEqual({ ...messages.settings.services, other: "{{code}}" });
    }
    expect(section(LOCALE_FILES.en, "service")).toMatchObject({ NACIONAL: en.settings.services.NACIONAL });
    expect(extensionReasons({ a: "El intento {attempt} a las {at}" })).toEqual({
      a: "El intento {{attempt}} a las {{at}}",
    });
  });

  it("show a reason and history entry by code, its times as dates; never the app's English record", () => {
    const refused = reason("insufficientStock", { product: "PLATO-GR", said: "x" });
    const retry = reason("attemptFailed", { attempt: "2", said: "socket hang up", at: "2026-11-20T16:12:00.000Z" });
    const view = blockView(
      status([
        record({
          reason: "not enough stock of PLATO-GR at the warehouse",
          reasonMessage: refused,
          timeline: [
            {
              at: "2026-11-20T16:10:00.000Z",
              from: "pending",
              to: "submitting",
              detail: "attempt 2 did not reach the service",
              message: retry,
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
        // A reason recorded before codes (no code): the block points to the history, in the merchant's language.
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
    expect(view.records[1]!.attention).toEqual({ key: "attention.reasonNotCoded" });
  });

  it("word the service's order status inside a reason and next to the service order", () => {
    const view = blockView(
      status([
        record({
          status: "needs_attention",
          reason: "x",
          reasonMessage: reason("nothingShipped", { status: "IN_TRANSIT" }),
          svcOrderId: "9f1c",
          svcStatus: "PROGRAMADO",
        }),
      ]),
    );
    expect(view.records[0]!.attention).toEqual({
      key: "reasons.nothingShipped",
      params: { status: "IN_TRANSIT" },
      nested: { status: { key: "svcStatuses.IN_TRANSIT" } },
    });
    expect(view.records[0]!.svcOrder).toEqual({
      key: "record.svcOrderWithStatus",
      params: { id: "9f1c" },
      nested: { status: { key: "svcStatuses.OTHER", params: { status: "programado" } } },
    });
  });
});
