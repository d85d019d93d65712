// Tests drive the job queue one job at a time: finish a claimed job and learn whether its lease still held.
import type { Job } from "@prisma/client";
import { finishJobState, type JobOutcome } from "~/jobs/queue.server";
import { decideOutcome } from "~/jobs/worker.server";

/**
 * finishJobState as a yes/no: true when the outcome was recorded, false when the lease was lost.
 * An outcome that leaves its time to the queue's policy is decided as the worker would, at `now`.
 */
export async function finishJob(
  db: Parameters<typeof finishJobState>[0],
  job: Pick<Job, "id" | "leaseOwner" | "queue" | "attempts">,
  outcome: JobOutcome,
  now: Date = new Date(),
): Promise<boolean> {
  return (await finishJobState(db, job, decideOutcome(job, outcome, now))) !== null;
}
