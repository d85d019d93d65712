/**
 * What a merchant must never read on an admin page or in the order-page block: a Shopify GID, raw
 * JSON, an exception's class name, an untranslated code of the app or the service, or a sentence
 * in the other language. `merchantTextLeaks` checks the text of one page (its visible text and the
 * attributes a merchant meets: title, aria-label, placeholder, alt) in the page's language and
 * answers each offending line with what is wrong. test/unit/i18n/merchant-text.test.ts feeds it
 * offending and clean samples; test/e2e/page-walk.test.ts walks every page with it.
 */

export type Locale = "es" | "en";

export interface Leak {
  kind: "gid" | "json" | "exception" | "code" | "otherLanguage";
  /** What matched: the GID, the code, the class name or the other language's word. */
  match: string;
  /** The whole line it was found in, as the merchant reads it. */
  line: string;
}

/** The codes the app and the service use that have words of their own in the catalogues. */
const BARE_CODES = [
  // The service's shipping services and its order statuses.
  "NACIONAL",
  "PROGRAMADO",
  "WAITING",
  "PICK",
  "PACK",
  "DELIVERED",
  // The service's error codes.
  /SHP-\d{3}/,
  /SVC-\d{3}/,
] as const;

/** Words that only the other language's sentences use (lowercase, accents as written). */
const MARKERS: Record<Locale, ReadonlySet<string>> = {
  // Marks Spanish in an English page.
  en: new Set([
    "pedido",
    "pedidos",
    "envío",
    "envíos",
    "enviado",
    "enviar",
    "almacén",
    "requiere",
    "configuración",
    "catálogo",
    "tarifas",
    "inicio",
    "privacidad",
    "reintentar",
    "cancelado",
    "entregado",
    "servicio",
    "dirección",
    "según",
    "también",
    "está",
    "están",
    "todavía",
    "porque",
    "para",
    "los",
    "las",
    "del",
    "una",
    "que",
    "sin",
    "con",
    "por",
    "cuando",
  ]),
  // Marks English in a Spanish page.
  es: new Set([
    "the",
    "and",
    "of",
    "is",
    "was",
    "with",
    "from",
    "order",
    "orders",
    "shipping",
    "shipped",
    "failed",
    "warehouse",
    "retry",
    "cannot",
    "please",
    "received",
    "settings",
    "catalogue",
    "attempt",
    "attempts",
    "service",
    "name",
    "not",
    "found",
    "missing",
    "invalid",
    "required",
  ]),
};

const GID = /gid:\/\/\S+/;
const JSON_TEXT = /\{"|":/;
// A class name ending in Error or Exception (TypeError, SvcConflictError); the word «Error» alone is English.
const EXCEPTION = /\b[A-Za-z]\w*(?:Error|Exception)\b|\bException\b/;
// IN_TRANSIT, READY_TO_GO, needs_attention, in_progress: codes with underscores, either case.
const SNAKE = /\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b/;
// noWeight, cancelledInShopify: a lowercase word with a capital inside.
const CAMEL = /\b[a-z]+[A-Z][A-Za-z]*\b/;
// orders/paid, fulfillment_orders/split: a Shopify webhook topic («y/o» is Spanish).
const TOPIC = /\b[a-z]{3,}(?:_[a-z]+)*\/[a-z]{3,}(?:_[a-z]+)*\b/;
const WORD = /[\p{L}]+/gu;

/**
 * Every leak in `text` for a page in `locale`. `allow` lists phrases that are the merchant's own
 * data or proper names (a product's title in Spanish, a brand, a metafield's key): they are taken
 * out before checking.
 */
export function merchantTextLeaks(text: string, locale: Locale, allow: readonly string[] = []): Leak[] {
  const leaks: Leak[] = [];
  const phrases = [...allow].sort((a, b) => b.length - a.length);
  for (const raw of text.split(/\n+/)) {
    const line = raw.trim();
    if (!line) continue;
    let checked = line;
    for (const phrase of phrases) checked = checked.split(phrase).join(" ");
    const add = (kind: Leak["kind"], match: string) => leaks.push({ kind, match, line });
    const gid = GID.exec(checked);
    if (gid) add("gid", gid[0]);
    const json = JSON_TEXT.exec(checked);
    if (json) add("json", json[0]);
    const exception = EXCEPTION.exec(checked);
    if (exception) add("exception", exception[0]);
    // A GID or a URL is reported as such, not again for its parts.
    const words = checked.replace(/\b(?:gid|https?):\/\/\S+/g, " ");
    for (const pattern of [SNAKE, CAMEL, TOPIC]) {
      const code = pattern.exec(words);
      if (code) add("code", code[0]);
    }
    for (const code of BARE_CODES) {
      const found = typeof code === "string" ? new RegExp(`\\b${code}\\b`).exec(words) : code.exec(words);
      if (found) add("code", found[0]);
    }
    const marker = (words.match(WORD) ?? []).find((word) => MARKERS[locale].has(word.toLowerCase()));
    if (marker) add("otherLanguage", marker);
  }
  return leaks;
}

/** The leaks as lines a failing test prints: where, in which language, what and in which line. */
export function describeLeaks(where: string, locale: Locale, leaks: readonly Leak[]): string[] {
  return leaks.map((leak) => `${where} [${locale}] ${leak.kind} «${leak.match}» in: ${leak.line}`);
}
