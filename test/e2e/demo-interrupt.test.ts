// Ctrl-C in a terminal sends SIGINT to the demo's whole process group (tsx, the demo, the app and
// embedded PostgreSQL at once). Three times in a row — while PostgreSQL is starting, once it is up
// and while the demo waits with --keep-running — nothing of `.data/demo-postgres-<pid>` is left.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../helpers/app-process";

const DATA = path.join(PROJECT_ROOT, ".data");
const leftovers = () =>
  fs.existsSync(DATA) ? fs.readdirSync(DATA).filter((name) => name.startsWith("demo-postgres-")) : [];

/** Starts the demo in its own process group, sends the group SIGINT once `ready` is printed. */
function interruptDemo(ready: RegExp): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(PROJECT_ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/demo.ts", "--keep-running"],
      { cwd: PROJECT_ROOT, detached: true, env: { ...process.env, LOG_LEVEL: "warn", NODE_ENV: "production" } },
    );
    let output = "";
    let sent = false;
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (!sent && ready.test(output)) {
        sent = true;
        process.kill(-child.pid!, "SIGINT"); // the whole group, as a terminal does
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("Ctrl-C to the demo's process group", () => {
  it("leaves no demo-postgres data directory or lock behind, three times in a row", async () => {
    const before = leftovers();
    for (const ready of [/Starting the service sandbox/, /PostgreSQL\s+embedded/, /Still running/]) {
      const { output } = await interruptDemo(ready);
      expect(output, output.slice(-2000)).toMatch(ready);
      // Every process of the group is gone once the demo has exited; nothing new is left.
      expect(leftovers().filter((name) => !before.includes(name))).toEqual([]);
    }
  }, 300_000);
});
