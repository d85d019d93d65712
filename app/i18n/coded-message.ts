// The engine writes its reasons and warnings as sentences (logs, support, the timeline's record);
// pages and the order-page block recognise each sentence as a code and the parameters its named
// groups catch, and word it in the merchant's language.

export interface CodedMessage<C extends string> {
  code: C;
  params: Record<string, string>;
}

/** The first pattern (anchored, so a sentence is read whole) that matches `text`, as its code and parameters. */
export function matchCodedMessage<C extends string>(
  patterns: ReadonlyArray<readonly [C, RegExp]>,
  text: string | null | undefined,
): CodedMessage<C> | null {
  if (!text) return null;
  for (const [code, pattern] of patterns) {
    const match = pattern.exec(text);
    if (match) {
      const params: Record<string, string> = {};
      for (const [name, value] of Object.entries(match.groups ?? {})) params[name] = value ?? "";
      return { code, params };
    }
  }
  return null;
}
