-- A Flow action run is held under a lease while it is performed (issue 29, defect 5): a run left
-- in progress by a request that crashed, or whose final write failed, is taken over by the retry
-- of Flow once the lease has run out, instead of answering 503 until Flow gives up. leaseToken
-- fences the holder: only it records the result. Runs from before have no lease and are held
-- until their createdAt plus the lease (app/flow/actions.server.ts).
ALTER TABLE "FlowActionRun" ADD COLUMN "leaseToken" UUID;
ALTER TABLE "FlowActionRun" ADD COLUMN "leaseExpiresAt" TIMESTAMP(3);
