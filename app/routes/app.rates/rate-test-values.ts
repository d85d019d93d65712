// The rate tester's form values and error keys, shared by the page (browser) and the server.

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

export type RateTestErrorKey =
  "postalCode" | "province" | "city" | "tooLong" | "subtotal" | "product" | "quantity" | "cart";

export const EMPTY_VALUES: RateTestValues = {
  postalCode: "",
  province: "",
  city: "",
  address1: "",
  address2: "",
  subtotal: "",
  lines: [{ variantId: "", quantity: "1" }],
};
