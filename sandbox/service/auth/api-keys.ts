import { createHash } from "node:crypto";

/**
 * A client id derived from its API key: stable across restarts (so a state file stays valid)
 * and shaped like the service's UUIDs, without ever exposing the key itself.
 */
function clientIdForKey(apiKey: string): string {
  const hex = createHash("sha256").update(`svc-sandbox-client:${apiKey}`).digest("hex");
  const variant = ((parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Maps configured API keys to client ids; looking a key up is one Map read. */
export function createKeyring(apiKeys: readonly string[]) {
  const byKey = new Map(apiKeys.map((key) => [key, clientIdForKey(key)] as const));
  const clientIds = new Set(byKey.values());
  return {
    clientFor: (apiKey: string): string | undefined => byKey.get(apiKey),
    isClient: (clientId: string): boolean => clientIds.has(clientId),
    clientIds: (): string[] => [...clientIds],
  };
}

export type Keyring = ReturnType<typeof createKeyring>;
