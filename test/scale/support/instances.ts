// A small starter for the scale tests: N instances of the built server (`npm start`'s build) on
// one PostgreSQL database, started with the reliability tests' helpers, in front of the service
// sandbox through a proxy that counts (and can slow down) the quotations the instances ask for.
import type { AppProcess } from "../../helpers/app-process";
import { startBuiltApp, startConnectedDemoShop } from "../../reliability/support/running-app";
import { startScenarioProxy } from "../../reliability/support/scenario-proxy";

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
  const apps: AppProcess[] = [];
  try {
    apps.push(
      ...(await Promise.all(
        Array.from({ length: opts.count }, () =>
          startBuiltApp(world.database.url, {
            LOG_LEVEL: "error",
            SVC_BASE_URL: proxy.url,
            SVC_QA_BASE_URL: proxy.url,
            SIMULATED_STORE_URL: world.storeServer.url,
            ...opts.env,
          }),
        ),
      )),
    );
  } catch (error) {
    await Promise.all(apps.map((app) => app.stop()));
    await proxy.close();
    await world.close();
    throw error;
  }
  return {
    world,
    apps,
    quotes: () => quotes,
    async close() {
      await Promise.all(apps.map((app) => app.stop()));
      await proxy.close();
      await world.close();
    },
  };
}
