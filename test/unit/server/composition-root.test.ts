// The composition root stays the one place that builds the process's services (ADR 011, revised):
// no service locator comes back, nothing in app/ reads the environment or builds a service of its
// own, and no module keeps a lazily built instance or imports at run time to dodge a circle.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const COMPOSITION = "app/composition.server.ts";

function sources(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|tsx|mts)$/.test(file))
    .map((file) => path.join(dir, file).split(path.sep).join("/"));
}

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const appFiles = sources("app");
const everyFile = [...appFiles, ...sources("server"), ...sources("test"), ...sources("bench"), ...sources("scripts")];

/** `file:line` of each line of `files` that matches `pattern`. */
function where(
  files: string[],
  pattern: RegExp,
  skip: (file: string, text: string) => boolean = () => false,
  code: (line: string) => string = (line) => line,
) {
  const found: string[] = [];
  for (const file of files) {
    const text = read(file);
    if (skip(file, text)) continue;
    text.split("\n").forEach((line, i) => {
      if (pattern.test(code(line))) found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe("the composition root", () => {
  it("is what the servers build the services with", () => {
    expect(read(COMPOSITION)).toMatch(/export function createAppServices\(/);
    expect(read("server/index.ts")).toMatch(/createAppServices\(/);
    expect(read("server/index.ts")).toMatch(/getLoadContext: \(\) => \(\{ services \}\)/);
    expect(read("server/jobs-thread.ts")).toMatch(/createAppServices\(/);
    expect(read("server/dev.ts")).toMatch(/getLoadContext: \(\) => \(\{ services \}\)/);
  });

  it("has no service locator beside it (appContext, configureAppContext)", () => {
    const self = "test/unit/server/composition-root.test.ts";
    // Template strings are text, not calls (test/unit/architecture/routes.test.ts quotes old code).
    const calls = where(
      everyFile,
      /\b(appContext|configureAppContext|resetAppContext)\b/,
      (f) => f === self,
      (line) => line.replace(/`[^`]*`/g, "``"),
    );
    expect(calls).toEqual([]);
    expect(where(everyFile, /["']([~.]+\/)+context\.server["']/)).toEqual([]);
    expect(fs.existsSync(path.join(ROOT, "app/context.server.ts"))).toBe(false);
  });

  it("is the only module of app/ that builds the process's services", () => {
    const builders = [
      "createPrismaClient",
      "createShopify",
      "createRatesRuntime",
      "createNaiveRatesRuntime",
      "createSvcClientResolver",
      "createOfflineTokens",
      "createLogger",
    ];
    for (const name of builders) {
      const defines = new RegExp(`export (async )?function ${name}\\b`);
      const calls = where(
        appFiles,
        new RegExp(`\\b${name}\\(`),
        (file, text) => file === COMPOSITION || defines.test(text),
      );
      expect(calls, `${name} called outside ${COMPOSITION}`).toEqual([]);
    }
  });

  it("is where app/ gets its configuration: no module reads the environment itself", () => {
    const allowed = new Set(["app/env.server.ts"]);
    expect(where(appFiles, /\benv\(\)|\bparseEnv\(|process\.env\b/, (file) => allowed.has(file))).toEqual([]);
  });

  it("builds the logger at the level of the configuration it is given, not the environment's", { timeout: 60_000 }, async () => {
    const { createAppServices } = await import("~/composition.server");
    const { parseEnv } = await import("~/env.server");
    const config = { ...parseEnv(), LOG_LEVEL: "debug" as const };
    const services = createAppServices(config, { db: {} as never, shopify: {} as never });
    expect(process.env.LOG_LEVEL).not.toBe("debug");
    expect(services.logger.level).toBe("debug");
  });

  it("leaves app/ without lazy singletons or run-time imports that dodge a circle", () => {
    expect(where(appFiles, /await import\(/)).toEqual([]);
    // A module-level `let x: T | undefined` filled on first use is the shape every one of them had.
    expect(where(appFiles, /^(let|var) \w+(: [^=]+)? \| undefined;/)).toEqual([]);
  });
});
