// The merchant's test quote in Tarifas, recorded: the setup guide's «test quote» step (the Shop
// row's first one, app/shop/shop.server.ts) and the jobs its subscribers owe (app/rates/events.ts),
// in one transaction.
import type { PrismaClient } from "@prisma/client";
import { withJobs } from "~/jobs/queue.server";
import { recordRateTest } from "~/shop/shop.server";
import { jobsOwedOnTestQuote } from "./events";

export async function recordTestQuote(db: PrismaClient, shop: string, now: Date): Promise<void> {
  await withJobs(db, async (tx, jobs) => {
    await recordRateTest(tx, shop, now);
    for (const job of jobsOwedOnTestQuote({ shop, now })) await jobs.enqueue(job);
  });
}
