// The property test's own readings, written from the documented rules rather than imported from
// the app, so a regression in the app's reader cannot agree with itself: what a typed number means,
// and what a page shows in each form control (read from the server-rendered HTML as a browser does).
import fc from "fast-check";

/** A number field as its help text documents it: decimals allowed, range in subunits, empty allowed. */
export interface ReferenceSpec {
  scale: 0 | 2;
  min: bigint;
  max: bigint;
  optional?: boolean;
}

/** What a typed number means: its value in subunits, null for an allowed empty field, or refused. */
export type Reading = { ok: true; value: bigint | null } | { ok: false };

const MINUS_SIGNS = /[\u2212\u2012\u2013\uFE63]/g;
// "1250.5", "1,250.50" (',' only between groups of three digits), with an optional sign.
const NUMBER = /^(-?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;

/**
 * The documented rules: '.' is the decimal point, ',' groups thousands by three, full-width
 * digits and signs fold (NFKC), '$' before and '%' or 'MXN' after are allowed, spaces around
 * them too; anything else is refused, as is a value out of range or with more decimals than
 * the field has (trailing zeros do not count).
 */
export function readTypedNumber(text: string, spec: ReferenceSpec): Reading {
  let clean = text.normalize("NFKC").replace(MINUS_SIGNS, "-").replace(/\s+/g, " ").trim();
  clean = clean
    .replace(/^(-?) ?\$ ?/, "$1")
    .replace(/ ?(%|mxn)$/i, "")
    .trim();
  if (clean === "") return spec.optional ? { ok: true, value: null } : { ok: false };
  const match = NUMBER.exec(clean);
  if (!match) return { ok: false };
  const [, sign, whole = "", fraction = ""] = match;
  const decimals = fraction.replace(/0+$/, "");
  if (decimals.length > spec.scale) return { ok: false };
  const unit = 10n ** BigInt(spec.scale);
  const magnitude = BigInt(whole.replaceAll(",", "")) * unit + BigInt(decimals.padEnd(spec.scale, "0") || "0");
  const value = sign ? -magnitude : magnitude;
  if (value < spec.min || value > spec.max) return { ok: false };
  return { ok: true, value };
}

/** What a merchant (or a paste, or a tampered request) can put in a field. */
export const typedText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.integer().map(String),
  fc.integer({ min: -2_000, max: 200_000 }).map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.stringMatching(/^[-−]?[$]?[0-9０-９]{0,8}([.,．，][0-9]{0,4}){0,3}( ?(%|MXN))?$/),
  fc.stringMatching(/^ ?\$? ?[1-9][0-9]{0,2}(,[0-9]{3}){0,2}(\.[0-9]{1,3})? ?%?$/),
  fc.constantFrom(
    "20,50",
    "10,5",
    "1,250.50",
    "1,25",
    "12,345",
    "-100",
    "-1000",
    "９９",
    "１，２５０．５",
    "1e3",
    "0x10",
    " 7 ",
    "",
    "Infinity",
    "NaN",
    "$ 150",
    "150 MXN",
    "12.5 %",
    "−5",
    "0.001",
    "5.00",
    "\u00a0300\u00a0",
  ),
);

/** Text fields: names and descriptions, with the characters a paste brings (controls, long runs). */
export const typedName = fc.oneof(
  fc.string({ maxLength: 90 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.string({ unit: "grapheme", minLength: 75, maxLength: 210 }),
  fc.constantFrom(
    "",
    "  Exprés  ",
    "Envío «rápido» & <b>gratis</b>",
    "a\tb",
    "línea\nnueva",
    "nul\u0000",
    "😀".repeat(41),
  ),
);

/** A value for a select, radio or checkbox: an allowed one, or anything else a request can carry. */
export function choiceText(allowed: readonly string[]) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...allowed) },
    { weight: 1, arbitrary: fc.constantFrom(...allowed).map((v) => ` ${v} `) },
    { weight: 1, arbitrary: fc.constantFrom(...allowed).map((v) => v.toUpperCase()) },
    { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  );
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#")
      return String.fromCodePoint(Number(name[1] === "x" || name[1] === "X" ? `0${name.slice(1)}` : name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of tag.matchAll(/\s([a-zA-Z_:][-\w:.]*)(?:="([^"]*)")?/g)) {
    found[match[1]!.toLowerCase()] = decodeEntities(match[2] ?? "");
  }
  return found;
}

