// The two pieces of the app context that tests point at local stand-ins: the service connection
// (the sandbox, for both environments) and Admin GraphQL (the simulated store).
import type { SvcConnectionConfig } from "~/shop/svc-connection.server";
import type { AdminGraphql } from "~/shopify/admin.server";
import type { SimulatedStore } from "../../sandbox/store";

/** A service connection whose QA and production hosts are both the sandbox at `url`. */
export function sandboxConnection(url: string, extra: Partial<SvcConnectionConfig> = {}): SvcConnectionConfig {
  return {
    baseUrls: { qa: url, production: url },
    serviceName: "svc",
    encryptionKey: process.env.ENCRYPTION_KEY!,
    ...extra,
  };
}

/** Admin GraphQL for `shop`, answered in process by the simulated store. */
export function storeAdmin(store: SimulatedStore, shop: string): AdminGraphql {
  return ((query: string, variables?: Record<string, unknown>) =>
    store.graphql(shop, query, variables)) as AdminGraphql;
}
