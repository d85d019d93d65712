// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database.
// Run by Node itself (its type stripping), so it works in a production install without dev tools;
// safe when several run at once (an advisory lock, server/database.ts).
import path from "node:path";
import { prepareDatabase } from "../database.ts";

if (process.env.DATABASE_URL === "") delete process.env.DATABASE_URL;
if (process.env.NODE_ENV === "production" && !process.env.DATABASE_URL) {
  process.stderr.write(
    "DATABASE_URL is required when NODE_ENV=production: set it to your PostgreSQL server " +
      "(without NODE_ENV=production the embedded one is migrated).\n",
  );
  process.exit(1);
}
const logger = {
  info: (o: object, m?: string) => console.log(m ?? "", o),
  warn: (o: object, m?: string) => console.warn(m ?? "", o),
};
const database = await prepareDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: path.resolve(process.env.EMBEDDED_DATABASE_DIR ?? ".data/postgres"),
  logger,
  projectRoot: process.cwd(),
});
console.log(`migrations applied (${database.embedded ? "embedded PostgreSQL" : "DATABASE_URL"})`);
await database.stop();
