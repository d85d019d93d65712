/**
 * The app's Shopify Flow extensions as the CLI would deploy them, read from
 * `extensions/*\/shopify.extension.toml`: each trigger's handle and fields (for the simulated
 * store's intake, so it accepts exactly what the TOML declares) and each action's runtime_url.
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";

export interface FlowExtension {
  folder: string;
  type: "flow_trigger" | "flow_action";
  handle: string;
  runtimeUrl?: string;
  fields: { type: string; key?: string; required?: boolean }[];
}

const ROOT = join(import.meta.dirname, "../extensions");

/** The TOML subset these files use: `key = "string" | true`, `[settings]` and `[[settings.fields]]`. */
function parse(folder: string, text: string): FlowExtension | null {
  const top: Record<string, string> = {};
  const fields: FlowExtension["fields"] = [];
  let section: "extension" | "settings" | "field" | "other" = "other";
  for (const raw of text.split("\n")) {
    const line = raw.replace(/#.*$/, "").trim();
    if (!line) continue;
    if (line === "[[extensions]]") section = "extension";
    else if (line === "[settings]") section = "settings";
    else if (line === "[[settings.fields]]") {
      section = "field";
      fields.push({ type: "" });
    } else if (line.startsWith("[")) section = "other";
    else {
      const match = /^([\w]+)\s*=\s*(?:"([^"]*)"|(true|false))$/.exec(line);
      if (!match) throw new Error(`${folder}: cannot read ${line}`);
      const value = match[2] ?? match[3]!;
      if (section === "extension") top[match[1]!] = value;
      if (section === "field") {
        const field = fields[fields.length - 1]!;
        if (match[1] === "required") field.required = value === "true";
        else (field as Record<string, unknown>)[match[1]!] = value;
      }
    }
  }
  if (top.type !== "flow_trigger" && top.type !== "flow_action") return null;
  return { folder, type: top.type, handle: top.handle!, runtimeUrl: top.runtime_url, fields };
}

export function flowExtensions(): FlowExtension[] {
  return readdirSync(ROOT)
    .map((folder) => ({ folder, file: join(ROOT, folder, "shopify.extension.toml") }))
    .filter(({ file }) => existsSync(file))
    .map(({ folder, file }) => parse(folder, readFileSync(file, "utf8")))
    .filter((e): e is FlowExtension => e !== null);
}

export const flowTriggerDefinitions = () =>
  flowExtensions()
    .filter((e) => e.type === "flow_trigger")
    .map((e) => ({ handle: e.handle, fields: e.fields }));
