import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Test levels (test/README.md): unit = pure code; integration = routes and modules with a real
// PostgreSQL database; contract = service client ⇄ sandbox over real HTTP; e2e = the built app;
// reliability = the built server under faults; scale = three built instances behind HAProxy and PgBouncer.
const testEnv = {
  NODE_ENV: "test" as const,
  LOG_LEVEL: "silent",
  SHOPIFY_API_KEY: "test-api-key",
  SHOPIFY_API_SECRET: "test-api-secret",
  // Every test runs as during a client-secret rotation: the previous secret is still accepted.
  SHOPIFY_API_SECRET_PREVIOUS: "test-api-secret-before-rotation",
  SHOPIFY_APP_URL: "https://svc-app.example.test",
  SCOPES:
    "read_products,read_shipping,write_shipping,read_orders,write_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders,read_assigned_fulfillment_orders,write_assigned_fulfillment_orders,write_fulfillments,read_inventory,write_inventory,read_locations",
  ENCRYPTION_KEY: "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=",
  // Tests start their own sandbox on port 0 and pass its URL explicitly; these only satisfy the schema.
  SVC_BASE_URL: "http://127.0.0.1:4010",
  SVC_QA_BASE_URL: "http://127.0.0.1:4010",
};

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    env: testEnv,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["test/unit/**/*.test.{ts,tsx}"] },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.{ts,tsx}"],
          globalSetup: ["test/helpers/database-server.ts"],
          setupFiles: ["test/helpers/database-per-file.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "contract",
          include: ["test/contract/**/*.test.{ts,tsx}"],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.{ts,tsx}"],
          globalSetup: ["test/helpers/database-server.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // One app process and one browser at a time: these tests start real servers.
          pool: "forks",
          poolOptions: { forks: { singleFork: true } },
        },
      },
      {
        extends: true,
        test: {
          name: "reliability",
          // The built server (`npm start`) under bad input, database restarts and several processes.
          include: ["test/reliability/**/*.test.{ts,tsx}"],
          globalSetup: ["test/helpers/database-server.ts"],
          testTimeout: 240_000,
          hookTimeout: 180_000,
          pool: "forks",
          poolOptions: { forks: { singleFork: true } },
        },
      },
      {
        extends: true,
        test: {
          name: "scale",
          // Debian's PostgreSQL, PgBouncer (transaction mode) and HAProxy in front of three
          // instances of the built server (test/scale/support/cluster.ts), and Redis shared by
          // three instances (shared-cache.test.ts); each file starts its own.
          include: ["test/scale/**/*.test.{ts,tsx}"],
          globalSetup: ["test/helpers/database-server.ts"],
          testTimeout: 300_000,
          hookTimeout: 240_000,
          pool: "forks",
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
