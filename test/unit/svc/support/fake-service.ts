/**
 * A tiny stand-in for the service on a real local port: each test declares exactly the routes it
 * expects, and every request is recorded so retries and idempotency are checked by counting
 * attempts. A request to an undeclared route is answered 599 and makes close() fail the test.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** One request as the fake saw it. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
  /** The body parsed as JSON, when it was JSON. */
  json: unknown;
}

/** Handles one request of a declared route; `n` is the 1-based count of requests to that route. */
export type FakeHandler = (request: RecordedRequest, response: ServerResponse, n: number) => void | Promise<void>;

export interface FakeService {
  url: string;
  requests: RecordedRequest[];
  /** Declares (or replaces) the handler of "METHOD /path". */
  route(key: string, handler: FakeHandler): void;
  /** How many requests reached "METHOD /path". */
  count(key: string): number;
  /** Stops the server; rejects when any request hit an undeclared route. */
  close(): Promise<void>;
}

/** Starts a fake on 127.0.0.1 and an ephemeral port. */
export async function startFakeService(routes: Record<string, FakeHandler> = {}): Promise<FakeService> {
  const handlers = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const counts = new Map<string, number>();
  const unexpected: string[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const path = req.url ?? "/";
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path,
        headers: req.headers,
        body,
        json: tryJson(body),
      };
      requests.push(recorded);
      const key = `${recorded.method} ${path}`;
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      const handler = handlers.get(key);
      if (!handler) {
        unexpected.push(key);
        sendJson(res, 599, { error: `unexpected request ${key}`, code: "fake-unexpected" });
        return;
      }
      Promise.resolve(handler(recorded, res, n)).catch((error: unknown) => {
        unexpected.push(`${key} handler threw ${String(error)}`);
        if (!res.headersSent) sendJson(res, 599, { error: "fake handler failed", code: "fake-unexpected" });
      });
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    route: (key, handler) => void handlers.set(key, handler),
    count: (key) => counts.get(key) ?? 0,
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      if (unexpected.length > 0) throw new Error(`fake service got unexpected requests: ${unexpected.join("; ")}`);
    },
  };
}

/** Answers with a JSON body (and an x-request-id, as the service does). */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "x-request-id": headers["x-request-id"] ?? `req-${Math.random().toString(36).slice(2, 10)}`,
    ...headers,
  });
  res.end(text);
}

/** Builds an unsigned JWT carrying the given claims (the client never checks signatures). */
export function makeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${encode({ alg: "HS256", typ: "JWT" })}.${encode(claims)}.c2lnbmF0dXJl`;
}

/** A handler that issues a token valid for `ttlS` seconds from `nowMs` (real time by default). */
export function issueToken(options: { ttlS?: number; now?: () => number; key?: string } = {}): FakeHandler {
  return (request, res, n) => {
    if (options.key !== undefined && request.headers["x-api-key"] !== options.key) {
      sendJson(res, 401, { error: "invalid api key", code: "unauthorized", path: "$" });
      return;
    }
    const iat = Math.floor((options.now ?? Date.now)() / 1000);
    sendJson(res, 200, {
      AuthWithAPIkey: { accessToken: makeJwt({ sub: `client-${n}`, iat, exp: iat + (options.ttlS ?? 3600), n }) },
    });
  };
}

function tryJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}
