// The checkout rate callback served by a plain node:http handler in front of Express and Remix.
// The callback is not a page: it needs none of the framework's routing, compression or document
// rendering, and at checkout every fraction of a millisecond is the buyer's wait. It calls the
// same handleRateCallback as the Remix route, so both answer exactly alike
// (docs/decisions/014-rate-callback-fast-path.md).
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RateCallbackAnswer, RateCallbackMode, RateCallbackRequest } from "../app/rates/callback.server";

/** @internal */
export const RATE_CALLBACK_PATH = "/carrier-service/rates";
/** The benchmark's naive baseline; served only when RATES_NAIVE_BASELINE=1, and signed like the real one. */
export const NAIVE_RATE_CALLBACK_PATH = "/carrier-service/rates-naive";

export interface RateCallbackFastPathOptions {
  handle: (request: RateCallbackRequest, mode: RateCallbackMode) => Promise<RateCallbackAnswer>;
  /** Serve the naive baseline at NAIVE_RATE_CALLBACK_PATH (off in production). */
  naive: boolean;
  /** Runs the handler inside the request's log context (request id, shop). */
  withContext?: (context: { requestId: string; shop?: string }, run: () => void) => void;
}

/** A request listener that answers the rate callback and returns false for anything else. */
export function rateCallbackFastPath(opts: RateCallbackFastPathOptions) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "POST" || !req.url) return false;
    const query = req.url.indexOf("?");
    const pathname = query === -1 ? req.url : req.url.slice(0, query);
    const mode =
      pathname === RATE_CALLBACK_PATH ? "cached" : opts.naive && pathname === NAIVE_RATE_CALLBACK_PATH ? "naive" : null;
    if (!mode) return false;

    const requestId = header(req, "x-request-id") || randomUUID();
    const run = () => {
      opts
        .handle(
          { method: "POST", header: (name) => header(req, name), body: (maxBytes) => readBody(req, maxBytes) },
          mode,
        )
        .then(
          (answer) => {
            send(res, requestId, answer);
            if (answer.status === 413) discardThenClose(req);
          },
          () =>
            send(res, requestId, {
              status: 503,
              headers: { "content-type": "application/json" },
              body: '{"error":"rates unavailable: Shopify shows the backup rates"}',
            }),
        );
    };
    if (opts.withContext) opts.withContext({ requestId, shop: header(req, "x-shopify-shop-domain") ?? undefined }, run);
    else run();
    return true;
  };
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * A 413 written on the socket itself: node's own close would reset the connection under the
 * unread remainder of the body and the client could lose the 413 (discardThenClose closes it later).
 */
export function writeTooLarge(res: ServerResponse, headers: Record<string, string | number>, body: Buffer): boolean {
  if (!res.socket) return false;
  const head = Object.entries({ ...headers, "content-length": body.byteLength, connection: "close" })
    .map(([name, value]) => `${name}: ${value}`)
    .join("\r\n");
  res.socket.write(Buffer.concat([Buffer.from(`HTTP/1.1 413 Payload Too Large\r\n${head}\r\n\r\n`), body]));
  return true;
}

/**
 * An answer's bytes and header list, made once per answer: a repeated answer is the same object
 * (handleRateCallback), so a cached answer is neither serialised nor encoded again.
 */
const encoded = new WeakMap<RateCallbackAnswer, { body: Buffer; head: (string | number)[] }>();

function send(res: ServerResponse, requestId: string, answer: RateCallbackAnswer): void {
  let out = encoded.get(answer);
  if (!out) {
    const body = Buffer.from(answer.body);
    const head = Object.entries(answer.headers).flat();
    out = { body, head: [...head, "content-length", body.byteLength] };
    encoded.set(answer, out);
  }
  if (answer.status === 413 && writeTooLarge(res, { ...answer.headers, "x-request-id": requestId }, out.body)) return;
  res.writeHead(answer.status, [...out.head, "x-request-id", requestId]);
  res.end(out.body);
}

/**
 * After a 413 the client may still be sending. Closing at once with its bytes unread makes the
 * kernel reset the connection, and the client can lose the 413 itself; so what it still sends is
 * discarded (never kept) for a moment, then the connection is closed.
 */
export function discardThenClose(req: IncomingMessage): void {
  req.resume();
  setTimeout(() => req.socket.destroy(), 1000).unref();
}

/** Reads the whole body, or stops at `maxBytes` + 1 and answers "too_large" (the connection is then closed). */
function readBody(req: IncomingMessage, maxBytes: number): Promise<Uint8Array | "too_large"> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    req.on("data", (chunk: Buffer) => {
      length += chunk.byteLength;
      if (length > maxBytes) {
        req.removeAllListeners("data");
        req.pause();
        resolve("too_large");
        return;
      }
      chunks.push(chunk);
    });
    req.once("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length)));
    req.once("error", reject);
  });
}
