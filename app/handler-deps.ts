// What every feature's job handlers get from the composition root: the process's services and the
// shop's clients of both edges. Here, not in app/jobs: the generic queue and worker know no edge.
import type { PrismaClient } from "@prisma/client";
import type { Logger } from "pino";
import type { AdminGraphql } from "./shopify/admin/client";
import type { AdminPacing } from "./shopify/admin-pacing.server";
import type { SvcClient } from "./svc";

/**
 * What every module's handlers get from the composition root (app/composition.server.ts): the
 * process's services, of which a handler uses these.
 */
export interface HandlerDeps {
  db: PrismaClient;
  logger: Logger;
  now: () => Date;
  /** The shop's service client, or null when the shop is not connected. */
  svcClientFor(shop: string): Promise<SvcClient | null>;
  /** Admin GraphQL for the shop (its offline session). */
  adminFor(shop: string): Promise<AdminGraphql>;
  /**
   * Shopify's Admin API budget per shop, shared by every process on the database (ADR 026): what
   * the services' `adminFor` paces with, and what handlers that price their own queries pace with.
   * Unset (tests that hand in their own adminFor), a handler's Admin calls are not paced.
   */
  adminPacing?: AdminPacing;
}
