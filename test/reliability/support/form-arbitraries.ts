// Random forms for the admin pages other than Configuración: Tarifas' tester (a quotable form with
// some fields replaced by random input), the searches and filters in Catálogo's and Pedidos' URLs,
// and every other form's intents and values.
import fc from "fast-check";
import { choiceText, typedName, typedText } from "./form-reference";
import type { MerchantWork } from "./merchant-work";
import { MEXICAN_STATE_CODES } from "./settings-model";

/** Tarifas' tester forms over the catalogue variants `cart`. */
export function rateTestForms(cart: string[]) {
  // A quotable form with one to four of its fields (or its cart) replaced by random input.
  const valid = {
    postalCode: fc.constantFrom("06500", "64000", "44100"),
    province: fc.constantFrom("DF", "NL", "JAL"),
    city: fc.constantFrom("Ciudad de México", "Monterrey"),
    address1: fc.constantFrom("", "Av. Reforma 222"),
    address2: fc.constant(""),
    subtotal: fc.oneof(
      fc.stringMatching(/^[1-9][0-9]{0,3}(\.[0-9]{1,2})?$/),
      fc.constantFrom("499.99", "500", "500.00", "1,250.50"),
    ),
    lines: fc.array(
      fc.record({
        variantId: fc.constantFrom(...cart),
        quantity: fc.integer({ min: 1, max: 5 }).map(String),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  };
  const random = {
    postalCode: fc.oneof(fc.stringMatching(/^\d{5}$/), typedText),
    province: choiceText(MEXICAN_STATE_CODES),
    city: typedName,
    address1: typedName,
    address2: typedName,
    subtotal: typedText,
    lines: fc.array(
      fc.record({
        variantId: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...cart) }, typedName),
        quantity: fc.oneof(fc.integer({ min: -2, max: 1_200 }).map(String), typedText),
      }),
      { maxLength: 12 },
    ),
  };
  return fc
    .tuple(
      fc.record(valid),
      fc.record(random),
      fc.subarray(Object.keys(valid) as (keyof typeof valid)[], { maxLength: 4 }),
    )
    .map(
      ([base, noise, replaced]) =>
        ({ ...base, ...Object.fromEntries(replaced.map((key) => [key, noise[key]])) }) as typeof base,
    );
}

/** A value for `q`, `status` or `page` in a page's URL (undefined: left out). */
export const urlParam = (() => {
  return fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(
      "",
      "all",
      "deleted",
      "synced",
      "failed",
      "pending",
      "problems",
      "sent",
      "submitted",
      "delivered",
      "1",
      "2",
      "0",
      "-1",
      "99999",
      "100000",
      "1.5",
      "١",
    ),
    typedText,
    typedName,
    fc.string({ minLength: 95, maxLength: 140 }),
  );
})();

/** A post to one of the other forms: which (`form`), where and with what. */
export function otherForms(shop: string, work: MerchantWork) {
  // Mostly a row's own id (so the action runs), else any id or none.
  const idOf = (ids: string[]) =>
    fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, fc.uuid(), typedName, fc.constant(""));
  const jobId = idOf(work.jobIds);
  const attentionId = idOf([...work.jobIds, ...work.unreadableIds]);
  const fulfillmentId = idOf(work.fulfillmentIds);
  return fc.oneof(
    fc.record({
      form: fc.constant("home"),
      path: fc.constant("/app.data?index"),
      fields: fc.record({ intent: choiceText(["setup-orders-seen", "job-retry"]), id: jobId }),
    }),
    fc.record({
      form: fc.constant("catalog"),
      path: fc.constant("/app/catalog.data"),
      fields: fc.record({
        intent: choiceText(["lookup", "job-retry", "sync"]),
        sku: fc.oneof(typedName, typedText),
        id: jobId,
      }),
    }),
    fc.record({
      form: fc.constant("orders"),
      path: fc.constant("/app/orders.data"),
      fields: fc.record({
        intent: choiceText([
          "confirm-exists",
          "confirm-absent",
          "retry",
          "short-resend",
          "short-refund",
          "send-as-is",
          "retry-many",
          "unreadable-send",
          "unreadable-dismiss",
          "job-retry",
        ]),
        fulfillmentId,
        svcOrderId: fc.oneof(typedName, typedText),
        id: attentionId,
      }),
    }),
    fc.record({
      form: fc.constant("warehouse"),
      path: fc.constant("/app/warehouse.data"),
      fields: fc.record({ intent: choiceText(["sync"]) }),
    }),
    fc.record({
      form: fc.constant("readiness"),
      path: fc.constant("/app/readiness.data"),
      fields: fc.record({ intent: choiceText(["add_rates", "recheck"]) }),
    }),
    fc.record({
      form: fc.constant("privacy"),
      path: idOf(work.dataRequestIds).map((value) => `/app/privacy/${encodeURIComponent(value || "x")}`),
      fields: fc.constant({}),
    }),
    fc.record({
      form: fc.constant("login"),
      path: fc.constant("/auth/login"),
      fields: fc.record({ shop: fc.oneof(typedName, fc.constant(shop)) }),
    }),
  );
}
