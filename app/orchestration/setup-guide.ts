// Inicio's setup guide: the five steps that take a new shop from installed to shipping, in the
// order a merchant takes them. Each step is done on its own fact (a merchant may run a test quote
// before the readiness check passes); the guide leads to the first one not done and goes away
// once all are. Pure: the shop's one state (app/orchestration/shop-state.ts) gives it the facts.

/** @internal */
export const SETUP_STEPS = ["connect", "catalog", "readiness", "testQuote", "orders"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export interface SetupFacts {
  /** The service API key is stored (Configuración). */
  connected: boolean;
  /** A catalogue sync ran to its end. */
  catalogSynced: boolean;
  /** The last checkout readiness check passed every item. */
  checkoutReady: boolean;
  /** The merchant ran a test quote in Tarifas. */
  rateTested: boolean;
  /** The merchant read how orders go to the warehouse, or the warehouse already took an order. */
  ordersUnderstood: boolean;
}

export interface SetupGuide {
  steps: { step: SetupStep; done: boolean }[];
  done: number;
  /** The first step not done; null once the guide is complete. */
  current: SetupStep | null;
}

const FACT: Record<SetupStep, keyof SetupFacts> = {
  connect: "connected",
  catalog: "catalogSynced",
  readiness: "checkoutReady",
  testQuote: "rateTested",
  orders: "ordersUnderstood",
};

export function setupGuide(facts: SetupFacts): SetupGuide {
  const steps = SETUP_STEPS.map((step) => ({ step, done: facts[FACT[step]] }));
  return {
    steps,
    done: steps.filter((s) => s.done).length,
    current: steps.find((s) => !s.done)?.step ?? null,
  };
}
