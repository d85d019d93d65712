// The rate tester's form values and error keys, shared by the page (browser) and the server.
import type { NumberFieldSpec, NumberInputError } from "~/forms/number-input";

/** Most lines a test cart may have (checkout allows more; this is a tester). */
export const MAX_LINES = 10;

export interface CartLineValues {
  variantId: string;
  quantity: string;
}

/** Every value as typed, so the page shows it again after an error. */
export interface RateTestValues {
  postalCode: string;
  province: string;
  city: string;
  address1: string;
  address2: string;
  subtotal: string;
  lines: CartLineValues[];
}

export type RateTestErrorKey = "postalCode" | "province" | "city" | "tooLong" | "product" | "cart";

/** A field's error: a key of `rates.errors`, or why a number was refused (worded with its range). */
export type RateTestError = RateTestErrorKey | { number: NumberInputError["code"] };

/** The tester's number fields and the ranges they accept. */
export const TESTER_FIELDS = {
  subtotal: { kind: "money", scale: 2, min: 0, max: 1_000_000_000 },
  quantity: { kind: "count", scale: 0, min: 1, max: 999, unit: "units" },
} satisfies Record<string, NumberFieldSpec>;

export const EMPTY_VALUES: RateTestValues = {
  postalCode: "",
  province: "",
  city: "",
  address1: "",
  address2: "",
  subtotal: "",
  lines: [{ variantId: "", quantity: "1" }],
};
