// The production image's contents, installed as the Dockerfile installs them (`npm ci --omit=dev`,
// no dev dependency, no TypeScript tooling), run as an unprivileged user: the release step
// migrates an empty PostgreSQL and `npm start` serves. The files copied are read from the
// Dockerfile itself, so the image and this test cannot drift apart.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../server/database";
import { appEnv, PROJECT_ROOT } from "../helpers/app-process";
import { createTestDatabase } from "../helpers/test-database";

interface Copy {
  from?: string;
  sources: string[];
  dest: string;
}

interface Stage {
  copies: Copy[];
  runs: string[];
  cmd?: string[];
}

/** The COPY, RUN and CMD instructions of each stage of the Dockerfile. */
function dockerfileStages(): Map<string, Stage> {
  const stages = new Map<string, Stage>();
  let current: Stage | undefined;
  const text = fs.readFileSync(path.join(PROJECT_ROOT, "Dockerfile"), "utf8").replace(/\\\n/g, " ");
  for (const line of text.split("\n").map((l) => l.trim())) {
    const from = /^FROM\s+\S+\s+AS\s+(\S+)/i.exec(line);
    if (from) stages.set(from[1], (current = { copies: [], runs: [] }));
    else if (current && /^COPY\s/i.test(line)) {
      const words = line.split(/\s+/).slice(1);
      const fromStage = words.find((w) => w.startsWith("--from="))?.slice("--from=".length);
      const paths = words.filter((w) => !w.startsWith("--"));
      current.copies.push({ from: fromStage, sources: paths.slice(0, -1), dest: paths.at(-1)! });
    } else if (current && /^RUN\s/i.test(line)) current.runs.push(line.slice(4));
    else if (current && /^CMD\s/i.test(line)) current.cmd = JSON.parse(line.slice(4)) as string[];
  }
  return stages;
}

function copyInto(root: string, copy: Copy, sourceRoot: string) {
  for (const source of copy.sources) {
    const from = path.join(sourceRoot, source);
    const to = copy.dest.endsWith("/") ? path.join(root, copy.dest, path.basename(source)) : path.join(root, copy.dest);
    fs.cpSync(from, copy.dest === "./" ? path.join(root, path.basename(source)) : to, { recursive: true });
  }
}

const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Runs a command to its end without blocking this thread (the test runner talks to it meanwhile). */
function run(
  command: string,
  args: string[],
  opts: { cwd: string; env: Record<string, string>; uid?: number },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: opts.cwd,
      env: opts.env as unknown as NodeJS.ProcessEnv,
      uid: opts.uid,
      gid: opts.uid,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

describe("the production image's install", () => {
  it("installs without dev dependencies, migrates as a release step and serves as an unprivileged user", async () => {
    const stages = dockerfileStages();
    const deps = stages.get("deps")!;
    const runtime = stages.get("runtime")!;
    expect(deps.runs.join(" ")).toContain("npm ci --omit=dev");

    // GIVEN the runtime stage's files: production dependencies installed from the lockfile…
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-prod-install-"));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    for (const copy of deps.copies) copyInto(dir, copy, PROJECT_ROOT);
    const install = await run("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline"], {
      cwd: dir,
      env: { PATH: process.env.PATH!, HOME: process.env.HOME! },
    });
    expect(install.status, install.stderr).toBe(0);
    for (const devOnly of ["vitest", "tsx", "esbuild", "vite", "@remix-run/dev"])
      expect(fs.existsSync(path.join(dir, "node_modules", devOnly)), devOnly).toBe(false);
    // …the build from the build stage and the sources the runtime stage copies
    for (const copy of runtime.copies) {
      if (copy.from === "build") copyInto(dir, { sources: ["build"], dest: "./build" }, PROJECT_ROOT);
      else if (!copy.from) copyInto(dir, copy, PROJECT_ROOT);
    }
    expect(fs.existsSync(path.join(dir, "build/start.js"))).toBe(true);

    // …owned by root and run as nobody, as USER node runs it: the app must not write to its folder
    const asRoot = process.getuid?.() === 0;
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "svc-prod-home-"));
    cleanups.push(() => fs.rmSync(home, { recursive: true, force: true }));
    expect((await run("chmod", ["-R", "a+rX", dir], { cwd: dir, env: {} })).status).toBe(0);
    if (asRoot) fs.chownSync(home, 65534, 65534);
    const uid = asRoot ? 65534 : undefined;

    const database = await createTestDatabase("prod");
    cleanups.push(database.drop);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
    await client.end();
    const env = appEnv({ HOME: home, NODE_ENV: "production", DATABASE_URL: database.url, MIGRATE_ON_START: "0" });

    // WHEN the release step runs THEN the empty database is migrated
    const migrate = await run("npm", ["run", "db:migrate"], { cwd: dir, env, uid });
    expect(migrate.status, `${migrate.stdout}\n${migrate.stderr}`).toBe(0);
    expect(migrate.stdout).toContain("migrations applied (DATABASE_URL)");

    // WHEN the image's command runs (Node 24 first on the PATH, as in the image) THEN it serves
    // /healthz and a page
    const port = await freePort();
    const [command, ...args] = runtime.cmd!;
    // What `npm start` runs, word for word (the heap flags included), without npm in between.
    const startScript = (
      JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { scripts: { start: string } }
    ).scripts.start;
    expect([command, ...args]).toEqual(startScript.split(" "));

    const child = spawn(command, args, {
      cwd: dir,
      env: {
        ...env,
        PORT: String(port),
        PATH: `${path.join(dir, "node_modules/.bin")}:${env.PATH}`,
      } as unknown as NodeJS.ProcessEnv,
      uid,
      gid: uid,
      stdio: "pipe",
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    cleanups.push(() => child.exitCode === null && child.kill("SIGKILL"));
    let health: Response | undefined;
    while (child.exitCode === null && !health?.ok) {
      health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
      if (!health?.ok) await new Promise((r) => setTimeout(r, 250));
    }
    expect(health?.status, output).toBe(200);
    expect(await health!.json()).toMatchObject({ status: "ok", role: "all" });
    let ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    // The job thread announces itself just after the server listens.
    while (ready.status === 503 && ((await ready.json()) as { worker?: string }).worker === "down")
      ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/auth/login`)).status).toBe(200);
    const nodeVersion = await run(path.join(dir, "node_modules/.bin/node"), ["--version"], { cwd: dir, env });
    expect(nodeVersion.stdout).toMatch(/^v24\./);

    // …and SIGTERM reaches the server, which ends cleanly
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("shutting down");
    expect(output).not.toMatch(/Unexpected Server Error|\n\s+at /);
  }, 600_000);
});
