import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../helpers/app-process";

// `npm run demo` is the whole product end to end: the built app between the sandbox and the
// simulated store, driven only through the app's HTTP endpoints.
function runDemo(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(PROJECT_ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/demo.ts"],
      {
        cwd: PROJECT_ROOT,
        env: { ...process.env, LOG_LEVEL: "error", NODE_ENV: "production" },
      },
    );
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c));
    child.stderr.on("data", (c: Buffer) => (output += c));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("npm run demo", () => {
  it("connects, syncs the catalogue, quotes, submits one order for duplicate webhooks, brings tracking back, and keeps a cancelled order from the warehouse", async () => {
    const { code, output } = await runDemo();
    expect(output).toMatch(/connected: true; carrier service: active/);
    expect(output).toMatch(/sync completed: 9 skipped, 28 synced/);
    expect(output).toMatch(/200 in \d+ ms, 3 rates/);
    expect(output).toMatch(/EXPRESS\s+Envío express\s+\$189\.00 MXN/);
    expect(output).toMatch(/delivery 2 of the same event → 200/);
    expect(output).toMatch(/with EXPRESS \(submitted\)/);
    expect(output).toMatch(/Shopify fulfilments on the order: 1, tracking \d+/);
    expect(output).toMatch(/waits: goes to the warehouse at \d{4}-/);
    expect(output).toMatch(/the buyer cancels: orders\/cancelled → 200/);
    expect(output).toMatch(/skipped — the order was cancelled in Shopify/);
    expect(output).toContain("Done: 1 order at the service for 2 webhook deliveries");
    expect(output).toContain("the cancelled order never reached the warehouse");
    expect(code, output).toBe(0);
  });
});
