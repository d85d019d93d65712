// GET /metrics (Prometheus), answered before Express like /healthz and /readyz, in every process
// role. Protected by a bearer token (METRICS_TOKEN): unset, /metrics does not exist (404); a
// missing or wrong token is a 401. The serving thread's metrics are summed with the job thread's,
// asked for through the thread protocol (app/metrics.server.ts says which thread counts what).
import { createHash, timingSafeEqual } from "node:crypto";
import type http from "node:http";
import type { MetricsSnapshot } from "./jobs-thread-protocol";

/** How long a scrape waits for the job thread's metrics before answering without them. */
const JOBS_THREAD_WAIT_MS = 2_000;

export function metricsEndpoint(opts: {
  token: string | undefined;
  render(others: MetricsSnapshot[]): Promise<{ contentType: string; body: string }>;
  /** The job thread's metrics, when this process runs one. */
  jobsThread?: (timeoutMs: number) => Promise<MetricsSnapshot | undefined>;
  onError(error: unknown): void;
}): (req: http.IncomingMessage, res: http.ServerResponse) => boolean {
  // Compared as digests: equal lengths, and the time taken says nothing about the token.
  const expected = opts.token ? digest(`Bearer ${opts.token}`) : undefined;

  async function answer(res: http.ServerResponse) {
    const jobs = await opts.jobsThread?.(JOBS_THREAD_WAIT_MS);
    const { contentType, body } = await opts.render(jobs ? [jobs] : []);
    res.writeHead(200, { "content-type": contentType, "cache-control": "no-store" }).end(body);
  }

  return (req, res) => {
    const url = req.url ?? "";
    const query = url.indexOf("?");
    if ((query === -1 ? url : url.slice(0, query)) !== "/metrics") return false;
    if (!expected) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
      return true;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET" }).end();
      return true;
    }
    if (!timingSafeEqual(digest(req.headers.authorization ?? ""), expected)) {
      res
        .writeHead(401, { "content-type": "application/json", "www-authenticate": 'Bearer realm="metrics"' })
        .end('{"error":"a valid bearer token is required"}');
      return true;
    }
    void answer(res).catch((error: unknown) => {
      opts.onError(error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end();
    });
    return true;
  };
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}
