import {
  exteriorValue,
  interiorValue,
  matchPostal,
  matchReference,
  unitValue,
  type ChunkKind,
  type Match,
} from "./label-values";
import { isCodeLike, isNumberLike, tokenizeLine, type Token } from "./tokens";
import {
  COLONIA_LABELS,
  COLONIA_TYPES,
  CROSS_BETWEEN,
  CROSS_CORNER,
  CROSS_X,
  EXTERIOR_LABELS,
  EXTERIOR_WORDS,
  INTERIOR_LABELS,
  KILOMETRE_WORDS,
  LOT_WORDS,
  NO_NUMBER,
  NUMBER_WORDS,
  STANDALONE_UNITS,
  STREET_TYPES,
  UNIT_WORDS,
} from "./vocabulary";

export type { ChunkKind } from "./label-values";

/**
 * A run of tokens of one kind from address line `line` (1, 2 or 3); labels are already gone.
 * `inField` marks text typed into one of Shopify's additional address fields (street number).
 */
export type Chunk = { kind: ChunkKind; tokens: Token[]; line: number; inField?: boolean };

type Segment = { tokens: Token[]; lastConjunction: number; startsStreet: boolean };
type Context = { previous: Token | undefined; atStart: boolean; shallow: boolean };

// A colonia or cross-street run ends where another part of the address is announced.
const ENDS_COLONIA = new Set<ChunkKind>(["exterior", "interior", "postal", "reference", "cross"]);
const ENDS_CROSS = new Set<ChunkKind>(["exterior", "interior", "postal", "reference", "neighborhood"]);

/**
 * Cuts an address line into chunks. Unlabelled runs get `fallback`, which is "text" for free
 * lines and the field's own kind for Shopify's structured sub-fields. Nothing but separators and
 * labels is left out of the chunks.
 */
export function chunkLine(text: string, line: number, fallback: ChunkKind = "text"): Chunk[] {
  const segments = tokenizeLine(text);
  const chunks: Chunk[] = [];
  for (let s = 0; s < segments.length; s++) {
    const tokens = segments[s];
    const segment: Segment = {
      tokens,
      lastConjunction: tokens.findLastIndex((t) => t.key === "y" || t.key === "e"),
      startsStreet: line === 1 && s === 0 && fallback === "text",
    };
    let pending: Token[] = [];
    let i = 0;
    while (i < tokens.length) {
      const context = { previous: pending.at(-1), atStart: pending.length === 0, shallow: false };
      const match = matchAt(segment, i, context);
      if (!match) {
        pending.push(tokens[i]);
        i += 1;
        continue;
      }
      if (pending.length > 0) chunks.push({ kind: fallback, tokens: pending, line });
      pending = [];
      if (match.kind === "reference") {
        // Directions run to the end of the line, commas included.
        chunks.push({ kind: "reference", tokens: withRestOfLine(match.tokens, segments.slice(s + 1)), line });
        return chunks;
      }
      chunks.push({ kind: match.kind, tokens: match.tokens, line });
      i = match.end;
    }
    if (pending.length > 0) chunks.push({ kind: fallback, tokens: pending, line });
  }
  return chunks;
}

function matchAt(segment: Segment, i: number, context: Context): Match | undefined {
  const { tokens } = segment;
  const token = tokens[i];
  const next = tokens[i + 1];
  const key = token.key;
  if (EXTERIOR_LABELS.has(key)) {
    if (next && INTERIOR_LABELS.has(next.key)) return interiorValue(tokens, i + 2);
    if (next && EXTERIOR_WORDS.has(next.key)) return exteriorValue(tokens, i + 2);
    return exteriorValue(tokens, i + 1);
  }
  if (EXTERIOR_WORDS.has(key)) return exteriorValue(tokens, i + 1);
  // After a street type these words name the street: "Circuito Interior", "Av. Colonia del Valle".
  const namesStreet = STREET_TYPES.has(context.previous?.key ?? "");
  if (INTERIOR_LABELS.has(key) && !namesStreet) return interiorValue(tokens, i + 1);
  if (UNIT_WORDS.has(key)) return unitValue(tokens, i);
  if (STANDALONE_UNITS.has(key)) return { kind: "interior", tokens: [token], end: i + 1 };
  if (LOT_WORDS.has(key) && isCodeLike(next)) return { kind: "exterior", tokens: [token, next], end: i + 2 };
  if (KILOMETRE_WORDS.has(key) && isNumberLike(next)) {
    return { kind: "exterior", tokens: [token, next], end: i + 2 };
  }
  if (NO_NUMBER.has(key)) return { kind: "exterior", tokens: [token], end: i + 1 };
  if (key === "sin" && next && NUMBER_WORDS.has(next.key)) {
    return { kind: "exterior", tokens: [token, next], end: i + 2 };
  }
  if (COLONIA_LABELS.has(key) && next && !namesStreet) {
    return run("neighborhood", segment, i + 1, i + 1, context.shallow);
  }
  if (COLONIA_TYPES.has(key) && next && startsColonia(segment, i, context)) {
    return run("neighborhood", segment, i, i + 1, context.shallow);
  }
  if (startsCross(segment, i, context)) return run("cross", segment, i, i + 1, context.shallow);
  return matchPostal(tokens, i) ?? matchReference(tokens, i);
}

function startsColonia(segment: Segment, i: number, context: Context): boolean {
  // A settlement word opens the colonia only where a colonia can start: not as the first word of
  // the street, and only at a part's start or right after the house number ("Hidalgo 23 Barrio
  // San Juan", but "Av. Residencial Chapultepec 100" is a street).
  if (segment.startsStreet && i === 0) return false;
  return context.atStart || isNumberLike(context.previous);
}

function startsCross(segment: Segment, i: number, context: Context): boolean {
  const key = segment.tokens[i].key;
  const next = segment.tokens[i + 1];
  if (!next) return false;
  if (CROSS_BETWEEN.has(key)) return segment.lastConjunction > i + 1;
  if (CROSS_CORNER.has(key)) return true;
  if (key !== CROSS_X || STREET_TYPES.has(context.previous?.key ?? "")) return false;
  return isNumberLike(next) || STREET_TYPES.has(next.key) || segment.lastConjunction > i + 1;
}

// Takes tokens from `from` up to where another part starts; `valueFrom` is the first token that
// is always part of the value, so "Col. 5 de Mayo" keeps its "5".
function run(kind: ChunkKind, segment: Segment, from: number, valueFrom: number, shallow: boolean): Match {
  const { tokens } = segment;
  if (shallow) return { kind, tokens: [], end: valueFrom };
  const stops = kind === "neighborhood" ? ENDS_COLONIA : ENDS_CROSS;
  let end = valueFrom + 1;
  while (end < tokens.length) {
    const inner = matchAt(segment, end, { previous: tokens[end - 1], atStart: false, shallow: true });
    if (inner && stops.has(inner.kind)) break;
    end += 1;
  }
  return { kind, tokens: tokens.slice(from, end), end };
}

function withRestOfLine(tokens: Token[], rest: Token[][]): Token[] {
  const all = [...tokens];
  for (const segment of rest) {
    const last = all[all.length - 1];
    all[all.length - 1] = { ...last, text: `${last.text},` };
    all.push(...segment);
  }
  return all;
}
