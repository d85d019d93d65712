// A free-shipping amount that makes (practically) every order free is warned about next to the
// field (issue 33, finding 5): $0 on purpose and a $1 typed for $1,000 alike, only with a service ticked.
import { describe, expect, it } from "vitest";
import { everyOrderFreeWith, FREE_FOR_EVERY_ORDER_BELOW } from "~/routes/app.settings/conflict-banner";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";

describe("the every-order-free warning", () => {
  it("names the ticked services for an amount under the floor, $0 and $1 alike", () => {
    expect(everyOrderFreeWith({ freeShippingMin: "1.00", freeShipping_EXPRESS: "on" })).toEqual(["EXPRESS"]);
    expect(
      everyOrderFreeWith({ freeShippingMin: "0", freeShipping_EXPRESS: "on", freeShipping_NACIONAL: "on" }),
    ).toEqual(expect.arrayContaining(["EXPRESS", "NACIONAL"]));
    expect(everyOrderFreeWith({ freeShippingMin: " $99.99 ", freeShipping_NACIONAL: "on" })).toEqual(["NACIONAL"]);
  });

  it("says nothing for a real threshold, an empty amount, unreadable input or no service ticked", () => {
    expect(
      everyOrderFreeWith({ freeShippingMin: String(FREE_FOR_EVERY_ORDER_BELOW), freeShipping_EXPRESS: "on" }),
    ).toBeNull();
    expect(everyOrderFreeWith({ freeShippingMin: "1,499.00", freeShipping_EXPRESS: "on" })).toBeNull();
    expect(everyOrderFreeWith({ freeShippingMin: "", freeShipping_EXPRESS: "on" })).toBeNull();
    expect(everyOrderFreeWith({ freeShippingMin: "uno", freeShipping_EXPRESS: "on" })).toBeNull();
    expect(everyOrderFreeWith({ freeShippingMin: "1.00" })).toBeNull();
  });

  it("is worded in both languages with the amount typed", () => {
    expect(en.settings.freeShipping.everyOrder).toContain("{amount}");
    expect(es.settings.freeShipping.everyOrder).toContain("{amount}");
  });
});
