import type { Chunk, ChunkKind } from "./chunks";
import { trimEndChars } from "./normalize";
import { isCodeLike, isNumberLike, isNumberSuffix, joinTokens, type Token } from "./tokens";
import type { AddressWarning, Destination } from "./types";
import { BUILDING_WORDS, CONJUNCTIONS, DIRECTIONS, LOT_WORDS, STREET_TYPES } from "./vocabulary";

/** The street part of a destination, plus any postal codes written into the address lines. */
export type StreetFields = Pick<Destination, "street" | "exteriorNumber" | "interiorNumber" | "neighborhood"> & {
  postalCodes: string[];
  warnings: AddressWarning[];
};

type Parts = {
  street: string[];
  exterior: string[];
  /** Building names and block/lot moved off the house number; first in the interior number. */
  building: string[];
  interior: string[];
  neighborhood: string[];
  reference: string[];
  warnings: AddressWarning[];
};

/**
 * Decides which chunk becomes which field. Labelled chunks go where their label says; the first
 * unlabelled chunk of line 1 is the street (failing that, usually the first of a later line); a
 * block and lot with no street is the street; every other unlabelled chunk is placed by a
 * documented guess (with a warning), so no text is ever dropped.
 */
export function toStreetFields(chunks: readonly Chunk[]): StreetFields {
  const textOf = (kind: ChunkKind) => chunks.filter((c) => c.kind === kind).map((c) => joinTokens(c.tokens));
  const exteriors = chunks.filter((c) => c.kind === "exterior");
  const parts: Parts = {
    street: [],
    exterior: exteriors.map((c) => joinTokens(c.tokens)),
    building: [],
    interior: textOf("interior"),
    neighborhood: textOf("neighborhood"),
    reference: textOf("reference"),
    warnings: [],
  };
  // Block and lot typed as free text give way to the street's own number; typed into the number
  // field they are the number the shopper chose.
  const lotsOnly = exteriors.length > 0 && exteriors.every((c) => isLot(c) && !c.inField);
  const texts = chunks.filter((c) => c.kind === "text");
  const primary = texts.find((c) => c.line === 1) ?? streetOnLaterLine(chunks, texts[0]);
  const { warnings } = parts;
  if (!primary && lotsOnly) {
    // A block-and-lot address with no street name: the block and lot are where the house is, so
    // they are the street, and the house has no number ("Mz 5 Lt 12", colonia on line 2).
    const lot = parts.exterior.join(" ");
    parts.exterior = [];
    parts.street.push([lot, ...textOf("cross")].join(" "));
    warnings.push({
      field: "street",
      code: "lotAsStreet",
      params: { lot },
      message: `no street name; sent the block and lot "${lot}" as the street`,
      original: lot,
    });
  } else {
    const street = takeHouseNumber(primary?.tokens ?? [], parts, lotsOnly);
    parts.street.push([street, ...textOf("cross")].filter(Boolean).join(" "));
  }
  placeLeftovers(
    texts.filter((c) => c !== primary),
    parts,
  );

  const street = parts.street.filter(Boolean).join(", ");
  if (street === "")
    warnings.push({
      field: "street",
      code: "noStreet",
      params: {},
      message: "no street name found in the address lines",
    });
  if (parts.exterior.length === 0) {
    const original = street ? { original: street } : {};
    warnings.push({
      field: "exteriorNumber",
      code: "noExteriorNumber",
      params: {},
      message: 'no exterior number found; sent "S/N"',
      ...original,
    });
  }
  if (parts.neighborhood.length === 0) {
    warnings.push({
      field: "neighborhood",
      code: "noColonia",
      params: {},
      message: "no colonia found; the service requires one",
    });
  }
  return {
    street,
    // A full stop after the number ends the sentence, not the number ("Juárez 100.").
    exteriorNumber: trimEndChars(parts.exterior.join(" "), ".,:;") || "S/N",
    interiorNumber: [parts.building.join(" "), parts.interior.join(" "), ...parts.reference].filter(Boolean).join(", "),
    neighborhood: parts.neighborhood.join(", "),
    postalCodes: textOf("postal"),
    warnings,
  };
}

function isLot(chunk: Chunk): boolean {
  return LOT_WORDS.has(chunk.tokens[0]?.key ?? "");
}

