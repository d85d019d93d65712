// A real Redis server (Debian's redis-server) for the tests of the shared rate cache: its own
// temporary directory, no persistence, on a free loopback port. Redis cannot listen on port 0, so
// a free port is picked and the start is retried if another process takes it first.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../server/database";

export const REDIS_SERVER = process.env.REDIS_SERVER ?? "/usr/bin/redis-server";

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server (SIGTERM, then SIGKILL after 10 s). */
  stop(): Promise<void>;
  /** Stops the server for good and removes its directory. */
  close(): Promise<void>;
  /** Starts it again on the same port (after `stop`). */
  restart(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections stay open but nothing is answered. */
  freeze(): void;
  thaw(): void;
}

function launch(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`redis-server was not ready within 30 s:\n${output}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`${REDIS_SERVER} could not be started (apt-get install redis-server): ${error.message}`));
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}) before it was ready:\n${output}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGCONT");
    child.kill("SIGTERM");
  });
}

export async function startRedisServer(): Promise<RedisServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-app-redis-"));
  let child: ChildProcess | undefined;
  let port = 0;
  for (let attempt = 1; !child; attempt++) {
    port = await freePort();
    try {
      child = await launch(port, dir);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  let current: ChildProcess = child;
  // A test process that ends without closing (a crash, a time-out) leaves no server behind.
  const killOnExit = () => current.kill("SIGKILL");
  process.once("exit", killOnExit);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      await stopChild(current);
    },
    async close() {
      process.off("exit", killOnExit);
      await stopChild(current);
      fs.rmSync(dir, { recursive: true, force: true });
    },
    async restart() {
      await stopChild(current);
      current = await launch(port, dir);
    },
    freeze() {
      current.kill("SIGSTOP");
    },
    thaw() {
      current.kill("SIGCONT");
    },
  };
}
