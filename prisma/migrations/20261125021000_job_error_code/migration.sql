-- What the last failure of a job was, as a code the admin pages word in the merchant language
-- (app/jobs/error-codes.ts), beside lastError, the text of the error for logs and support.
ALTER TABLE "Job" ADD COLUMN "lastErrorCode" TEXT;
