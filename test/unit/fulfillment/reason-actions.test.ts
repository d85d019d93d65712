// Issue 33, item 2: every reason a record can carry has its next steps in one table
// (app/fulfillment/reason-actions.ts), each a real action of Pedidos, and never one that does
// nothing for the reason: an order held or cancelled in Shopify after reaching the warehouse is
// not «retried», a test order skipped by the shop's own setting is informational and offers nothing.
import { describe, expect, it } from "vitest";
import { readHandledNote, HANDLED_NOTE_MAX } from "~/fulfillment/core/handled-note";
import {
  ACTION_INTENTS,
  actionsFor,
  isInformational,
  REASON_ACTIONS,
  RECORD_ACTIONS,
} from "~/fulfillment/core/reason-actions";
import { REASON_CODES } from "~/fulfillment/core/reason-codes";
import { en } from "~/i18n/messages.en";
import { es } from "~/i18n/messages.es";

describe("the reason → actions table", () => {
  it("has an entry for every reason code, and only known actions", () => {
    expect(Object.keys(REASON_ACTIONS).sort()).toEqual([...REASON_CODES].sort());
    for (const code of REASON_CODES) {
      for (const action of REASON_ACTIONS[code].actions) expect(RECORD_ACTIONS).toContain(action);
    }
  });

  it("each action is carried by the page: a form intent, or a link or words the catalogues have", () => {
    for (const action of RECORD_ACTIONS) expect(ACTION_INTENTS).toHaveProperty(action);
    const withoutForm = RECORD_ACTIONS.filter((a) => ACTION_INTENTS[a].length === 0);
    expect(withoutForm.sort()).toEqual(["askBuyer", "contactService"]);
    for (const messages of [es, en]) {
      expect(messages.orders.addressHold.whatsappLink).toBeTruthy();
      expect(messages.nextSteps.contactTitle).toBeTruthy();
    }
  });

  it.each(["heldAfterWarehouse", "cancelledAfterWarehouse", "movedAfterWarehouse", "changedAfterWarehouse"] as const)(
    "%s at the warehouse: contact the service, mark handled, read it now — never retry",
    (reasonCode) => {
      expect(actionsFor({ status: "needs_attention", reasonCode, svcOrderId: "SVC-1" })).toEqual([
        "contactService",
        "handled",
        "refresh",
      ]);
    },
  );

  it("a test order skipped by the shop's setting is informational and offers nothing", () => {
    expect(actionsFor({ status: "skipped", reasonCode: "testOrder", svcOrderId: null })).toEqual([]);
    expect(isInformational("testOrder")).toBe(true);
    expect(isInformational("cancelledAfterWarehouse")).toBe(false);
    expect(isInformational("noSku")).toBe(false);
    expect(isInformational(null)).toBe(false);
  });

  it("a cause fixed in Shopify is retried; one the service may have is confirmed, not handled", () => {
    expect(actionsFor({ status: "needs_attention", reasonCode: "noSku", svcOrderId: null })).toEqual([
      "retry",
      "handled",
    ]);
    expect(actionsFor({ status: "unknown_outcome", reasonCode: "mayExist", svcOrderId: null })).toEqual([
      "confirmOutcome",
      "contactService",
    ]);
    expect(actionsFor({ status: "unknown_outcome", reasonCode: null, svcOrderId: null })).toEqual(["confirmOutcome"]);
  });

  it("a short shipment asks for its choice; an address hold for the buyer or sending it as it stands", () => {
    expect(
      actionsFor({ status: "needs_attention", reasonCode: "shippedShort", svcOrderId: "SVC-2", shortChoice: true }),
    ).toEqual(["shortChoice", "handled", "refresh"]);
    expect(actionsFor({ status: "waiting", reasonCode: "addressHeldNoNumber", svcOrderId: null })).toEqual([
      "sendAsItStands",
      "askBuyer",
    ]);
    // The same reason code once the record moved on offers nothing of it.
    expect(actionsFor({ status: "pending", reasonCode: "addressHeldNoNumber", svcOrderId: null })).toEqual([]);
  });

  it("an order at the service can be read now until it is delivered; a handled one stays readable", () => {
    expect(actionsFor({ status: "shipped", reasonCode: null, svcOrderId: "SVC-3" })).toEqual(["refresh"]);
    expect(actionsFor({ status: "delivered", reasonCode: null, svcOrderId: "SVC-3" })).toEqual([]);
    expect(actionsFor({ status: "skipped", reasonCode: "merchantHandled", svcOrderId: "SVC-3" })).toEqual(["refresh"]);
    expect(actionsFor({ status: "skipped", reasonCode: "merchantHandled", svcOrderId: null })).toEqual([]);
  });
});

describe("the handled note", () => {
  it("is required, trimmed and bounded, and a refusal names the limit", () => {
    expect(readHandledNote("  Llamé al servicio: lo detuvieron.  ")).toEqual({
      ok: true,
      note: "Llamé al servicio: lo detuvieron.",
    });
    expect(readHandledNote("   ")).toEqual({ ok: false, code: "noteMissing", params: {} });
    expect(readHandledNote(null)).toEqual({ ok: false, code: "noteMissing", params: {} });
    expect(readHandledNote("é".repeat(HANDLED_NOTE_MAX)).ok).toBe(true);
    expect(readHandledNote("é".repeat(HANDLED_NOTE_MAX + 1))).toEqual({
      ok: false,
      code: "noteTooLong",
      params: { max: String(HANDLED_NOTE_MAX), length: String(HANDLED_NOTE_MAX + 1) },
    });
  });
});
