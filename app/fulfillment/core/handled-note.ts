// The merchant's note when marking a record handled (issue 33): required, and short enough for the
// order's timeline. Read by the action and by the page (its field's help names the limit).

/** The longest note the timeline keeps (what was done, with whom). */
export const HANDLED_NOTE_MAX = 500;

/** The note as kept (trimmed), or why it is refused, as an outcome code with its parameters. */
export function readHandledNote(
  raw: unknown,
): { ok: true; note: string } | { ok: false; code: "noteMissing" | "noteTooLong"; params: Record<string, string> } {
  const note = typeof raw === "string" ? raw.trim() : "";
  if (!note) return { ok: false, code: "noteMissing", params: {} };
  const length = [...note].length;
  if (length > HANDLED_NOTE_MAX)
    return { ok: false, code: "noteTooLong", params: { max: String(HANDLED_NOTE_MAX), length: String(length) } };
  return { ok: true, note };
}
