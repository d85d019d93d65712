// Vitest setup file of the integration level: every test file gets its own database, copied from
// the migrated template, before any app module is imported, so app/db.server.ts connects to it.
import { afterAll } from "vitest";
import { createTestDatabase } from "./test-database";

const database = await createTestDatabase();
process.env.DATABASE_URL = database.url;

afterAll(async () => {
  await database.drop();
});
