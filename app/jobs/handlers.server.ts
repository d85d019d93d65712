// The job queues of the app and the handler of each. Modules add their queues here.
import type { PrismaClient } from "@prisma/client";
import type { Logger } from "pino";
import type { JobHandler } from "./worker.server";
import { fulfillmentJobHandlers } from "../fulfillment/jobs.server";
import { catalogJobHandlers } from "../catalog/jobs.server";

export interface HandlerDeps {
  db: PrismaClient;
  logger: Logger;
  now: () => Date;
}

/** Every queue the app's workers serve, keyed by queue name. */
export function jobHandlers(deps: HandlerDeps): Record<string, JobHandler> {
  return {
    ...fulfillmentJobHandlers(deps),
    ...catalogJobHandlers(deps),
  };
}
