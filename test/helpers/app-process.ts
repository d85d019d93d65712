// Runs the built app (`node build/start.js`, what `npm start` runs) as a child process.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../../server/database";

export const PROJECT_ROOT = path.resolve(import.meta.dirname, "../..");
const START = path.join(PROJECT_ROOT, "build/start.js");

/** The configuration a real deployment would have, minus the database. */
export function appEnv(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    LOG_LEVEL: "info",
    SHOPIFY_API_KEY: "e2e-api-key",
    SHOPIFY_API_SECRET: "e2e-api-secret",
    SHOPIFY_APP_URL: "https://svc-app.example.test",
    SCOPES: process.env.SCOPES,
    ENCRYPTION_KEY: process.env.ENCRYPTION_KEY,
    SVC_BASE_URL: "http://127.0.0.1:4010",
    SVC_QA_BASE_URL: "http://127.0.0.1:4010",
    ...overrides,
  };
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

export interface AppProcess {
  url: string;
  child: ChildProcessWithoutNullStreams;
  output(): string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/** Starts the app in `cwd`; resolves once /readyz answers 200 (ready for traffic), rejects if it exits first. */
export async function startApp(opts: {
  env: Record<string, string>;
  cwd: string;
  timeoutMs?: number;
}): Promise<AppProcess> {
  const app = await spawnApp(opts);
  const deadline = Date.now() + (opts.timeoutMs ?? 90_000);
  let exitCode: number | null | undefined;
  void app.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the app exited (${exitCode}) before it was ready:\n${app.output()}`);
    const ok = await fetch(`${app.url}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return app;
    await new Promise((r) => setTimeout(r, 250));
  }
  await app.stop();
  throw new Error(`the app was not ready within the time limit:\n${app.output()}`);
}

/** Starts the app without waiting for it (for start-up failures). */
export async function spawnApp(opts: { env: Record<string, string>; cwd: string }): Promise<AppProcess> {
  if (!fs.existsSync(START)) throw new Error("build/start.js is missing: run `npm run build` first (npm test does)");
  const port = opts.env.PORT ? Number(opts.env.PORT) : await freePort();
  const child = spawn(process.execPath, [START], {
    cwd: opts.cwd,
    env: { ...opts.env, PORT: String(port) } as unknown as NodeJS.ProcessEnv,
    stdio: "pipe",
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
