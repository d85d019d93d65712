// Invisible characters a shopper cannot see but Shopify can carry: controls, zero-width space,
// the U+2060 word joiner Shopify uses as a field delimiter, and the byte-order mark.
const SPACE_LIKE = /[\s\p{Cc}\u200B\u2060\uFEFF]+/gu;
const COMBINING_MARKS = /\p{M}+/gu;
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/** Reads any JSON value as text: strings as they are, numbers as digits, anything else as "". */
export function toText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

/** Composes accents (NFC), turns every space-like run into one space and trims. */
export function cleanText(value: unknown): string {
  return toText(value).normalize("NFC").replace(SPACE_LIKE, " ").trim();
}

/** Lower-case, accent-free form used only for matching; output always keeps the original text. */
export function fold(value: string): string {
  // Most words are plain ASCII; Unicode normalisation is the slow part, so skip it for them.
  if (PRINTABLE_ASCII.test(value)) return value.toLowerCase();
  // NFKD also turns the ordinal "º" of "Nº" into "o"; the degree sign needs doing by hand.
  return value.normalize("NFKD").replace(COMBINING_MARKS, "").replace(/°/g, "o").toLowerCase();
}

/** The folded text with everything but letters and digits removed ("Q. Roo" → "qroo"). */
export function foldKey(value: string): string {
  return fold(value).replace(/[^\p{L}\p{N}]+/gu, "");
}

/**
 * Removes any of `chars` from the end of `value`. A loop rather than a regex: `/[.:]+$/` retries
 * at every position of a long run and turns quadratic on input like "1....…a".
 */
export function trimEndChars(value: string, chars: string): string {
  let end = value.length;
  while (end > 0 && chars.includes(value[end - 1])) end -= 1;
  return value.slice(0, end);
}

/** Removes any of `chars` from the start of `value`. */
export function trimStartChars(value: string, chars: string): string {
  let start = 0;
  while (start < value.length && chars.includes(value[start])) start += 1;
  return value.slice(start);
}
