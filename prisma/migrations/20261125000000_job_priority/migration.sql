-- Job priority (docs/decisions/024-job-priority.md): a lower number is claimed first. Rows already
-- queued take their queue's priority (app/jobs/priorities.ts) here, new rows get it at enqueue.
ALTER TABLE "Job" ADD COLUMN "priority" SMALLINT NOT NULL DEFAULT 1;

UPDATE "Job" SET "priority" = 0
WHERE queue IN ('fulfillment.submit', 'fulfillment.requests', 'fulfillment.resolve', 'fulfillment.note');

-- The claim walks due queued rows in (priority, runAt) order and stops at its LIMIT.
CREATE INDEX "Job_claim_idx" ON "Job"("priority", "runAt") WHERE state = 'queued';

-- Expired leases are looked for among running rows only (a few per worker).
CREATE INDEX "Job_running_lease_idx" ON "Job"("leaseExpiresAt") WHERE state = 'running';
