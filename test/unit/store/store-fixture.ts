import { createSimulatedStore, type AddShopInput, type SimulatedStore } from "../../../sandbox/store";

export const DOMAIN = "tienda-demo.myshopify.com";
export const START = Date.parse("2026-11-20T16:00:00Z");

export interface ManualClock {
  now(): number;
  advance(ms: number): void;
}

export function manualClock(start = START): ManualClock {
  let current = start;
  return { now: () => current, advance: (ms) => void (current += ms) };
}

/** A store with one shop holding the demo catalogue, on a clock the test moves by hand. */
export function demoStore(shop: Partial<AddShopInput> = {}): { store: SimulatedStore; clock: ManualClock } {
  const clock = manualClock();
  const store = createSimulatedStore({ now: clock.now });
  store.addShop({ domain: DOMAIN, ...shop });
  store.seedDemoCatalogue(DOMAIN);
  return { store, clock };
}

// Tests read responses of many shapes; `any` keeps each assertion on the shape it cares about.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyData = Record<string, any>;

/** Runs a query that must succeed and answers its data. */
export async function queryData<T = AnyData>(
  store: SimulatedStore,
  query: string,
  variables?: Record<string, unknown>,
): Promise<T> {
  const result = await store.graphql(DOMAIN, query, variables);
  if (result.errors) throw new Error(`unexpected errors: ${JSON.stringify(result.errors)}`);
  return result.data as T;
}
