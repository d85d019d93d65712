import { describe, expect, it } from "vitest";
import { toDestination } from "~/address";
import { MEXICAN_STATES } from "~/address/states";
import { ADDRESS_CASES } from "../../fixtures/addresses";

describe("toDestination over real-looking Mexican addresses", () => {
  it.each(ADDRESS_CASES)("$title", ({ input, expected, warnings }) => {
    // GIVEN an address as Shopify sends it (rate destination or order shipping address)
    // WHEN it is turned into the service's destination
    const result = toDestination(input);
    // THEN every field is as a Mexican courier would read it, and only the guesses are warned about
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(result.destination).toEqual(expected);
    expect(result.warnings.map((w) => w.field)).toEqual(warnings);
  });

  it("covers at least 150 addresses and every one of the 32 states", () => {
    const states = new Set(ADDRESS_CASES.map((c) => c.expected.state));
    expect(ADDRESS_CASES.length).toBeGreaterThanOrEqual(150);
    expect([...states].sort()).toEqual(MEXICAN_STATES.map((s) => s.name).sort());
  });
});
