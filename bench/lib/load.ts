// The load generator, in its own process: autocannon drives the app over HTTP and this script
// records every response's time (autocannon's histogram keeps whole milliseconds; these goals are
// about single ones). Spec (JSON, argv[2]) → one JSON line of results on stdout.
//   carts: "same" (one cart, repeated), "distinct" (cart start+i for request i), "mixed" (request i
//   asks cart start + i mod `distinct`, shuffled), or "quotation" (the quotation's JSON sent straight
//   to the service, with `bearer`).
//   rate: requests/s across all connections (open loop, enough connections that a slow answer
//   does not hold the next send back); without it, a closed loop. amount or durationS bounds it.
import fs from "node:fs";
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
const instance = autocannon(
  {
    url: spec.url,
    connections: spec.amount ? Math.min(spec.connections, spec.amount) : spec.connections,
    ...(spec.rate ? { overallRate: spec.rate } : {}),
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
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.max(0, Math.ceil((p / 100) * times.length) - 1)] ?? Number.NaN;
    const out: LoadResult = {
      count: times.length,
      seconds: result.duration,
      rps: times.length / result.duration,
      statuses,
      errors: result.errors + result.timeouts,
      p50: pct(50),
      p99: pct(99),
      max: times.at(-1) ?? Number.NaN,
      ...(spec.carts === "file" ? { sentAt } : {}),
    };
    process.stdout.write(`${JSON.stringify(out)}\n`);
  },
);
instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
  times.push(ms);
  statuses[status] = (statuses[status] ?? 0) + 1;
});
