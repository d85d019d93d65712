// The benchmarks' processes: the built app (`npm start`), the upstream (service sandbox behind a
// counting proxy) and the load generator, each its own child process.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { freePort } from "../../server/database";
import type { LoadResult, LoadSpec } from "./load";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");

const children: ChildProcess[] = [];
/** Ends every child this process started (by its own handle). */
export async function stopChildren(): Promise<void> {
  await Promise.all(
    children.splice(0).map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
          child.once("exit", () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill("SIGTERM");
        }),
    ),
  );
}

/** Builds the app unless build/start.js is there (BENCH_BUILD=1 forces a build). */
export function ensureBuilt(): void {
  if (fs.existsSync(path.join(ROOT, "build/start.js")) && process.env.BENCH_BUILD !== "1") return;
  console.log("building the app (npm run build)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error("npm run build failed");
}

/** Starts a bench/lib script and resolves with the first JSON line it prints. */
export async function startJsonChild<T>(script: string, env: Record<string, string>): Promise<T & { pid: number }> {
  const child = spawn(process.execPath, [TSX, path.join(ROOT, "bench/lib", script)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const value = await new Promise<T>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve(JSON.parse(line) as T);
    });
    child.once("exit", (code) => reject(new Error(`bench/lib/${script} exited (${code}) before it was ready`)));
  });
  return { ...value, pid: child.pid! };
}

/** Starts bench/lib/upstream.ts; resolves with its URL and a reader of its quotation count. */
export async function startUpstream(
  env: Record<string, string>,
): Promise<{ url: string; quotes(): Promise<number>; pid: number }> {
  const { url, pid } = await startJsonChild<{ url: string }>("upstream.ts", env);
  return {
    url,
    pid,
    quotes: async () => ((await (await fetch(`${url}/__bench/quotes`)).json()) as { calls: number }).calls,
  };
}

/** What `npm start` runs after `node` (the serving heap's flags, then build/start.js), from package.json. */
function startArgs(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } };
  return pkg.scripts.start
    .split(" ")
    .slice(1)
    .map((arg) => (arg.endsWith(".js") ? path.join(ROOT, arg) : arg));
}

/** An app process the bench started. */
export interface ServedApp {
  url: string;
  pid: number;
}

/** Starts the app as `npm start` does (its Node flags included) with `env`; resolves once /healthz answers. */
export async function startApp(env: Record<string, string>): Promise<ServedApp> {
  const port = await freePort();
  // BENCH_OTEL=1: the app traces (ADR 028), exporting to a sink in this process that only counts.
  const tracing = process.env.BENCH_OTEL === "1" ? { OTEL_EXPORTER_OTLP_ENDPOINT: await otlpSink() } : {};
  const child = spawn(process.execPath, startArgs(), {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...env,
      ...tracing,
      PORT: String(port),
    } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "inherit", "inherit"],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}) before it was healthy`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, pid: child.pid! };
    if (Date.now() > deadline) throw new Error("the app was not healthy within 120 s");
    await new Promise((r) => setTimeout(r, 250));
  }
}

let sink: Promise<string> | undefined;
/** Exported spans: OTLP/HTTP export requests (protobuf) and their bytes, received by otlpSink. */
export const otlpReceived = { requests: 0, bytes: 0 };

/** An OTLP/HTTP receiver that accepts and counts every export, as a collector on the same host would. */
function otlpSink(): Promise<string> {
  sink ??= new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      req.on("data", (chunk: Buffer) => (otlpReceived.bytes += chunk.length));
      req.on("end", () => {
        otlpReceived.requests++;
        res.writeHead(200, { "content-type": "application/x-protobuf" }).end();
      });
    });
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
    server.unref();
  });
  return sink;
}

/** Runs one load (bench/lib/load.ts) in its own process. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX, path.join(ROOT, "bench/lib/load.ts"), JSON.stringify(spec)], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.push(child);
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.once("exit", (code) => {
      children.splice(children.indexOf(child), 1);
      const line = out.trim().split("\n").at(-1);
      if (code !== 0 || !line) return reject(new Error(`the load generator exited with ${code}: ${out}`));
      resolve(JSON.parse(line) as LoadResult);
    });
  });
}

/** Resident memory of a process, in MiB (Linux). */
export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

export const BENCH_SECRET = "bench-api-secret";
export const BENCH_API_KEY = "sk_bench";
export const BENCH_ENCRYPTION_KEY = Buffer.alloc(32, 9).toString("base64");

/** The app's environment in a benchmark (also set in the bench's own process to seed through the app's modules). */
export function benchAppEnv(o: {
  databaseUrl: string;
  qa: string;
  production: string;
  scopes: string;
}): Record<string, string> {
  return {
    NODE_ENV: "production",
    DATABASE_URL: o.databaseUrl,
    SHOPIFY_API_KEY: "bench-api-key",
    SHOPIFY_API_SECRET: BENCH_SECRET,
    SHOPIFY_APP_URL: "https://bench.example.test",
    SCOPES: o.scopes,
    ENCRYPTION_KEY: BENCH_ENCRYPTION_KEY,
    SVC_QA_BASE_URL: o.qa,
    SVC_BASE_URL: o.production,
    ...(process.env.JOB_CONCURRENCY ? { JOB_CONCURRENCY: process.env.JOB_CONCURRENCY } : {}),
  };
}

/** Registers `skus` at the service (sandbox) as the catalogue sync would, with dimensions. */
export async function registerProducts(baseUrl: string, skus: readonly string[]): Promise<void> {
  const { createSvcClient, SvcTokenCache } = await import("../../app/svc");
  await createSvcClient({ baseUrl, apiKey: BENCH_API_KEY, tokenCache: new SvcTokenCache() }).createProducts({
    productos: skus.map((sku) => ({
      sku,
      upc: "",
      nombre: sku,
      dimension: { data: { peso: "450", ancho: "10", largo: "10", altura: "12", volumen: "1200" } },
    })),
  });
}
