import { cleanText, fold, trimEndChars, trimStartChars } from "./normalize";
import { CONJUNCTIONS } from "./vocabulary";

/** A word of an address line: its original text (what is output) and its key (what is matched). */
export type Token = { text: string; key: string };

// Labels typed without a space ("No.23", "Int4", "Col.Roma", "C.P.06500") get one, so every
// label is a token of its own. Each pattern is a plain alternation: no nested quantifiers.
const DOTTED_LABEL =
  /(?<![\p{L}\p{N}])(no|n[uú]m|int|col|depto|dpto|mz|mza|lt|lte|km|ext|av|blvd|fracc|priv|prol|calz|loc|of|edif|c\.p)\.(?=[\p{L}\p{N}])/giu;
const GLUED_LABEL = /(?<![\p{L}\p{N}])(no|n[uú]m|n[°º]|nro|int|mz|mza|lt|lte|km|depto|dpto|ext|sm|smz|cp)(?=\p{N})/giu;
const HASH_BEFORE = /(?<=[^\s#])#/g;
const HASH_AFTER = /#(?=[^\s#])/g;
const COLON_AFTER = /:(?=\S)/g;
const SEGMENT_BREAK = /[,;]+/;
// Lone dashes, bars, slashes and dots separate parts as commas do.
const SEPARATOR_TOKEN = /^[-–—|/\\.·•:]+$/u;
const LEADING_PUNCTUATION = "([¿¡\"'«“";
const TRAILING_PUNCTUATION = ")]?!\"'»”.:";
const NUMBER_LIKE = /^\d[\p{L}\p{N}\-/.+]*$/u;
const ORDINAL = /^\d+(?:er|ra|ro|da|do|to|ta|vo|va|mo|ma|no|na)$/;
const SHORT_CODE = /^\p{L}{1,2}-?\d[\p{L}\p{N}-]*$/u;

/**
 * Splits an address line into segments (at commas and semicolons, or a lone dash or bar) and
 * each segment into tokens. Separators are the only characters that do not reach a token.
 */
export function tokenizeLine(line: string): Token[][] {
  const spaced = cleanText(line)
    .replace(DOTTED_LABEL, "$1. ")
    .replace(GLUED_LABEL, "$1 ")
    .replace(HASH_BEFORE, " #")
    .replace(HASH_AFTER, "# ")
    .replace(COLON_AFTER, ": ");
  const segments: Token[][] = [];
  for (const part of spaced.split(SEGMENT_BREAK)) {
    let current: Token[] = [];
    for (const word of part.split(" ")) {
      if (word === "") continue;
      if (SEPARATOR_TOKEN.test(word)) {
        if (current.length > 0) segments.push(current);
        current = [];
        continue;
      }
      current.push({ text: word, key: keyOf(word) });
    }
    if (current.length > 0) segments.push(current);
  }
  return segments;
}

/** The matching key of a word: folded, without surrounding punctuation or inner dots. */
function keyOf(word: string): string {
  const bare = trimEndChars(trimStartChars(fold(word), LEADING_PUNCTUATION), TRAILING_PUNCTUATION);
  return bare.replace(/\./g, "");
}

/** A house number: starts with a digit ("232", "23-B", "491-A", "12.5"), not an ordinal ("3er"). */
export function isNumberLike(token: Token | undefined): boolean {
  if (!token) return false;
  const bare = trimEndChars(token.text, ".:");
  return NUMBER_LIKE.test(bare) && !ORDINAL.test(fold(bare));
}

/** An interior or lot identifier: a number, a single letter or a short code such as "B3". */
export function isCodeLike(token: Token | undefined): boolean {
  if (!token) return false;
  return isNumberLike(token) || /^\p{L}$/u.test(token.key) || SHORT_CODE.test(token.key);
}

/** A letter or "bis" written apart from the house number ("23 B", "45 bis"); not "x" or "y". */
export function isNumberSuffix(token: Token | undefined): boolean {
  if (!token) return false;
  return token.key === "bis" || (/^\p{L}$/u.test(token.key) && !CONJUNCTIONS.has(token.key));
}

/** The tokens' original text joined by single spaces. */
export function joinTokens(tokens: readonly Token[]): string {
  return tokens.map((t) => t.text).join(" ");
}
