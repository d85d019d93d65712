// A benchmark's upstream, in its own process: the service sandbox (SANDBOX_LATENCY_MS added to
// every call) behind a thin counting proxy, so the bench can tell how many quotations the app
// really asked for. With BENCH_UPSTREAM_HANG=1 the proxy never answers a quotation (the service
// hanging); auth and everything else still pass through. POST /__bench/fail {"ratio": r} makes
// that share of quotations (seeded, so runs compare) fail with the service's 500 error body
// before they reach the sandbox: the service failing part of the time.
// Prints one JSON line {"url": …} once listening. GET /__bench/quotes → {"calls": n, "failed": n};
// GET /__bench/orders → {"refs": […]}: the tienda_orden_ref of every order the service accepted,
// one per acceptance (a reference twice is an order made twice).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { startServiceSandbox } from "../../sandbox/service/server";

const QUOTE_PATH = "/api/rest/services";
const ORDER_PATH = "/api/rest/orders";
const hang = process.env.BENCH_UPSTREAM_HANG === "1";
const sandbox = await startServiceSandbox({
  port: 0,
  apiKeys: (process.env.SANDBOX_API_KEYS ?? "sk_bench").split(","),
  latencyMs: Number(process.env.SANDBOX_LATENCY_MS ?? 0),
  initialStock: 1_000_000_000,
  // SANDBOX_COMPRESS=0 turns off gzip of answers of 1 KiB or more (on by default, as the live service).
  compress: process.env.SANDBOX_COMPRESS !== "0",
});
const target = new URL(sandbox.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
let calls = 0;
let failed = 0;
let failRatio = 0;
const orderRefs: string[] = [];
let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

const proxy = http.createServer((req, res) => {
  if (req.url === "/__bench/quotes") {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ calls, failed }));
    return;
  }
  if (req.url === "/__bench/orders") {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ refs: orderRefs }));
    return;
  }
  if (req.method === "POST" && req.url === "/__bench/fail") {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      failRatio = Number((JSON.parse(body || "{}") as { ratio?: number }).ratio ?? 0);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ratio: failRatio }));
    });
    return;
  }
  if (req.method === "POST" && req.url === QUOTE_PATH) {
    calls += 1;
    if (hang) return; // the client gives up on its own deadline; close() ends the socket
    if (failRatio > 0 && random() < failRatio) {
      failed += 1;
      req.resume();
      res
        .writeHead(500, { "content-type": "application/json" })
        .end(JSON.stringify({ error: "Internal server error (bench)", code: "unexpected", path: "$" }));
      return;
    }
  }
  const upstream = http.request(
    { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers, agent },
    (answer) => {
      if (req.method === "POST" && req.url === ORDER_PATH && (answer.statusCode ?? 0) < 300) {
        const ref = (JSON.parse(Buffer.concat(sent).toString() || "{}") as { tienda_orden_ref?: string })
          .tienda_orden_ref;
        orderRefs.push(ref ?? "?");
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => res.destroy());
  const sent: Buffer[] = [];
  if (req.method === "POST" && req.url === ORDER_PATH) req.on("data", (chunk: Buffer) => sent.push(chunk));
  req.pipe(upstream);
});
proxy.keepAliveTimeout = 60_000;
await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` })}\n`);

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    proxy.closeAllConnections();
    proxy.close();
    void sandbox.close().then(() => process.exit(0));
  });
