// Control characters (C0 and DEL) in what a merchant typed or put in a URL: none is anything a
// merchant can see, no SKU or name holds one, and a NUL byte makes PostgreSQL refuse the query.

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_TAB = /[\u0000-\u0008\u000a-\u001f\u007f]/g;

/** `text` without its control characters (tabs kept with `keepTabs`). */
export function withoutControlCharacters(text: string, opts: { keepTabs?: boolean } = {}): string {
  return text.replace(opts.keepTabs ? CONTROL_BUT_TAB : CONTROL, "");
}

/** Whether `text` holds a control character. */
export function hasControlCharacters(text: string): boolean {
  return withoutControlCharacters(text).length !== text.length;
}
