/**
 * The app's Shopify Flow extensions as the CLI would deploy them, read from
 * `extensions/*\/shopify.extension.toml`: each trigger's handle and fields (for the simulated
 * store's intake, so it accepts exactly what the TOML declares), each action's runtime_url, and the
 * trigger lifecycle callback's url (where the store's Flow says which triggers a workflow uses).
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";

export interface FlowExtension {
  folder: string;
  type: "flow_trigger" | "flow_action" | "flow_trigger_lifecycle_callback";
  handle: string;
  name: string;
  runtimeUrl?: string;
  /** The lifecycle callback's URL (relative to the app's URL, as the CLI resolves it). */
  url?: string;
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
  if (top.type !== "flow_trigger" && top.type !== "flow_action" && top.type !== "flow_trigger_lifecycle_callback")
    return null;
  return { folder, type: top.type, handle: top.handle!, name: top.name!, runtimeUrl: top.runtime_url, url: top.url, fields };
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
    .map((e) => ({ handle: e.handle, name: e.name, fields: e.fields }));

/** The path Flow POSTs its trigger lifecycle callbacks to (the extension's relative url). */
export function flowLifecycleCallbackPath(): string {
  const callback = flowExtensions().find((e) => e.type === "flow_trigger_lifecycle_callback");
  if (!callback?.url) throw new Error("no flow_trigger_lifecycle_callback extension with a url");
  return callback.url;
}
