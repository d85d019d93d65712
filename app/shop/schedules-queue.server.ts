// The queue of the periodic sweep that makes sure of every connected shop's recurring jobs
// (app/shop/schedules.server.ts runs it). Apart from the sweep so that Shopify's auth hook
// (app/shopify.server.ts) can ask for a sweep without importing the features the sweep starts.
import type { PrismaClient } from "@prisma/client";
import { enqueueJob } from "../jobs/queue.server";

export const SCHEDULES_QUEUE = "shop.schedules";
const SCHEDULES_KEY = "schedules";

/** Makes sure the sweep exists and runs by `now` (each worker calls it as it starts, the auth hook after an install). */
export function ensureSchedulesJob(db: PrismaClient, now: Date): Promise<void> {
  return enqueueJob(db, { queue: SCHEDULES_QUEUE, key: SCHEDULES_KEY, shop: "", runAt: now });
}
