// The load generator, in its own process: autocannon drives the app over HTTP and this script
// records every response's time (autocannon's histogram keeps whole milliseconds; these goals are
// about single ones). Spec (JSON, argv[2]) → one JSON line of results on stdout.
//   carts: "same" (one cart, repeated), "distinct" (cart start+i for request i), "mixed" (request i
//   asks cart start + i mod `distinct`, shuffled), or "quotation" (the quotation's JSON sent straight
//   to the service, with `bearer`).
//   rate: requests/s, open loop — request i is sent at start + i/rate whatever the answers do,
//   over a pool of keep-alive sockets (`connections` of them, more opened when all are busy);
//   without it, an autocannon closed loop (each connection sends its next request when the last
//   one is answered; with connections = amount, a burst). amount or durationS bounds it.
//   autocannon's own rate option is not used: it gives each connection a budget per second that
//   it spends back to back at the start of the second, so "1,000/s" arrives as bursts.
import fs from "node:fs";
import http from "node:http";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { cart, shopifyHmac } from "./carts";

export interface LoadSpec {
  url: string;
  path: string;
  carts: "same" | "distinct" | "mixed" | "quotation" | "file";
  /** With carts "file": a JSON file of [{ headers, body }], request i sends entry i. */
  file?: string;
  start?: number;
  distinct?: number;
  secret: string;
  shop: string;
  bearer?: string;
  connections: number;
  rate?: number;
  amount?: number;
  durationS?: number;
  timeoutS?: number;
}

export interface LoadResult {
  count: number;
  seconds: number;
  rps: number;
  statuses: Record<string, number>;
  errors: number;
  p50: number;
  p99: number;
  max: number;
  /** With carts "file": when request i was sent (epoch ms). */
  sentAt?: number[];
}

const spec = JSON.parse(process.argv[2] ?? "{}") as LoadSpec;
const start = spec.start ?? 0;
const distinct = spec.distinct ?? 100;
// The order of a "mixed" burst: each cart `amount / distinct` times, shuffled (fixed seed).
const order = Array.from({ length: spec.amount ?? 0 }, (_, i) => i % distinct);
let seed = 42;
for (let i = order.length - 1; i > 0; i--) {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  const j = seed % (i + 1);
  [order[i], order[j]] = [order[j]!, order[i]!];
}

const bodies = new Map<number, { body: string; headers: Record<string, string> }>();
const fromFile = spec.file
  ? (JSON.parse(fs.readFileSync(spec.file, "utf8")) as { body: string; headers: Record<string, string> }[])
  : [];
const sentAt: number[] = [];
function request(n: number) {
  if (spec.carts === "file") {
    sentAt[n] = Date.now();
    return fromFile[n % fromFile.length]!;
  }
  const index = spec.carts === "same" ? start : spec.carts === "mixed" ? start + order[n % order.length]! : start + n;
  let built = bodies.get(index);
  if (!built) {
    const c = cart(index);
    built =
      spec.carts === "quotation"
        ? // Gzip accepted, as the app's fetch does: the service compresses answers of 1 KiB or more.
          {
            body: c.quotation,
            headers: {
              "content-type": "application/json",
              "accept-encoding": "gzip, deflate",
              authorization: `Bearer ${spec.bearer}`,
            },
          }
        : {
            body: c.raw,
            headers: {
              "content-type": "application/json",
              "x-shopify-shop-domain": spec.shop,
              "x-shopify-hmac-sha256": shopifyHmac(c.raw, spec.secret),
            },
          };
    if (spec.carts === "same") bodies.set(index, built);
  }
  return built;
}

let sent = 0;
const times: number[] = [];
const statuses: Record<string, number> = {};

function finish(result: { duration: number; errors: number }) {
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.max(0, Math.ceil((p / 100) * times.length) - 1)] ?? Number.NaN;
  const out: LoadResult = {
    count: times.length,
    seconds: result.duration,
    rps: times.length / result.duration,
    statuses,
    errors: result.errors,
    p50: pct(50),
    p99: pct(99),
    max: times.at(-1) ?? Number.NaN,
    ...(spec.carts === "file" ? { sentAt } : {}),
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

/** Open loop: request i leaves at t0 + i × 1000/rate ms; its time runs from its send to its last byte. */
function openLoop(rate: number) {
  const target = new URL(spec.path, spec.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: spec.connections });
  const total = spec.amount ?? Math.round(rate * (spec.durationS ?? 5));
  const interval = 1000 / rate;
  // Open the pool first, so the first requests do not pay for connecting.
  const warm = Array.from(
    { length: spec.connections },
    () =>
      new Promise<void>((resolve) => {
        const req = http.request(
          { agent, host: target.hostname, port: target.port, path: "/healthz", method: "GET" },
          (res) => {
            res.resume();
            res.on("end", resolve);
          },
        );
        req.on("error", () => resolve());
        req.end();
      }),
  );
  let errors = 0;
  let done = 0;
  let index = 0;
  void Promise.all(warm).then(() => {
    const t0 = performance.now();
    const fire = () => {
      const { body, headers } = request(sent++);
      const began = performance.now();
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: "POST",
          headers: { ...headers, "content-length": Buffer.byteLength(body) },
          timeout: (spec.timeoutS ?? 30) * 1000,
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            times.push(performance.now() - began);
            statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
            settle();
          });
        },
      );
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", () => {
        errors++;
        settle();
      });
      req.end(body);
    };
    const settle = () => {
      if (++done === total) {
        agent.destroy();
        finish({ duration: (performance.now() - t0) / 1000, errors });
      }
    };
    const tick = () => {
      const now = performance.now();
      while (index < total && t0 + index * interval <= now) {
        fire();
        index++;
      }
      if (index < total) setTimeout(tick, Math.max(0, t0 + index * interval - performance.now()));
    };
    tick();
  });
}

if (spec.rate) openLoop(spec.rate);
else {
  const instance = autocannon(
    {
      url: spec.url,
      connections: spec.amount ? Math.min(spec.connections, spec.amount) : spec.connections,
      ...(spec.amount ? { amount: spec.amount } : { duration: spec.durationS ?? 5 }),
      timeout: spec.timeoutS ?? 30,
      requests: [
        {
          method: "POST",
          path: spec.path,
          setupRequest: (req) => {
            const { body, headers } = request(sent++);
            return { ...req, body, headers };
          },
        },
      ],
    },
    (error, result) => {
      if (error) throw error;
      finish({ duration: result.duration, errors: result.errors + result.timeouts });
    },
  );
  instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
    times.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
}
