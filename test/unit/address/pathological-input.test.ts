import { describe, expect, it } from "vitest";
import { toDestination } from "~/address";

// The rate callback runs on Shopify's checkout path, so no input may make parsing slow. Each line
// repeats one pattern, then ends in a letter, as input that makes a backtracking regex or a
// quadratic scan blow up ("....a" once took seconds through an unanchored /[.:]+$/).
const PATTERNS = [
  ".",
  ":",
  ")",
  "1.",
  "1;",
  ",",
  "#",
  "Col. ",
  "entre ",
  "x ",
  "Int. 1 ",
  "No. ",
  "1 ",
  "Fracc. ",
  "# ",
  "Depto 1 ",
  "C.P. ",
  "Km 1 ",
  "a",
];
const LENGTH = 20_000;

describe("toDestination on pathological input", () => {
  it.each(PATTERNS)("parses %j repeated to 20,000 characters in well under a second", (pattern) => {
    // GIVEN every text field far longer than Shopify allows, made of one pattern
    const text = `${pattern.repeat(Math.ceil(LENGTH / pattern.length))}a`;
    // WHEN it is parsed
    const started = performance.now();
    const result = toDestination({
      country: "MX",
      address1: text,
      address2: text,
      postal_code: text,
      province: text,
      city: text,
      phone: text,
      name: text,
    });
    // THEN it finishes quickly (catastrophic backtracking on this input takes minutes; the bound
    // leaves room for a loaded CI machine) and still produces a destination
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(result.ok).toBe(true);
  });
});
