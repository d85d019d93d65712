import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createKeyring } from "./auth/api-keys";
import { createTokenIssuer } from "./auth/jwt";
import { createSandboxClock } from "./clock/sandbox-clock";
import type { SandboxDeps } from "./context";
import { createPrng } from "./faults/prng";
import { createRouter } from "./http/router";
import { resolveOptions, type ServiceSandboxOptions } from "./options";
import { createRequestHandler } from "./request-handler";
import { apiRoutes } from "./routes/api-routes";
import { sandboxOrdersView, sandboxProductsView, sandboxRoutes } from "./routes/sandbox-routes";
import { createStateWriter, loadStateFile } from "./state/persistence";
import { createStore } from "./state/store";

export type { ServiceSandboxOptions } from "./options";

export interface ServiceSandbox {
  url: string;
  port: number;
  /**
   * What `GET /__sandbox/orders` and `GET /__sandbox/products` answer for the client of `apiKey`
   * (a copy, as over HTTP), read in-process: a test's observation of the warehouse, not an API
   * call, so it skips an HTTP round trip. An unknown key throws.
   */
  inspect(apiKey: string): {
    orders: ReturnType<typeof sandboxOrdersView>["orders"];
    products: ReturnType<typeof sandboxProductsView>["products"];
  };
  /** Stops listening, ends every open connection (hanging `timeout` ones too) and flushes state. */
  close(): Promise<void>;
}

/** Starts a stateful emulator of the fulfilment service; port 0 picks a free port. */
export async function startServiceSandbox(opts: ServiceSandboxOptions = {}): Promise<ServiceSandbox> {
  const config = resolveOptions(opts);
  const saved = config.stateFile ? await loadStateFile(config.stateFile) : undefined;
  const clock = createSandboxClock(config.realNow, config.speed, saved?.savedAt);
  const store = createStore();
  if (saved) store.restore(saved.clients);

  const deps: SandboxDeps = {
    config,
    store,
    clock,
    tokens: createTokenIssuer(config.jwtSecret, config.tokenTtlS, clock.now),
    keyring: createKeyring(config.apiKeys),
    newId: randomUUID,
  };
  const writer = config.stateFile
    ? createStateWriter(
        config.stateFile,
        () => ({ version: 1, savedAt: clock.now(), clients: store.snapshot() }),
        config.logger,
      )
    : undefined;
  const shutdown = new AbortController();
  const handleRequest = createRequestHandler({
    deps,
    match: createRouter([...apiRoutes(deps), ...sandboxRoutes(deps)]),
    faults: { latencyMs: config.latencyMs, failureRate: config.failureRate, random: createPrng(config.seed) },
    shutdown: shutdown.signal,
    onChange: () => writer?.markDirty(),
    logger: config.logger,
  });

  const server = createServer((req, res) => void handleRequest(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    inspect(apiKey) {
      const clientId = deps.keyring.clientFor(apiKey);
      if (!clientId) throw new Error("the sandbox has no client with this API key");
      const client = deps.store.client(clientId);
      // A copy shaped as the HTTP answer's JSON: the caller can never change the sandbox's state.
      return JSON.parse(
        JSON.stringify({ orders: sandboxOrdersView(deps, client).orders, products: sandboxProductsView(client).products }),
      ) as ReturnType<ServiceSandbox["inspect"]>;
    },
    close() {
      closing ??= (async () => {
        shutdown.abort();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await closed;
        // One last write so the saved clock is the closing time, not the last change's.
        writer?.markDirty();
        await writer?.flush();
      })();
      return closing;
    },
  };
}
