// The test process's database client, on the database this file was given (database-per-file.ts
// sets DATABASE_URL before any test module is imported). The services the tests build share it
// (app-services.ts), so a test's own reads and writes and the app's use one pool.
import { createPrismaClient } from "~/db.server";
import { parseEnv } from "~/env.server";

const env = parseEnv();
if (!env.DATABASE_URL)
  throw new Error("DATABASE_URL is not set: integration tests get it from test/helpers/database-per-file.ts");

const prisma = createPrismaClient(env.DATABASE_URL, "both", env);
export default prisma;
