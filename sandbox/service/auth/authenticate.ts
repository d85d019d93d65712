import type { IncomingMessage } from "node:http";
import type { SandboxDeps } from "../context";
import { unauthorized } from "../http/sandbox-error";

/** The client id behind `x-api-key`, for the token endpoint. */
export function clientFromApiKey(deps: SandboxDeps, req: IncomingMessage): string {
  const key = req.headers["x-api-key"];
  if (typeof key !== "string" || key === "") throw unauthorized("Missing x-api-key header");
  const clientId = deps.keyring.clientFor(key);
  if (!clientId) throw unauthorized("Invalid API key");
  return clientId;
}

/** The client id behind `Authorization: Bearer <jwt>`; missing, forged or expired tokens are 401. */
export function clientFromBearer(deps: SandboxDeps, req: IncomingMessage): string {
  const header = req.headers.authorization;
  if (!header) throw unauthorized("Missing Authorization header with a Bearer token");
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized("Authorization header must use the Bearer scheme");
  const result = deps.tokens.verify(match[1]!);
  if (!result.ok) throw unauthorized(`Invalid token: ${result.reason}`);
  // A key removed from SANDBOX_API_KEYS revokes the tokens issued for it.
  if (!deps.keyring.isClient(result.claims.sub)) throw unauthorized("Invalid token: unknown client");
  return result.claims.sub;
}
