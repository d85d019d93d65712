// Which Shopify order an unreadable order webhook names, so the merchant can send it by its id.
import { describe, expect, it } from "vitest";
import { orderIdNamed } from "~/shopify/webhooks/unreadable-webhook.server";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("orderIdNamed", () => {
  it.each([
    [{ id: "820982911946154508" }, "820982911946154508"],
    [{ id: 450789469, name: 5 }, "450789469"],
    [{ order_edit: { order_id: 77 } }, "77"],
    [{ order_edit: { order_id: "abc" }, id: 12 }, "12"],
    [{ id: "abc" }, null],
    [{ id: -4 }, null],
    [{ id: 1.5 }, null],
    [[{ id: 3 }], null],
    [null, null],
  ] as [unknown, string | null][])("%j → %s", (payload, expected) => {
    expect(orderIdNamed(payload, bytes(JSON.stringify(payload)))).toBe(expected);
  });

  it("reads a leading id from a body that is not JSON, and nothing else from it", () => {
    expect(orderIdNamed(undefined, bytes('{"id": 820982911946154508, "name": "#1001", "line_items": ['))).toBe(
      "820982911946154508",
    );
    expect(orderIdNamed(undefined, bytes('  {"id":"77","x'))).toBe("77");
    expect(orderIdNamed(undefined, bytes('{"name": "#1", "id": 5'))).toBeNull();
    expect(orderIdNamed(undefined, bytes("{not json"))).toBeNull();
    expect(orderIdNamed(undefined, new Uint8Array([0xff, 0xfe, 0x00]))).toBeNull();
  });
});
