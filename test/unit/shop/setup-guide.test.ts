import { describe, expect, it } from "vitest";
import { SETUP_STEPS, setupGuide, type SetupFacts } from "~/orchestration/setup-guide";

const NOTHING: SetupFacts = {
  connected: false,
  catalogSynced: false,
  checkoutReady: false,
  rateTested: false,
  ordersUnderstood: false,
};

describe("the setup guide", () => {
  it("starts at connecting the service account, with nothing done", () => {
    const guide = setupGuide(NOTHING);
    expect(guide.steps.map((s) => s.step)).toEqual(["connect", "catalog", "readiness", "testQuote", "orders"]);
    expect(guide.done).toBe(0);
    expect(guide.current).toBe("connect");
  });

  it("leads to the first step not done, counting the later ones done on their own", () => {
    const guide = setupGuide({ ...NOTHING, connected: true, rateTested: true });
    expect(guide.current).toBe("catalog");
    expect(guide.done).toBe(2);
    expect(guide.steps.find((s) => s.step === "testQuote")?.done).toBe(true);
  });

  it("is complete, with no current step, once every fact holds", () => {
    const all = Object.fromEntries(Object.keys(NOTHING).map((k) => [k, true])) as unknown as SetupFacts;
    const guide = setupGuide(all);
    expect(guide.current).toBeNull();
    expect(guide.done).toBe(SETUP_STEPS.length);
  });

  it("ties each step to its own fact", () => {
    for (const [fact, step] of [
      ["connected", "connect"],
      ["catalogSynced", "catalog"],
      ["checkoutReady", "readiness"],
      ["rateTested", "testQuote"],
      ["ordersUnderstood", "orders"],
    ] as const) {
      const guide = setupGuide({ ...NOTHING, [fact]: true });
      expect(guide.steps.filter((s) => s.done).map((s) => s.step)).toEqual([step]);
    }
  });
});
