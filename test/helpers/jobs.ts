// Tests drive the job queue one job at a time: finish a claimed job and learn whether its lease still held.
import { finishJobState } from "~/jobs/queue.server";

/** finishJobState as a yes/no: true when the outcome was recorded, false when the lease was lost. */
export async function finishJob(...args: Parameters<typeof finishJobState>): Promise<boolean> {
  return (await finishJobState(...args)) !== null;
}
