import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gzip } from "node:zlib";

const gzipAsync = promisify(gzip);

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

// Below this size gzip costs more than it saves; the same threshold common middleware uses.
const COMPRESS_THRESHOLD_BYTES = 1024;

// The live service answers with the usual hardening headers; clients must not choke on them.
const SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

export interface SendOptions {
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
  compress?: boolean;
}

function acceptsGzip(req: IncomingMessage): boolean {
  const accept = req.headers["accept-encoding"];
  return typeof accept === "string" && /\bgzip\b/i.test(accept);
}

/** Writes a complete response once; a socket the client already dropped is left alone. */
export async function send(req: IncomingMessage, res: ServerResponse, opts: SendOptions): Promise<void> {
  if (res.headersSent || res.destroyed) return;
  let payload: Buffer = Buffer.from(opts.body, "utf8");
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    "content-type": opts.contentType ?? JSON_CONTENT_TYPE,
    ...opts.headers,
  };
  if (opts.compress && payload.length >= COMPRESS_THRESHOLD_BYTES && acceptsGzip(req)) {
    payload = await gzipAsync(payload);
    headers["content-encoding"] = "gzip";
    headers.vary = "Accept-Encoding";
  }
  if (res.headersSent || res.destroyed) return;
  headers["content-length"] = String(payload.length);
  res.writeHead(opts.status, headers);
  res.end(payload);
}

export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  extra: { headers?: Record<string, string>; compress?: boolean } = {},
): Promise<void> {
  return send(req, res, { status, body: JSON.stringify(body), ...extra });
}
