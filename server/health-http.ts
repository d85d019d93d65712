// /healthz and /readyz, answered before anything else (also while the process shuts down and in a
// worker-only process). /healthz: the process is alive — for a liveness probe, which must not
// restart every container while PostgreSQL is away. /readyz: this process should get traffic —
// not shutting down, the database answers with every migration of this version applied, and the
// job worker (when this process runs one) is alive. A load balancer's health check uses /readyz.
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import type { ReadinessReport } from "../app/http/health.server";

/** The migrations this version ships (the folders under prisma/migrations). */
export function shippedMigrations(projectRoot: string): string[] {
  const dir = path.join(projectRoot, "prisma/migrations");
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export function healthEndpoints(opts: {
  version: string;
  role: string;
  migrations: readonly string[];
  stopping(): boolean;
  database(migrations: readonly string[]): Promise<ReadinessReport>;
  /** Undefined when this process runs no job worker (PROCESS_ROLE=web). */
  worker?: () => boolean;
}): (req: http.IncomingMessage, res: http.ServerResponse) => boolean {
  // Once every shipped migration is applied it stays applied: later checks only ping.
  let migrated = false;
  const send = (res: http.ServerResponse, status: number, body: object) => {
    res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify(body));
  };

  async function ready(res: http.ServerResponse) {
    if (opts.stopping()) return send(res, 503, { status: "stopping", version: opts.version });
    const database = await opts.database(migrated ? [] : opts.migrations);
    if (database.migrations === "ok") migrated = true;
    const worker = opts.worker ? (opts.worker() ? "ok" : "down") : "off";
    // A shutdown that began while the database answered still reads as "stopping".
    if (opts.stopping()) return send(res, 503, { status: "stopping", version: opts.version });
    const ok = database.database === "ok" && database.migrations === "ok" && worker !== "down";
    send(res, ok ? 200 : 503, {
      status: ok ? "ok" : "error",
      version: opts.version,
      role: opts.role,
      ...database,
      worker,
    });
  }

  return (req, res) => {
    const url = req.url ?? "";
    const pathname = url.split("?")[0];
    if (pathname !== "/healthz" && pathname !== "/readyz") return false;
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET" }).end();
      return true;
    }
    if (pathname === "/healthz") send(res, 200, { status: "ok", version: opts.version, role: opts.role });
    else
      void ready(res).catch((error: unknown) =>
        send(res, 503, { status: "error", version: opts.version, error: String(error) }),
      );
    return true;
  };
}