// Line 1 has no street text. Its street was typed on line 2 ("Col. Roma Norte" / "Durango 100"),
// unless line 1 holds a block and lot: such an address is complete without a street, so the
// unlabelled text beside it is the colonia ("Mz 5 Lt 12" / "Santa Cruz Meyehualco"), except when
// the colonia is labelled elsewhere or the text starts with a street type ("Calle Cedros").
function streetOnLaterLine(chunks: readonly Chunk[], first: Chunk | undefined): Chunk | undefined {
  if (!first) return undefined;
  const lotOnLine1 = chunks.some((c) => c.line === 1 && c.kind === "exterior" && isLot(c));
  const coloniaKnown = chunks.some((c) => c.kind === "neighborhood");
  const key = first.tokens[0].key;
  const startsStreet = STREET_TYPES.has(key) && !DIRECTIONS.has(key);
  return !lotOnLine1 || coloniaKnown || startsStreet ? first : undefined;
}

// Without a labelled number, the street's own trailing number is the house number. So it is when
// the only "number" is a block and lot: "Cerrada Olivo 8 Lote 4" is house 8 on lot 4, and the lot
// joins the interior reference. A building named after the number ("Lago Zurich 245 Edificio
// Frisco") is skipped to find the number and sent as the interior reference, with a warning.
function takeHouseNumber(street: Token[], parts: Parts, lotsOnly: boolean): string {
  if (parts.exterior.length > 0 && !lotsOnly) return joinTokens(street);
  const split = splitBeforeBuilding(street) ?? splitTrailingNumber(street) ?? splitLeadingNumber(street);
  if (!split) return joinTokens(street);
  parts.building.push(...parts.exterior);
  parts.exterior = [joinTokens(split.exterior)];
  if (split.building) {
    const guess = joinTokens(split.building);
    parts.building.unshift(guess);
    parts.warnings.push({
      field: "interiorNumber",
      code: "buildingAfterNumber",
      params: { text: guess },
      message: `took "${guess}" after the house number as a building's name; sent it in the interior reference`,
      original: guess,
    });
  }
  if (split.interior) {
    const guess = split.interior.text;
    parts.interior.push(guess);
    parts.warnings.push({
      field: "interiorNumber",
      code: "interiorAfterNumber",
      params: { text: guess },
      message: `took "${guess}" after the house number as the interior number`,
      original: guess,
    });
  }
  return joinTokens(split.street);
}

// Unlabelled text besides the street, in order of likelihood: a lone number on line 1 is the
// house number ("Río Lerma, 232"); a lone code on line 2 the interior; text starting with a
// building word a building's name ("Edificio Frisco"), sent first in the interior reference; the
// first other text the colonia (shoppers mostly type it unlabelled on line 2, or after a comma on
// line 1). Whatever is left stays in the street (line 1) or goes to the interior reference (lines
// 2 and 3).
function placeLeftovers(chunks: Chunk[], parts: Parts): void {
  const leftovers = chunks.map((c) => ({ text: joinTokens(c.tokens), line: c.line, tokens: c.tokens }));
  const take = (accept: (l: (typeof leftovers)[number]) => boolean) => {
    const index = leftovers.findIndex(accept);
    return index >= 0 ? leftovers.splice(index, 1)[0].text : undefined;
  };
  const single = (tokens: Token[], test: (t: Token) => boolean) => tokens.length === 1 && test(tokens[0]);
  const { warnings } = parts;

  const exterior =
    parts.exterior.length === 0 ? take((l) => l.line === 1 && single(l.tokens, isNumberLike)) : undefined;
  if (exterior) parts.exterior.push(exterior);

  const isCode = (t: Token) => isCodeLike(t) && !CONJUNCTIONS.has(t.key);
  const interior = parts.interior.length === 0 ? take((l) => l.line > 1 && single(l.tokens, isCode)) : undefined;
  if (interior) {
    parts.interior.push(interior);
    warnings.push({
      field: "interiorNumber",
      code: "interiorWithoutLabel",
      params: { text: interior },
      message: `no "Int." label; took "${interior}" as the interior number`,
      original: interior,
    });
  }

  for (let building = take(namesBuilding); building; building = take(namesBuilding)) {
    parts.building.push(building);
    warnings.push({
      field: "interiorNumber",
      code: "building",
      params: { text: building },
      message: `took "${building}" as a building's name; sent it in the interior reference`,
      original: building,
    });
  }

  const neighborhood = parts.neighborhood.length === 0 ? (take((l) => l.line > 1) ?? take(() => true)) : undefined;
  if (neighborhood) {
    parts.neighborhood.push(neighborhood);
    warnings.push({
      field: "neighborhood",
      code: "coloniaWithoutLabel",
      params: { text: neighborhood },
      message: `no "Col." label; took "${neighborhood}" as the colonia`,
      original: neighborhood,
    });
  }

  for (const { text, line } of leftovers) {
    if (line === 1) {
      parts.street.push(text);
      warnings.push({
        field: "street",
        code: "unclearKeptInStreet",
        params: { text },
        message: `could not tell what "${text}" is; kept it in the street`,
        original: text,
      });
    } else {
      parts.reference.push(text);
      warnings.push({
        field: "interiorNumber",
        code: "unclearAsInterior",
        params: { text },
        message: `could not tell what "${text}" is; sent it as the interior reference`,
        original: text,
      });
    }
  }
}

