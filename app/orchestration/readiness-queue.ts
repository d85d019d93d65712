// The readiness queue, declared once (app/jobs/registry.ts) and shared by the check
// (readiness.server.ts) and the features' subscriber (readiness-subscriber.ts): every enqueue of a
// shop's check writes the same row under the same policy.
import { z } from "zod";
import { defineQueue } from "../jobs/registry";

const noPayload = z.object({});
declare module "../jobs/registry" {
  interface JobPayloads {
    "shop.readiness": z.infer<typeof noPayload>;
  }
}
/** One job per connected shop; it never gives up, and a failed check is tried again in fifteen minutes. */
export const READINESS_QUEUE = defineQueue("shop.readiness", {
  payload: noPayload,
  retryLimit: 1000,
  retryDelayMs: 15 * 60_000,
  retryBackoff: false,
});
