import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { clientFromApiKey, clientFromBearer } from "./auth/authenticate";
import type { Route, SandboxDeps } from "./context";
import { decideFault, type FaultSettings } from "./faults/decide-fault";
import { parseScenario, SCENARIO_HEADER } from "./faults/scenario";
import { delay } from "./http/delay";
import { readJsonBody } from "./http/read-json-body";
import { send, sendJson } from "./http/respond";
import type { RouteMatch } from "./http/router";
import { notFound, SandboxHttpError } from "./http/sandbox-error";
import type { SandboxLogger } from "./logger";

export interface RequestHandlerDeps {
  deps: SandboxDeps;
  match: (method: string, pathname: string) => RouteMatch | undefined;
  faults: FaultSettings;
  /** Aborted by close(): pending delays stop and no further response is started. */
  shutdown: AbortSignal;
  onChange: () => void;
  logger: SandboxLogger;
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

async function readBody(mode: Route["body"], req: IncomingMessage): Promise<unknown> {
  if (mode === "none") return undefined;
  if (mode === "optional-json" && !hasBody(req)) return undefined;
  return readJsonBody(req);
}

const isApiPath = (pathname: string) => pathname === "/api/rest" || pathname.startsWith("/api/rest/");

/**
 * One request, end to end: request id, faults (API routes only), routing, auth, body, handler,
 * response. Every failure becomes the service's error body; nothing a client sends can crash it.
 */
export function createRequestHandler(h: RequestHandlerDeps) {
  const { deps } = h;
  const compress = deps.config.compress;

  return async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.setHeader("x-request-id", randomUUID());
    try {
      const url = new URL(req.url ?? "/", "http://sandbox.invalid");
      if (req.method === "GET" && url.pathname === "/__sandbox/health") {
        await sendJson(req, res, 200, { ok: true }, { compress });
        return;
      }
      let hangAfterCommit = false;
      if (isApiPath(url.pathname)) {
        const decision = decideFault(h.faults, parseScenario(req.headers[SCENARIO_HEADER]));
        if (!(await delay(decision.delayMs, h.shutdown))) return;
        // Never answering is the whole point of the timeout scenario; close() ends the socket.
        if (decision.action === "hang") return;
        if (decision.action === "fail") throw decision.error;
        if (decision.action === "reply") {
          await send(req, res, { status: decision.status, body: decision.body });
          return;
        }
        hangAfterCommit = decision.hangAfterCommit;
      }
      const found = h.match(req.method ?? "GET", url.pathname);
      if (!found) throw notFound(`No route for ${req.method ?? "GET"} ${url.pathname}`);
      const { route, params } = found;
      const clientId = route.auth === "api-key" ? clientFromApiKey(deps, req) : clientFromBearer(deps, req);
      const body = await readBody(route.body, req);
      const reply = await route.handle({ deps, req, params, body, client: deps.store.client(clientId) });
      if (route.mutates) h.onChange();
      if (hangAfterCommit || h.shutdown.aborted) return;
      await sendJson(req, res, reply.status ?? 200, reply.body, { headers: reply.headers, compress });
    } catch (error) {
      const known = error instanceof SandboxHttpError ? error : undefined;
      if (!known)
        h.logger.error("unexpected error while handling a request", {
          error: String(error),
          stack: (error as Error)?.stack,
        });
      const failure = known ?? new SandboxHttpError(500, "unexpected", "internal error");
      const headers = failure.status === 401 ? { ...failure.headers, "www-authenticate": "Bearer" } : failure.headers;
      await sendJson(req, res, failure.status, failure.toBody(), { headers, compress }).catch(() => undefined);
    }
  };
}
