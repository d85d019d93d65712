-- A wake-up that arrives while its job runs (issue 29, defect 4): an enqueue of a (queue, key)
-- whose row is running may carry information the run has already read past, so the row keeps
-- it and runs again once the running one finishes (as add_job of graphile-worker does for a
-- locked key). wakeAt is the earliest time asked for, wakePayload the newest payload.
ALTER TABLE "Job" ADD COLUMN "wakeAt" TIMESTAMP(3);
ALTER TABLE "Job" ADD COLUMN "wakePayload" JSONB;
