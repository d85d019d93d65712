import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";

declare global {
  // Survives Vite's module reloads in development so that each edit does not open a new pool.
  var prismaGlobal: PrismaClient | undefined;
}

function createPrismaClient() {
  if (!process.env.DATABASE_URL) {
    throw new Error("DATABASE_URL is not set: the server sets it once the database is ready (server/database.ts)");
  }
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL }) });
}

const prisma = global.prismaGlobal ?? createPrismaClient();
if (process.env.NODE_ENV === "development") global.prismaGlobal = prisma;

export default prisma;
