import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MERCHANT_OUTCOMES, moved, refused } from "~/fulfillment/actions/merchant-actions.server";
import { outcomeRecordEn, recordsEn } from "~/i18n/messages.en";

const ACTIONS = "app/fulfillment/actions";

/** The code of `file` without its comments, so only what runs is read. */
const codeOf = (file: string) =>
  fs
    .readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1");

describe("a merchant action's result", () => {
  it("carries its code and params only, never words (the pages, the extensions and the logs word it)", () => {
    for (const code of MERCHANT_OUTCOMES) {
      for (const result of [moved(code, { order: "#1001" }), refused(code, { order: "#1001" })]) {
        expect(Object.keys(result).sort(), code).toEqual(["code", "ok", "params"]);
        expect(result).toEqual({ ok: result.ok, code, params: { order: "#1001" } });
      }
    }
  });

  it("is worded in no action module: no literal there holds a phrase", () => {
    const files = fs.readdirSync(ACTIONS).map((name) => path.join(ACTIONS, name));
    expect(files.length).toBeGreaterThan(2);
    const phrases = files.flatMap((file) =>
      [...codeOf(file).matchAll(/(["'`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)]
        .map((m) => m[2]!.replace(/\$\{[^}]*\}/g, ""))
        .filter((text) => /[A-Za-z]+,? [A-Za-z]+/.test(text))
        .map((text) => `${file}: ${text}`),
    );
    expect(phrases, phrases.join("\n")).toEqual([]);
  });

  it("reads in English where it is written down (a log, Flow's answer), from the English catalogue", () => {
    expect(outcomeRecordEn(refused("serviceHasNoOrder", { svcOrderId: "x" }))).toBe("the service has no order x");
    expect(outcomeRecordEn(moved("willSend", { order: "#1001" }))).toBe("#1001 will be sent to the service");
    expect(outcomeRecordEn(moved("willSend", { order: "#1001", unread: "THROTTLED" }))).toBe(
      "#1001 will be sent to the service (Shopify could not be read, so the order as paid is used: THROTTLED)",
    );
    // The record's timeline says the same; an event written before it was coded keeps its English note.
    expect(recordsEn.merchantRetried({ unread: "THROTTLED" })).toBe(
      "retried by the merchant (Shopify could not be read, so the order as paid is used: THROTTLED)",
    );
    expect(recordsEn.merchantRetried({ note: "an older note" })).toBe("retried by the merchant (an older note)");
    // A code this copy of the app does not know (a row a newer one wrote) is named, not dropped.
    expect(outcomeRecordEn({ code: "somethingNewer", params: {} })).toBe("outcome somethingNewer");
  });
});
