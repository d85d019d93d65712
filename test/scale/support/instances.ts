// The scale tests' one starter of app instances (startInstanceSet): N processes of the built server
// (`npm start`'s build, started with the reliability tests' helpers) on one database, each on a port
// of its own that it keeps across a restart, talking to the service and to Shopify (the simulated
// store) at the URLs given. cluster.ts puts them behind HAProxy and PgBouncer; startInstances below
// runs them on one PostgreSQL database in front of the service sandbox through a proxy that counts
// (and can slow down) the quotations the instances ask for.
import { freePort } from "../../../server/database";
import type { AppProcess } from "../../helpers/app-process";
import { startBuiltApp, startConnectedDemoShop } from "../../reliability/support/running-app";
import { startScenarioProxy } from "../../reliability/support/scenario-proxy";

export interface Instance {
  name: string;
  port: number;
  /** The running process; null while stopped. */
  app: AppProcess | null;
  /** Every process this instance ran, for failure messages. */
  history: AppProcess[];
}

export type InstanceSet = Awaited<ReturnType<typeof startInstanceSet>>;

/**
 * `count` instances (app1, app2…) started in parallel on `databaseUrl`, with the service at
 * `serviceUrl`, Shopify at `storeUrl` and `env` over those; if one fails to start, the others are
 * stopped and its error thrown.
 */
export async function startInstanceSet(opts: {
  databaseUrl: string;
  serviceUrl: string;
  storeUrl: string;
  count: number;
  env: Record<string, string>;
}) {
  const instances: Instance[] = [];
  for (let i = 0; i < opts.count; i++)
    instances.push({ name: `app${i + 1}`, port: await freePort(), app: null, history: [] });
  /** Starts a stopped instance (again) on its port: a new process of the same build. */
  const start = async (instance: Instance) => {
    const app = await startBuiltApp(opts.databaseUrl, {
      PORT: String(instance.port),
      SVC_BASE_URL: opts.serviceUrl,
      SVC_QA_BASE_URL: opts.serviceUrl,
      SIMULATED_STORE_URL: opts.storeUrl,
      ...opts.env,
    });
    instance.app = app;
    instance.history.push(app);
    return app;
  };
  const close = async () => {
    await Promise.all(instances.map((i) => i.app?.stop()));
  };
  const started = await Promise.allSettled(instances.map(start));
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    await close();
    throw failed.reason;
  }
  return {
    instances,
    start,
    /** Stops an instance with `signal` (SIGTERM drains, SIGKILL cuts) and waits for it to exit. */
    async stop(instance: Instance, signal: "SIGTERM" | "SIGKILL") {
      const app = instance.app;
      if (!app) return null;
      app.child.kill(signal);
      const code = await app.exited;
      instance.app = null;
      return code;
    },
    /** The last lines each instance's processes wrote (for failure messages). */
    output: () =>
      instances
        .map((i) => `--- ${i.name}\n${i.history.map((a) => a.output().slice(-2_000)).join("\n--- restarted\n")}`)
        .join("\n"),
    close,
  };
}

export const QUOTE_PATH = "/api/rest/services";

export interface Instances {
  world: Awaited<ReturnType<typeof startConnectedDemoShop>>;
  apps: AppProcess[];
  /** Quotations that reached the service so far. */
  quotes(): number;
  close(): Promise<void>;
}

/**
 * The demo shop installed and connected, and `count` instances of the built app started in
 * parallel with `env`; every quotation is delayed by `quoteDelayMs` at the service (its "slow"
 * scenario), so that requests sent together overlap.
 */
export async function startInstances(opts: {
  name: string;
  shop: string;
  svcKey: string;
  count: number;
  env: Record<string, string>;
  quoteDelayMs?: number;
}): Promise<Instances> {
  const world = await startConnectedDemoShop({ name: opts.name, shop: opts.shop, svcKey: opts.svcKey });
  let quotes = 0;
  const proxy = await startScenarioProxy(world.sandbox.url, (method, url) => {
    if (method !== "POST" || url !== QUOTE_PATH) return undefined;
    quotes += 1;
    return opts.quoteDelayMs ? `slow:${opts.quoteDelayMs}` : undefined;
  });
  let set: InstanceSet;
  try {
    set = await startInstanceSet({
      databaseUrl: world.database.url,
      serviceUrl: proxy.url,
      storeUrl: world.storeServer.url,
      count: opts.count,
      env: { LOG_LEVEL: "error", ...opts.env },
    });
  } catch (error) {
    await proxy.close();
    await world.close();
    throw error;
  }
  return {
    world,
    apps: set.instances.map((i) => i.app!),
    quotes: () => quotes,
    async close() {
      await set.close();
      await proxy.close();
      await world.close();
    },
  };
}
