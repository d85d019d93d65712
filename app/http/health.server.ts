import type { PrismaClient } from "@prisma/client";

export interface ReadinessReport {
  database: "ok" | "unreachable";
  migrations: "ok" | "pending" | "unknown";
  /** Migrations this version ships that the database has not applied (finished). */
  pending?: string[];
  error?: string;
}

/**
 * Whether this version can serve from the database: it answers within `timeoutMs`, and every
 * migration this version ships (`migrations`, the folder names under prisma/migrations) is applied.
 * Newer migrations from a later release are fine: they are additive.
 */
export async function checkReadiness({
  db,
  migrations,
  timeoutMs = 2000,
}: {
  db: Pick<PrismaClient, "$queryRaw">;
  migrations: readonly string[];
  timeoutMs?: number;
}): Promise<ReadinessReport> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const applied = await Promise.race([
      db.$queryRaw<{ migration_name: string }[]>`
        SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`.catch(
        (error: unknown) => {
          // No migrations table at all: reachable, nothing applied.
          if (/_prisma_migrations/.test(String(error))) return [];
          throw error;
        },
      ),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    const done = new Set(applied.map((row) => row.migration_name));
    const pending = migrations.filter((name) => !done.has(name));
    return pending.length ? { database: "ok", migrations: "pending", pending } : { database: "ok", migrations: "ok" };
  } catch (error) {
    return {
      database: "unreachable",
      migrations: "unknown",
      error: error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}
