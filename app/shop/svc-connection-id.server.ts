// The id of a service connection (environment and stored key), which the shared rate cache keys on
// (app/rates/shop-profile.server.ts). A leaf: the rates feature reads it without importing the
// connection's orchestration (app/shop/svc-connection.server.ts, which builds the clients).
import { createHash } from "node:crypto";

// Keyed by the client object (any object: this leaf imports nothing of the service edge).
const connectionIds = new WeakMap<object, string>();

/** Records the connection `client` was built for: a hash of its environment and ciphertext (never the key). */
export function rememberConnectionId(client: object, fingerprint: string): void {
  connectionIds.set(client, createHash("sha256").update(fingerprint).digest("base64url").slice(0, 22));
}

/**
 * The id of the connection (environment and stored key) `client` was built for: instances sharing
 * the rate cache agree on it, and a new key or environment is a new id. Undefined for a client
 * app/shop/svc-connection.server.ts did not build.
 */
export function svcConnectionId(client: object): string | undefined {
  return connectionIds.get(client);
}
