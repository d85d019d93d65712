import type { PrismaClient } from "@prisma/client";
import { APP_VERSION } from "../version.server";

export type HealthReport =
  | { status: "ok"; database: "ok"; version: string }
  | { status: "error"; database: "unreachable"; version: string; error: string };

/** Asks the database for one row, giving up after `timeoutMs`. */
export async function checkHealth({ db, timeoutMs = 2000 }: { db: Pick<PrismaClient, "$queryRaw">; timeoutMs?: number }): Promise<HealthReport> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.$queryRaw`SELECT 1`,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { status: "ok", database: "ok", version: APP_VERSION };
  } catch (error) {
    return { status: "error", database: "unreachable", version: APP_VERSION, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
