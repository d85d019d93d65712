// The app's services in tests: the graph production builds (createAppServices, the composition
// root), from the test environment and on the test database, with the parts a test replaces by
// local stand-ins (the sandbox, the simulated store, a fixed clock…). Routes get them as Remix
// would give them (`routeContext()`), job handlers as the worker would (`testServices()`).
import type { AppLoadContext } from "@remix-run/node";
import { createAppServices, ratesFor, type AppServiceParts, type AppServices } from "~/composition.server";
import { parseEnv } from "~/env.server";
import prisma from "./prisma";

let services: AppServices | undefined;
let parts: AppServiceParts = {};

/** This test file's services, built from the test environment on first use. */
export function testServices(): AppServices {
  services ??= createAppServices(parseEnv(), { db: prisma, ...parts });
  return services;
}

/**
 * Replaces parts of this file's services (the rest keep their production default). The rates
 * runtime and its caches stay: it reads the services when it quotes, as it does in production; so
 * does the Admin API pacing, as one database's pacing does.
 */
export function configureTestServices(more: AppServiceParts): AppServices {
  parts = { ...parts, ...more };
  const current = testServices();
  const { rates, naiveRates } = current;
  const next = createAppServices(current.config, { db: prisma, adminPacing: current.adminPacing, ...parts });
  Object.assign(current, next, { rates, naiveRates });
  return current;
}

/** Writes the buffered quote log and starts the rates runtime afresh (empty caches). */
export async function resetTestRates(): Promise<void> {
  const current = testServices();
  await current.rates.stop();
  Object.assign(current, ratesFor(current));
}

/** The load context a route's loader or action gets from the server. */
export function routeContext(): AppLoadContext {
  return { services: testServices() };
}
