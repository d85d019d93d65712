// The words of a catalogue reason (./reason-codes.ts) in the page's language, from
// `catalog.reasons` and the parts it is made of (where, each unreadable side, the other variants
// of a duplicate SKU, the service's error from `serviceErrors`). Pure: pages and tests call it.
import type { Translator } from "../i18n/locale";
import { SERVICE_ERROR_CODES, type ServiceErrorCode } from "../svc/error-codes";
import { dimensionProblems, type CatalogReason } from "./reason-codes";

type Words = Pick<Translator, "messages" | "format">;

export function catalogReasonWords(i18n: Words, message: CatalogReason | null | undefined): string | null {
  if (!message) return null;
  const m = i18n.messages.catalog;
  const params: Record<string, string> = { ...message.params };
  switch (message.code) {
    case "invalidDimensions":
      params.where = params.where === "product" ? m.reasonParts.product : m.reasonParts.variant;
      params.problems = dimensionProblems(message.params)
        .map((p) => i18n.format(m.dimensionProblems[p.problem], { metafield: p.metafield, detail: p.detail ?? "" }))
        .join("; ");
      break;
    case "duplicateSku":
      params.others = othersOf(message.params.others)
        .map((o) => i18n.format(o.registered ? m.reasonParts.otherRegistered : m.reasonParts.other, { name: o.name }))
        .join(", ");
      break;
    case "serviceError": {
      const code = message.params.error;
      const known = (SERVICE_ERROR_CODES as readonly string[]).includes(code ?? "");
      params.error = i18n.messages.serviceErrors[known ? (code as ServiceErrorCode) : "unexpected"];
      break;
    }
  }
  let words = i18n.format(m.reasons[message.code], params).replace(/\{\w+\}/g, "—");
  if (message.params.stillRegistered === "true") words = `${words} ${m.reasonParts.stillRegistered}`;
  return words;
}

/** duplicateSku's `others`: JSON text of [{ name, registered }]; anything else reads as no names. */
function othersOf(text: string | undefined): { name: string; registered: boolean }[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((o: unknown) =>
      o && typeof o === "object" && typeof (o as { name?: unknown }).name === "string"
        ? [{ name: (o as { name: string }).name, registered: (o as { registered?: unknown }).registered === true }]
        : [],
    );
  } catch {
    return [];
  }
}
