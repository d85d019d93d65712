-- A wake-up that arrives while its job runs (issue 29, defect 4): an enqueue of a (queue, key)
-- whose row is running may carry information the run has already read past, so the row keeps
-- it and runs again once the running one finishes (as add_job of graphile-worker does for a
-- locked key). wakeAt is the earliest time asked for, wakePayload the newest payload.
ALTER TABLE "Job" ADD COLUMN "wakeAt" TIMESTAMP(3);
ALTER TABLE "Job" ADD COLUMN "wakePayload" JSONB;

-- The catalogue and the readiness check queued a follow-up row (key || ':again') for this while
-- their job ran. Each becomes the wake-up of its job (or the job, when the first row is gone),
-- as an enqueue of the job would do now.
UPDATE "Job" AS base SET
  "wakeAt" = CASE WHEN base.state = 'running' THEN LEAST(base."wakeAt", f."runAt") END,
  "wakePayload" = CASE WHEN base.state = 'running' THEN f.payload END,
  "runAt" = CASE base.state WHEN 'queued' THEN LEAST(base."runAt", f."runAt")
                            WHEN 'running' THEN base."runAt" ELSE f."runAt" END,
  payload = CASE WHEN base.state = 'running' THEN base.payload ELSE f.payload END,
  attempts = CASE WHEN base.state IN ('done', 'failed') THEN 0 ELSE base.attempts END,
  "lastError" = CASE WHEN base.state IN ('done', 'failed') THEN NULL ELSE base."lastError" END,
  "lastErrorCode" = CASE WHEN base.state IN ('done', 'failed') THEN NULL ELSE base."lastErrorCode" END,
  state = CASE WHEN base.state = 'running' THEN 'running' ELSE 'queued' END,
  "updatedAt" = now()
FROM "Job" AS f
WHERE f.queue IN ('catalog.product', 'shop.readiness') AND f.state IN ('queued', 'running')
  AND f.queue = base.queue AND f.key = base.key || ':again';

UPDATE "Job" AS f SET key = left(f.key, -length(':again')), state = 'queued', "leaseOwner" = NULL,
  "leaseExpiresAt" = NULL, "updatedAt" = now()
WHERE f.queue IN ('catalog.product', 'shop.readiness') AND f.state IN ('queued', 'running')
  AND f.key LIKE '%:again'
  AND NOT EXISTS (SELECT 1 FROM "Job" AS base WHERE base.queue = f.queue AND base.key || ':again' = f.key);

DELETE FROM "Job" WHERE queue IN ('catalog.product', 'shop.readiness') AND key LIKE '%:again';
