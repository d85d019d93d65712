import type { IncomingMessage } from "node:http";
import type { Keyring } from "./auth/api-keys";
import type { TokenIssuer } from "./auth/jwt";
import type { SandboxClock } from "./clock/sandbox-clock";
import type { SandboxConfig } from "./options";
import type { SandboxStore } from "./state/store";
import type { ClientState } from "./state/types";

/** Everything a handler may use; built once per sandbox, so tests get isolated instances. */
export interface SandboxDeps {
  config: SandboxConfig;
  store: SandboxStore;
  clock: SandboxClock;
  tokens: TokenIssuer;
  keyring: Keyring;
  newId: () => string;
}

interface RequestContext {
  deps: SandboxDeps;
  req: IncomingMessage;
  params: Record<string, string>;
  /** Parsed JSON body for routes that read one, else undefined. */
  body: unknown;
  client: ClientState;
}

interface Reply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

export interface Route {
  method: "GET" | "POST";
  /** Segments starting with ":" are parameters, e.g. /api/rest/order/:id. */
  pattern: string;
  /** The token endpoint takes the API key; everything else a Bearer JWT. */
  auth: "api-key" | "bearer";
  body: "json" | "optional-json" | "none";
  /** Changes state, so the state file (if any) must be rewritten. */
  mutates: boolean;
  handle: Handler;
}