function namesBuilding({ tokens }: { tokens: Token[] }): boolean {
  return tokens.length > 1 && BUILDING_WORDS.has(tokens[0].key);
}

type TrailingNumber = { street: Token[]; exterior: Token[]; interior?: Token; building?: Token[] };

// "Lago Zurich 245 Edificio Frisco" → street "Lago Zurich", 245, building "Edificio Frisco": the
// first building word right after a street and its number starts the building's name.
function splitBeforeBuilding(tokens: Token[]): TrailingNumber | undefined {
  for (let k = 2; k < tokens.length; k++) {
    if (!BUILDING_WORDS.has(tokens[k].key)) continue;
    const numbered = isNumberLike(tokens[k - 1]) || (isNumberSuffix(tokens[k - 1]) && isNumberLike(tokens[k - 2]));
    const split = numbered ? splitTrailingNumber(tokens.slice(0, k)) : undefined;
    if (split) return { ...split, building: tokens.slice(k) };
  }
  return undefined;
}

// "Insurgentes Sur 1602" → 1602; "Hidalgo 23 B" → "23 B"; "Insurgentes Sur 1602 4" → 1602 and
// interior 4; "Padre Mier 1250 Pte." → 1250, and the direction stays with the street. A number
// right after a bare street type is the street's name ("Calle 60").
function splitTrailingNumber(tokens: Token[]): TrailingNumber | undefined {
  const n = tokens.length;
  const last = tokens[n - 1];
  if (DIRECTIONS.has(last?.key ?? "") && isNumberLike(tokens[n - 2]) && namesAStreet(tokens.slice(0, n - 2))) {
    return { street: [...tokens.slice(0, n - 2), last], exterior: [tokens[n - 2]] };
  }
  const hasSuffix = isNumberSuffix(last) && isNumberLike(tokens[n - 2]);
  const numberAt = hasSuffix ? n - 2 : n - 1;
  if (numberAt < 1 || !isNumberLike(tokens[numberAt]) || !namesAStreet(tokens.slice(0, numberAt))) return undefined;
  if (!hasSuffix && isNumberLike(tokens[numberAt - 1]) && namesAStreet(tokens.slice(0, numberAt - 1))) {
    return { street: tokens.slice(0, numberAt - 1), exterior: [tokens[numberAt - 1]], interior: tokens[numberAt] };
  }
  return { street: tokens.slice(0, numberAt), exterior: tokens.slice(numberAt) };
}

// "123 Calle Morelos" → 123 and street "Calle Morelos": the number written before the street, as
// in the United States. Not when the number starts the street's own name ("5 de Mayo",
// "2 Sur", "Calle 60" has no leading number), nor before a lone letter ("12 B Norte").
function splitLeadingNumber(tokens: Token[]): TrailingNumber | undefined {
  const [first, second] = tokens;
  if (tokens.length < 2 || !isNumberLike(first)) return undefined;
  if (NAME_AFTER_NUMBER.has(second.key) || DIRECTIONS.has(second.key) || isNumberSuffix(second)) return undefined;
  const street = tokens.slice(1);
  if (!namesAStreet(street)) return undefined;
  return { street, exterior: [first] };
}

/** Words after a number that make the number part of a street's name ("5 de Mayo", "1o. de Mayo"). */
const NAME_AFTER_NUMBER = new Set(["de", "del"]);

function namesAStreet(tokens: Token[]): boolean {
  return tokens.some((t) => !STREET_TYPES.has(t.key));
}
