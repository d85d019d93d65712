// A benchmark's own database client (its setup and its checks), on the database it started. The
// app under measurement has its own: the production build's, or the services a benchmark builds
// in process with the composition root (bench/rates.ts).
import type { PrismaClient } from "@prisma/client";

/** A client on DATABASE_URL (set by the benchmark once its database is ready). */
export async function benchDatabase(): Promise<PrismaClient> {
  const { createPrismaClient } = await import("../../app/db.server");
  const { parseEnv } = await import("../../app/env.server");
  const env = parseEnv();
  if (!env.DATABASE_URL) throw new Error("DATABASE_URL is not set: start the benchmark's database first");
  return createPrismaClient(env.DATABASE_URL, "both", env);
}
