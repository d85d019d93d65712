// Debian's PostgreSQL, PgBouncer and HAProxy as real servers for the scale level, each in a
// temporary directory on a free port (`.ci/run` installs the packages: postgresql, pgbouncer,
// haproxy). PostgreSQL and PgBouncer refuse to run as root: then they run as Debian's `postgres`
// user (setpriv execs in place, so a signal to the child reaches the server itself).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../../../server/database";

export interface DebianServer {
  url: string;
  port: number;
  output(): string;
  stop(): Promise<void>;
}

/** A binary at Debian's location; `/usr/lib/postgresql/<version>/bin/<name>` takes the newest version. */
export function debianBinary(name: "postgres" | "initdb" | "pgbouncer" | "haproxy"): string {
  if (name === "pgbouncer" || name === "haproxy") {
    const found = `/usr/sbin/${name}`;
    if (!fs.existsSync(found)) throw new Error(`${found} is missing: install Debian's ${name} package (.ci/run does)`);
    return found;
  }
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, "bin", name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0])
    throw new Error(`no ${root}/<version>/bin/${name}: install Debian's postgresql package (.ci/run does)`);
  return path.join(root, versions[0], "bin", name);
}

const asRoot = process.getuid?.() === 0;

/** A directory the servers' user owns. */
function serverDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (asRoot) {
    const { uid, gid } = postgresUser();
    fs.chownSync(dir, uid, gid);
  }
  return dir;
}

function postgresUser(): { uid: number; gid: number } {
  const line = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith("postgres:"));
  if (!line) throw new Error("running as root needs Debian's postgres user (the postgresql package creates it)");
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

/** Spawns `binary` as the servers' user (postgres when root); its output is kept for failure messages. */
function spawnServer(binary: string, args: string[], cwd: string): { child: ChildProcess; output(): string } {
  const [command, commandArgs]: [string, string[]] = asRoot
    ? ["setpriv", ["--reuid=postgres", "--regid=postgres", "--init-groups", "--", binary, ...args]]
    : [binary, args];
  const env = { PATH: process.env.PATH } as unknown as NodeJS.ProcessEnv;
  const child = spawn(command, commandArgs, { cwd, stdio: ["ignore", "pipe", "pipe"], env });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  return { child, output: () => output };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  await exited(child);
}

/** Polls `probe` until it resolves true; fails with `describe()` when the child exits or time runs out. */
async function until(
  what: string,
  child: ChildProcess,
  output: () => string,
  probe: () => Promise<boolean>,
  ms = 60_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`);
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  await stopChild(child, "SIGKILL");
  throw new Error(`${what} was not ready within ${ms} ms:\n${output()}`);
}

async function run(binary: string, args: string[], cwd: string): Promise<void> {
  const { child, output } = spawnServer(binary, args, cwd);
  const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
  if (code !== 0) throw new Error(`${path.basename(binary)} failed (${code}):\n${output()}`);
}

/** Debian's PostgreSQL server on a fresh cluster (trust authentication on 127.0.0.1, user postgres). */
export async function startPostgresServer(opts: { maxConnections?: number } = {}): Promise<DebianServer> {
  const dir = serverDir("svc-scale-pg-");
  const data = path.join(dir, "data");
  await run(debianBinary("initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"], dir);
  const port = await freePort();
  const { child, output } = spawnServer(
    debianBinary("postgres"),
    [
      "-D",
      data,
      "-p",
      String(port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      `unix_socket_directories=${dir}`,
      "-c",
      `max_connections=${opts.maxConnections ?? 150}`,
      // A test cluster: durability is not what is measured.
      "-c",
      "fsync=off",
      "-c",
      "synchronous_commit=off",
      "-c",
      "full_page_writes=off",
    ],
    dir,
  );
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  await until("PostgreSQL", child, output, async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.end();
    return true;
  });
  return {
    url,
    port,
    output,
    async stop() {
      // Fast shutdown: disconnects clients and stops.
      await stopChild(child, "SIGINT");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * PgBouncer in transaction mode in front of `postgres` (every database, as user postgres), with the
 * settings docs/operations.md gives for the app.
 */
export async function startPgBouncer(
  postgres: { port: number },
  opts: { poolSize?: number } = {},
): Promise<DebianServer> {
  const dir = serverDir("svc-scale-pgbouncer-");
  const port = await freePort();
  const config = path.join(dir, "pgbouncer.ini");
  fs.writeFileSync(
    config,
    [
      "[databases]",
      `* = host=127.0.0.1 port=${postgres.port} user=postgres`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = any",
      "pool_mode = transaction",
      `default_pool_size = ${opts.poolSize ?? 20}`,
      "max_client_conn = 500",
      "server_reset_query =",
      "ignore_startup_parameters = extra_float_digits",
      "admin_users = postgres",
      "",
    ].join("\n"),
  );
  if (asRoot) fs.chownSync(config, postgresUser().uid, postgresUser().gid);
  const { child, output } = spawnServer(debianBinary("pgbouncer"), [config], dir);
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  await until("PgBouncer", child, output, async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("SELECT 1");
    await client.end();
    return true;
  });
  return {
    url,
    port,
    output,
    async stop() {
      await stopChild(child, "SIGINT");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface HaproxyServer extends DebianServer {
  /** Each backend server's state as HAProxy's health checks see it (UP, DOWN, MAINT…), by name. */
  backendStates(): Promise<Record<string, string>>;
}

/**
 * HAProxy round robin over `backends`, each health-checked on GET /readyz every 300 ms (out after
 * 2 failures, back after 2 successes). A request whose server refuses the connection, closes it
 * without answering or answers 503 goes once more, to another server (the operator's settings in
 * docs/operations.md).
 */
export async function startHaproxy(backends: { name: string; port: number }[]): Promise<HaproxyServer> {
  const dir = serverDir("svc-scale-haproxy-");
  const port = await freePort();
  const statsPort = await freePort();
  const config = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(
    config,
    [
      "global",
      "  maxconn 2000",
      "defaults",
      "  mode http",
      "  option httplog",
      "  timeout connect 2s",
      "  timeout client 30s",
      "  timeout server 30s",
      "  timeout http-keep-alive 2s",
      "  retries 3",
      "  option redispatch 1",
      "  retry-on conn-failure empty-response 503",
      "  option http-buffer-request",
      "frontend app",
      `  bind 127.0.0.1:${port}`,
      "  default_backend instances",
      "backend instances",
      "  balance roundrobin",
      "  option httpchk GET /readyz",
      "  http-check expect status 200",
      "  default-server inter 300ms fall 2 rise 2",
      ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`),
      "listen stats",
      `  bind 127.0.0.1:${statsPort}`,
      "  stats enable",
      "  stats uri /stats",
      "",
    ].join("\n"),
  );
  const { child, output } = spawnServer(debianBinary("haproxy"), ["-f", config, "-db"], dir);
  const statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`;
  const backendStates = async () => {
    const csv = await (await fetch(statsUrl)).text();
    const states: Record<string, string> = {};
    for (const line of csv.split("\n")) {
      const [proxy, server, ...rest] = line.split(",");
      if (proxy === "instances" && server && server !== "BACKEND" && server !== "FRONTEND") states[server] = rest[15]!;
    }
    return states;
  };
  await until("HAProxy", child, output, async () => (await fetch(statsUrl)).ok);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    output,
    backendStates,
    async stop() {
      await stopChild(child, "SIGTERM");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
