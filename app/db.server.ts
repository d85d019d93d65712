import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { parseEnv } from "./env.server";

declare global {
  // Survives Vite's module reloads in development so that each edit does not open a new pool.
  var prismaGlobal: PrismaClient | undefined;
}

let client: PrismaClient | undefined;

/**
 * The one PrismaClient, created on first use — not on import — so that importing an app module
 * never needs a database: a benchmark or a test can import statically and set DATABASE_URL later.
 * The URL is read (validated) when the client is created, because the server sets it only once
 * the database is ready (server/database.ts). Code gets the client from the context
 * (app/context.server.ts), never from here.
 */
export function prismaClient(): PrismaClient {
  if (client) return client;
  const { DATABASE_URL, NODE_ENV } = parseEnv();
  if (!DATABASE_URL) {
    throw new Error("DATABASE_URL is not set: the server sets it once the database is ready (server/database.ts)");
  }
  client = global.prismaGlobal ?? new PrismaClient({ adapter: new PrismaPg({ connectionString: DATABASE_URL }) });
  if (NODE_ENV === "development") global.prismaGlobal = client;
  return client;
}

/** The client as a value (tests and scripts): each property is the lazily created client's. */
const prisma = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const real = prismaClient();
    const value = Reflect.get(real, property, real) as unknown;
    return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(real) : value;
  },
});

export default prisma;
