// Shopify's webhook posts served by a plain node:http handler in front of Express and Remix, as the
// rate callback is (server/rate-callback-http.ts, ADR 014). A webhook is not a page: it needs no
// compression, document rendering or route matching beyond its path, and at 100 paid orders a
// second the framework's share of each acknowledgement is what delays the next one. The handler
// calls the same route action Remix would (the build's `webhooks/…` routes), with the same Web
// Request, so both answer exactly alike; the body cap, signatures and 4xx answers stay in the
// action (app/shopify/webhook.server.ts).
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ActionFunction, AppLoadContext, ServerBuild } from "@remix-run/node";
import { discardThenClose, header, writeTooLarge } from "./rate-callback-http";

export interface WebhookFastPathOptions {
  routes: ServerBuild["routes"];
  /** The load context Remix would give the action (the process's services, server/index.ts). */
  context: AppLoadContext;
  /** Runs the action inside the request's log context (request id, shop). */
  withContext?: (context: { requestId: string; shop?: string }, run: () => void) => void;
  /** An action that failed with something other than a Response (answered 500, as Remix would). */
  onError: (error: unknown, path: string) => void;
}

/** A request listener that answers POSTs to the build's webhook routes and returns false for anything else. */
export function webhookFastPath(opts: WebhookFastPathOptions) {
  const actions = new Map<string, ActionFunction>();
  for (const route of Object.values(opts.routes)) {
    if (route?.path?.startsWith("webhooks/") && route.module.action) actions.set(`/${route.path}`, route.module.action);
  }

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "POST" || !req.url) return false;
    const query = req.url.indexOf("?");
    const pathname = query === -1 ? req.url : req.url.slice(0, query);
    const action = actions.get(pathname);
    if (!action) return false;

    const requestId = header(req, "x-request-id") || randomUUID();
    const run = () => {
      const request = toWebRequest(req);
      Promise.resolve()
        .then(() => action({ request, params: {}, context: opts.context }))
        .catch((thrown: unknown) => {
          if (thrown instanceof Response) return thrown;
          opts.onError(thrown, pathname);
          return new Response("Unexpected Server Error", { status: 500 });
        })
        .then((answer) => send(req, res, requestId, answer as Response))
        .catch((error: unknown) => {
          opts.onError(error, pathname);
          if (!res.headersSent) res.writeHead(500).end();
          else res.destroy();
        });
    };
    if (opts.withContext) opts.withContext({ requestId, shop: header(req, "x-shopify-shop-domain") ?? undefined }, run);
    else run();
    return true;
  };
}

function toWebRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const host = req.headers.host ?? "localhost";
  return new Request(`http://${host}${req.url}`, {
    method: "POST",
    headers,
    body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as RequestInit);
}

async function send(req: IncomingMessage, res: ServerResponse, requestId: string, answer: Response): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  const headers: Record<string, string | number> = {};
  answer.headers.forEach((value, name) => (headers[name] = value));
  headers["x-request-id"] = requestId;
  if (answer.status === 413 && writeTooLarge(res, headers, body)) {
    discardThenClose(req);
    return;
  }
  res.writeHead(answer.status, { ...headers, "content-length": body.byteLength });
  res.end(body);
}
