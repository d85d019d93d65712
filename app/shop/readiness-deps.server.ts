// The readiness module's dependencies from the process's services (the route and the job share them).
import type { HandlerDeps } from "../jobs/worker.server";
import type { RatesRuntime } from "../rates/runtime.server";
import { defaultTestQuote, type ReadinessDeps } from "./readiness.server";

export function readinessDeps(services: HandlerDeps & { rates: Pick<RatesRuntime, "quoteRates"> }): ReadinessDeps {
  return {
    db: services.db,
    logger: services.logger,
    now: services.now,
    adminFor: (shop) => services.adminFor(shop),
    svcClientFor: (shop) => services.svcClientFor(shop),
    testQuote: (shop) => defaultTestQuote(services, shop),
  };
}
