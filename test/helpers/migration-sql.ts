// Runs one migration's own SQL against a test database the way Prisma's driver adapter applies it:
// split at semicolons, comment lines dropped. The migration tests restore the schema before the
// migration, insert rows as the older code wrote them, then call this.
import fs from "node:fs";
import type { PrismaClient } from "@prisma/client";

export async function applyMigrationSql(prisma: Pick<PrismaClient, "$executeRawUnsafe">, file: string): Promise<void> {
  const sql = fs.readFileSync(file, "utf8");
  for (const statement of sql.split(";")) {
    const code = statement.replace(/^\s*--.*$/gm, "").trim();
    if (code) await prisma.$executeRawUnsafe(code);
  }
}
