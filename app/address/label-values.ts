import { isCodeLike, isNumberLike, isNumberSuffix, type Token } from "./tokens";
import {
  CONJUNCTIONS,
  EXTERIOR_LABELS,
  NO_NUMBER,
  POSTAL_LABELS,
  REFERENCE_LABELS,
  STANDALONE_UNITS,
  UNIT_WORDS,
} from "./vocabulary";

/** A labelled part found at a position: its kind, the tokens kept, and where the next part starts. */
/** What a run of tokens is: unlabelled text, or the part of the address a label says it is. */
export type ChunkKind = "text" | "exterior" | "interior" | "neighborhood" | "cross" | "postal" | "reference";

export type Match = { kind: ChunkKind; tokens: Token[]; end: number };

/** The house number after an exterior label at `j`: "23", "23-B", "23 B" or "S/N". */
export function exteriorValue(tokens: Token[], j: number): Match | undefined {
  const value = tokens[j];
  if (value && NO_NUMBER.has(value.key)) return { kind: "exterior", tokens: [value], end: j + 1 };
  if (!isNumberLike(value)) return undefined;
  const suffix = tokens[j + 1];
  return isNumberSuffix(suffix)
    ? { kind: "exterior", tokens: [value, suffix], end: j + 2 }
    : { kind: "exterior", tokens: [value], end: j + 1 };
}

/** The interior after an interior label at `j`, skipping a "#" or "No." in between. */
export function interiorValue(tokens: Token[], j: number): Match | undefined {
  let start = j;
  while (start < tokens.length && EXTERIOR_LABELS.has(tokens[start].key)) start += 1;
  const first = tokens[start];
  if (!first) return undefined;
  if (!isCodeLike(first) && !STANDALONE_UNITS.has(first.key) && !isUnitWithValue(tokens, start)) {
    return undefined;
  }
  const end = collectCodes(tokens, start + 1);
  return { kind: "interior", tokens: tokens.slice(start, end), end };
}

/** A unit word at `i` with its identifier ("Depto 302", "Torre A"); the word is kept. */
export function unitValue(tokens: Token[], i: number): Match | undefined {
  // "Depto #3" and "Local No. 5": the label between the unit and its number is dropped.
  const valueAt = EXTERIOR_LABELS.has(tokens[i + 1]?.key ?? "") ? i + 2 : i + 1;
  if (!isCodeLike(tokens[valueAt])) return undefined;
  const end = collectCodes(tokens, valueAt + 1);
  return { kind: "interior", tokens: [tokens[i], ...tokens.slice(valueAt, end)], end };
}

function isUnitWithValue(tokens: Token[], k: number): boolean {
  return UNIT_WORDS.has(tokens[k]?.key ?? "") && isCodeLike(tokens[k + 1]);
}

// More of the same identifier: "4 A", "Edif. B Depto. 302", "Torre 2 Piso 5".
function collectCodes(tokens: Token[], k: number): number {
  let end = k;
  while (end < tokens.length) {
    const token = tokens[end];
    if ((isCodeLike(token) && !CONJUNCTIONS.has(token.key)) || STANDALONE_UNITS.has(token.key)) {
      end += 1;
    } else if (isUnitWithValue(tokens, end)) {
      end += 2;
    } else {
      break;
    }
  }
  return end;
}

/** A postal code written into a line after "C.P." or "código postal"; the label is dropped. */
export function matchPostal(tokens: Token[], i: number): Match | undefined {
  const key = tokens[i].key;
  const labelLength = POSTAL_LABELS.has(key)
    ? 1
    : (key === "c" && tokens[i + 1]?.key === "p") || (key === "codigo" && tokens[i + 1]?.key === "postal")
      ? 2
      : 0;
  const value = tokens[i + labelLength];
  if (labelLength === 0 || !value || !/^\d{4,5}$/.test(value.key)) return undefined;
  return { kind: "postal", tokens: [value], end: i + labelLength + 1 };
}

/** Directions to the door after "Ref." or "Referencia", label kept, to the end of the part. */
export function matchReference(tokens: Token[], i: number): Match | undefined {
  if (!REFERENCE_LABELS.has(tokens[i].key) || i + 1 >= tokens.length) return undefined;
  return { kind: "reference", tokens: tokens.slice(i), end: tokens.length };
}