/** One form control as the browser shows it after parsing the page. */
export interface ShownControl {
  name: string;
  type: string;
  /** The value shown (a select's chosen option; for checkboxes and radios, their value). */
  value: string;
  /** Checkboxes and radios: whether they are ticked. */
  checked?: boolean;
}

/**
 * The controls of each `<form>` in a server-rendered page, in document order, as a browser shows
 * them: entities decoded, line breaks normalised as the HTML parser does, a text input's value
 * without line breaks (the browser strips them), a select's selected option or else its first.
 */
export function pageForms(html: string): ShownControl[][] {
  const source = html.replace(/\r\n?/g, "\n");
  const forms: ShownControl[][] = [];
  for (const form of source.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)) {
    const controls: ShownControl[] = [];
    const body = form[1]!;
    for (const m of body.matchAll(
      /<input\b[^>]*>|<textarea\b([^>]*)>([\s\S]*?)<\/textarea>|<select\b([^>]*)>([\s\S]*?)<\/select>/g,
    )) {
      const tag = m[0];
      if (tag.startsWith("<input")) {
        const a = attributes(tag.slice(6));
        if (!a.name) continue;
        const type = (a.type ?? "text").toLowerCase();
        const checkable = type === "checkbox" || type === "radio";
        const value = checkable
          ? (a.value ?? "on")
          : type === "hidden"
            ? (a.value ?? "")
            : (a.value ?? "").replace(/\n/g, "");
        controls.push({ name: a.name, type, value, ...(checkable ? { checked: "checked" in a } : {}) });
      } else if (tag.startsWith("<textarea")) {
        const a = attributes(m[1] ?? "");
        if (a.name) controls.push({ name: a.name, type: "textarea", value: decodeEntities(m[2]!).replace(/^\n/, "") });
      } else {
        const a = attributes(m[3] ?? "");
        if (!a.name) continue;
        const options = [...m[4]!.matchAll(/<option\b([^>]*)>([\s\S]*?)<\/option>/g)].map((o) => {
          const oa = attributes(o[1]!);
          return { value: oa.value ?? decodeEntities(o[2]!), selected: "selected" in oa };
        });
        const chosen = options.find((o) => o.selected) ?? options[0];
        controls.push({ name: a.name, type: "select", value: chosen?.value ?? "" });
      }
    }
    forms.push(controls);
  }
  return forms;
}

/** The form whose hidden `intent` is `intent` (or that has a control named `field`). */
export function formWith(html: string, has: { intent?: string; field?: string }): ShownControl[] {
  const form = pageForms(html).find((controls) =>
    controls.some((c) =>
      has.intent !== undefined ? c.name === "intent" && c.value === has.intent : c.name === has.field,
    ),
  );
  if (!form) throw new Error(`no form with ${JSON.stringify(has)} on the page`);
  return form;
}

/** What submitting `form` unchanged would send, as the browser builds it. */
export function submission(form: ShownControl[]): [string, string][] {
  return form.filter((c) => c.checked !== false).map((c) => [c.name, c.value]);
}

/** What the page shows in `name`: its text, a ticked box's value, or null for an unticked one. */
export function shown(form: ShownControl[], name: string): string | null {
  const controls = form.filter((c) => c.name === name);
  if (controls.length === 0) throw new Error(`the page has no control named ${name}`);
  const ticked = controls.filter((c) => c.checked !== false);
  return ticked.length ? ticked[0]!.value : null;
}

/** The form as the page would submit it, with `changes` typed over it (undefined: the field left out). */
export function edited(
  form: ShownControl[],
  changes: Record<string, string | string[] | undefined>,
): [string, string][] {
  const fields = submission(form).filter(([name]) => !(name in changes));
  for (const [name, value] of Object.entries(changes)) {
    for (const one of value === undefined ? [] : [value].flat()) fields.push([name, one]);
  }
  return fields;
}

/** Submitted fields by name (a name may repeat). */
export function grouped(fields: [string, string][]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const [name, value] of fields) map.set(name, [...(map.get(name) ?? []), value]);
  return map;
}
