-- The request that enqueued a job: its id, carried into the job's log lines, and its W3C trace
-- context (traceparent), continued by the job's span when OpenTelemetry is on (ADR 028).
-- Nullable, no default: adding them rewrites nothing, and older versions ignore them.
ALTER TABLE "Job" ADD COLUMN "requestId" TEXT;
ALTER TABLE "Job" ADD COLUMN "traceparent" TEXT;
