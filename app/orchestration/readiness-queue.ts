// The readiness queue's name and its row's attempts, shared by the check (readiness.server.ts) and
// the features' subscriber (readiness-subscriber.ts): every enqueue of a shop's check writes the
// same row with the same limits.
export const READINESS_QUEUE = "shop.readiness";
export const READINESS_JOB_ATTEMPTS = 1000;
