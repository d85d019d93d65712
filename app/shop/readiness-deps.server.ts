// The readiness module's dependencies from the app context (routes and the job share them).
import type { HandlerDeps } from "../jobs/worker.server";
import { defaultTestQuote, type ReadinessDeps } from "./readiness.server";

export async function readinessDeps(base: Pick<HandlerDeps, "db" | "logger" | "now">): Promise<ReadinessDeps> {
  const { appContext } = await import("../context.server");
  const context = appContext();
  return {
    db: base.db,
    logger: base.logger,
    now: base.now,
    adminFor: (shop) => context.adminFor(shop),
    svcClientFor: (shop) => context.svcClientFor(shop),
    testQuote: (shop) => defaultTestQuote(base.db, shop),
  };
}
