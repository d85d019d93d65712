// The queues the generic queue's tests use (no feature declares them): any JSON payload, the default policy.
import type { Prisma } from "@prisma/client";

declare module "~/jobs/registry" {
  interface JobPayloads {
    q: Prisma.JsonObject;
    work: Prisma.JsonObject;
    t: Prisma.JsonObject;
    loop: Prisma.JsonObject;
  }
}

export {};
