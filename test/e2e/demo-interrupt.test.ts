// Ctrl-C in a terminal sends SIGINT to the demo's whole process group (npm or tsx, the demo, the
// app, PostgreSQL), not to one process. Whenever it comes — while PostgreSQL has just started,
// while the app is up, or while the demo waits with --keep-running — the demo stops everything and
// removes its database directory, as the README says. Three times in a row, one per moment.
// And when only the app dies (a crash, a kill) while the demo waits, the demo says so and starts
// it again on the same port, so the printed admin URL keeps working.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../helpers/app-process";
import { MERCHANT_BROWSER } from "../helpers/browser";

/** Starts the demo in its own process group, as a terminal starts a command. */
function startDemo() {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/demo.ts", "--keep-running"], {
    cwd: PROJECT_ROOT,
    detached: true,
    env: { ...process.env, LOG_LEVEL: "warn", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk;
    for (const listener of listeners) listener();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    pid: child.pid!,
    output: () => output,
    exited,
    /** Resolves when the demo has printed a line matching the pattern (or fails when it exits first). */
    printed(pattern: RegExp): Promise<RegExpExecArray> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) {
            listeners.delete(check);
            resolve(match);
          }
        };
        listeners.add(check);
        check();
        void exited.then(() => reject(new Error(`the demo stopped before printing ${pattern}:\n${output}`)));
      });
    },
    /** Ctrl-C, as a terminal sends it: to every process of the group. */
    interruptGroup: () => process.kill(-child.pid!, "SIGINT"),
  };
}

/** Whether any process of the group is still alive (signal 0 only checks). */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

const MOMENTS: [moment: string, pattern: RegExp][] = [
  ["PostgreSQL has just started", /PostgreSQL\s+embedded/],
  ["the app answers", /app\s+http:\/\/127\.0\.0\.1:\d+\s+\(\/healthz ok\)/],
  ["the demo waits with --keep-running", /Still running \(Ctrl-C stops\)/],
];

let started: number[] = [];
afterEach(() => {
  // A failed try leaves nothing running for the next one.
  for (const pid of started) if (groupAlive(pid)) process.kill(-pid, "SIGKILL");
  started = [];
});

describe("Ctrl-C to the demo's process group", () => {
  for (const [moment, pattern] of MOMENTS) {
    it(`stops everything and removes the demo's database when ${moment}`, async () => {
      const demo = startDemo();
      started.push(demo.pid);
      const [, dataDir] = await demo.printed(/data in (\.data\/demo-postgres-\d+)/);
      const directory = path.join(PROJECT_ROOT, dataDir!);
      expect(fs.existsSync(directory)).toBe(true);
      await demo.printed(pattern);

      demo.interruptGroup();
      expect(await demo.exited, demo.output()).toBe(130);
      // Nothing of the group is left (the demo, the app, PostgreSQL), and then neither is its database.
      await expect.poll(() => groupAlive(demo.pid), { timeout: 60_000 }).toBe(false);
      expect(fs.existsSync(directory), `${directory} is still there:\n${demo.output()}`).toBe(false);
      expect(fs.existsSync(`${directory}.lock`), `${directory}.lock is still there`).toBe(false);
    }, 240_000);
  }
});

/** The demo's app process (build/start.js) in the demo's process group, read from /proc. */
function appPidIn(group: number): number | undefined {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid pgrp …: the fields after the command's closing parenthesis.
      const pgrp = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (pgrp === group && cmdline.includes("build/start.js")) return Number(entry);
    } catch {
      // The process ended while it was read.
    }
  }
  return undefined;
}

describe("the demo's app dies alone while the demo waits", () => {
  it("says so, starts it again on the same port, and the printed admin URL opens the app again", async () => {
    const demo = startDemo();
    started.push(demo.pid);
    const [, dataDir] = await demo.printed(/data in (\.data\/demo-postgres-\d+)/);
    const [, adminUrl] = await demo.printed(/^\s+(http:\/\/127\.0\.0\.1:\d+\/admin\/apps\/open\?\S+)$/m);
    const [, appUrl] = await demo.printed(/Still running \(Ctrl-C stops\): app (http:\/\/127\.0\.0\.1:\d+)/);
    const killed = appPidIn(demo.pid);
    expect(killed, demo.output()).toBeDefined();

    process.kill(killed!, "SIGKILL");
    await demo.printed(new RegExp(`The app \\(pid ${killed}\\) stopped on its own \\(SIGKILL\\)`));
    const [, back] = await demo.printed(/the app is back \(pid (\d+), \/healthz ok\)/);
    expect(Number(back)).not.toBe(killed);
    expect(appPidIn(demo.pid)).toBe(Number(back));
    expect((await fetch(`${appUrl}/healthz`)).status).toBe(200);
    // What the merchant opens: the admin's link, redirected to the app's page with a fresh ID token.
    const page = await fetch(adminUrl!, { headers: { "user-agent": MERCHANT_BROWSER } });
    expect(page.url.startsWith(`${appUrl}/app?`), page.url).toBe(true);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<ui-nav-menu");

    demo.interruptGroup();
    expect(await demo.exited, demo.output()).toBe(130);
    await expect.poll(() => groupAlive(demo.pid), { timeout: 60_000 }).toBe(false);
    expect(fs.existsSync(path.join(PROJECT_ROOT, dataDir!))).toBe(false);
  }, 300_000);
});
