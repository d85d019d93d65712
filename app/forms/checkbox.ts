// A checkbox as a form posts it: ticked ("on"; "true" from a hidden input) or not (absent, "",
// "false"). Any other value is no answer at all — a form refuses it rather than reading it as
// unticked, so a tampered value never silently turns a setting off.

/** true or false for a checkbox's posted value; null for a value no checkbox posts. */
export function checkboxValue(value: string): boolean | null {
  if (value === "on" || value === "true") return true;
  if (value === "" || value === "false") return false;
  return null;
}
