const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Renders a property path the way the service reports locations: `$.productos[2].sku`. */
export function toJsonPath(segments: readonly PropertyKey[], root = "$"): string {
  let out = root;
  for (const segment of segments) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (typeof segment === "string" && IDENTIFIER.test(segment)) out += `.${segment}`;
    else out += `[${JSON.stringify(String(segment))}]`;
  }
  return out;
}
