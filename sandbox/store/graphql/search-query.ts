/**
 * The subset of Shopify's search syntax the app is likely to send: `field:value` terms joined by
 * spaces (all must match), a leading `-` to negate, comparisons for ids and dates
 * (`id:>123`, `updated_at:>=2026-01-01`), quoted values and bare words matched against text.
 */
type Comparator = ":" | ">" | ">=" | "<" | "<=";

export interface SearchTerm {
  field: string | null;
  comparator: Comparator;
  value: string;
  negated: boolean;
}

export function parseSearchQuery(query: string | null | undefined): SearchTerm[] {
  if (!query) return [];
  const tokens = query.match(/-?[\w.]+:(?:[<>]=?)?(?:"[^"]*"|'[^']*'|\S+)|"[^"]*"|'[^']*'|\S+/g) ?? [];
  return tokens
    .filter((token) => token !== "AND")
    .map((token) => {
      const negated = token.startsWith("-");
      const body = negated ? token.slice(1) : token;
      const match = /^([\w.]+):(>=|<=|>|<)?(.*)$/.exec(body);
      if (!match) return { field: null, comparator: ":", value: unquote(body), negated };
      return {
        field: match[1]!.toLowerCase(),
        comparator: (match[2] as Comparator | undefined) ?? ":",
        value: unquote(match[3]!),
        negated,
      };
    });
}

function unquote(value: string): string {
  return /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
}

export type FieldValue = string | number | boolean | null | undefined | Array<string | null>;

/** Answers whether a record matches every term; unknown fields match nothing, as on Shopify. */
export function matchesSearch(
  terms: SearchTerm[],
  fields: Record<string, () => FieldValue>,
  text: () => string,
): boolean {
  return terms.every((term) => {
    const hit = term.field === null ? textMatches(text(), term.value) : fieldMatches(term, fields);
    return term.negated ? !hit : hit;
  });
}

function textMatches(text: string, value: string): boolean {
  return text.toLowerCase().includes(value.replace(/\*$/, "").toLowerCase());
}

function fieldMatches(term: SearchTerm, fields: Record<string, () => FieldValue>): boolean {
  const read = fields[term.field!];
  if (!read) return false;
  const actual = read();
  if (Array.isArray(actual)) return actual.some((one) => compare(one, term));
  return compare(actual, term);
}

function compare(actual: string | number | boolean | null | undefined, term: SearchTerm): boolean {
  if (actual === null || actual === undefined) return term.value === "" || term.value === "null";
  if (term.comparator === ":") {
    const wanted = term.value.toLowerCase();
    const have = String(actual).toLowerCase();
    return wanted.endsWith("*") ? have.startsWith(wanted.slice(0, -1)) : have === wanted;
  }
  const left = typeof actual === "number" ? actual : Date.parse(String(actual));
  const right = typeof actual === "number" ? Number(term.value) : Date.parse(term.value);
  if (Number.isNaN(left) || Number.isNaN(right)) return false;
  switch (term.comparator) {
    case ">":
      return left > right;
    case ">=":
      return left >= right;
    case "<":
      return left < right;
    default:
      return left <= right;
  }
}
