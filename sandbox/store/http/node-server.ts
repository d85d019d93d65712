import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { ANSWER_LOST_HEADER } from "./fetch-handler";

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Serves a fetch-style handler over node:http; port 0 picks a free port. */
export function serveFetchHandler(
  handler: (request: Request) => Promise<Response>,
  port: number,
  host: string,
): Promise<RunningServer> {
  const server = createServer((req, res) => {
    void respond(handler, req, res);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
      resolve({
        url: `http://${shownHost}:${address.port}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.closeAllConnections();
            server.close((error) => (error ? fail(error) : done()));
          }),
      });
    });
  });
}

async function respond(
  handler: (request: Request) => Promise<Response>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(", "));
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(`http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`, {
      method: req.method,
      headers,
      body: hasBody ? Buffer.concat(chunks) : undefined,
    });
    const response = await handler(request);
    // The store's lost answer (fetch-handler.ts): the effect happened, the caller sees the connection drop.
    if (response.headers.get(ANSWER_LOST_HEADER)) {
      res.destroy();
      return;
    }
    res.writeHead(response.status, Object.fromEntries(response.headers));
    // Streamed, so a large body (a bulk operation's JSONL) is never held whole.
    if (response.body) Readable.fromWeb(response.body as WebReadableStream<Uint8Array>).pipe(res);
    else res.end();
  } catch (error) {
    res.writeHead(500, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ errors: error instanceof Error ? error.message : "Internal Server Error" }));
  }
}
