// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database.
import path from "node:path";
import { prepareDatabase } from "../database";

if (process.env.DATABASE_URL === "") delete process.env.DATABASE_URL;
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
