import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { DEFAULT_SHIPPING_ADDRESS } from "../../sandbox/store/orders/order-writer";
import { PROJECT_ROOT } from "../helpers/app-process";

// `npm run demo` is the whole product end to end: the built app between the sandbox and the
// simulated store, driven only through the app's HTTP endpoints.
function runDemo(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "scripts/demo.ts"],
      {
        cwd: PROJECT_ROOT,
        // debug: more than production writes (info), so the privacy scan below sees every line.
        env: { ...process.env, LOG_LEVEL: "debug", NODE_ENV: "production" },
      },
    );
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c));
    child.stderr.on("data", (c: Buffer) => (output += c));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

// What must never reach a log line: the buyer's name, address, phone and email (those of the demo
// order, and any email or Mexican phone at all), the service API key, the app secret, the
// store's access token or any bearer token.
const buyer = DEFAULT_SHIPPING_ADDRESS;
const FORBIDDEN: [what: string, pattern: RegExp][] = [
  ["buyer's name", new RegExp(`${buyer.firstName} ${buyer.lastName}|${buyer.lastName}`)],
  ["buyer's street", new RegExp(buyer.address1!.split(" ")[1]!)],
  ["buyer's address line 2", new RegExp(buyer.address2!.replace(/[.]/g, "\\."))],
  ["buyer's phone", /5512345678|55[\s-]?1234[\s-]?5678/],
  ["a Mexican phone number", /\+52[\s-]?\d/],
  ["an email address", /[\w.+-]+@[\w-]+\.[\w.-]+/],
  ["the service API key", /sandbox-key/],
  ["the app secret", /demo-api-secret/],
  ["an access token", /shpat_|shpua_|bearer\s+\S/i],
];

/** The app's log lines (pino JSON) in the demo's output, and what each leaks. */
function leaks(output: string, minLines = 5): string[] {
  const logLines = output.split("\n").filter((line) => {
    if (!line.startsWith("{")) return false;
    try {
      return typeof (JSON.parse(line) as { level?: unknown }).level === "number";
    } catch {
      return false;
    }
  });
  expect(logLines.length, "the demo wrote too few app log lines to scan").toBeGreaterThanOrEqual(minLines);
  // Timestamps and ids are digits too: only the message and its fields are scanned, without them.
  const scrubbed = logLines.map((line) => {
    const { time: _time, pid: _pid, hostname: _host, ...rest } = JSON.parse(line) as Record<string, unknown>;
    return JSON.stringify(rest).replace(/"\d{4}-\d{2}-\d{2}T[^"]*"/g, '"<time>"');
  });
  return scrubbed.flatMap((line) =>
    FORBIDDEN.filter(([, pattern]) => pattern.test(line)).map(([what]) => `${what} in: ${line.slice(0, 300)}`),
  );
}

describe("the log privacy scan", () => {
  it("finds each kind of leak in a pino line, and none in a clean one", () => {
    const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, time: 1, msg: "x", ...fields });
    expect(leaks(line({ shop: "tienda-demo.myshopify.com", order: "#1001" }), 1)).toEqual([]);
    for (const leak of [
      { to: "Ana López" },
      { street: "Río Lerma 232" },
      { phone: "5512345678" },
      { phone: "+52 81 8340 1234" },
      { email: "someone@example.org" },
      { key: "sandbox-key" },
      { header: "Bearer abc" },
      { token: "shpat_sim_x" },
    ]) {
      expect(leaks(line(leak), 1), JSON.stringify(leak)).toHaveLength(1);
    }
  });
});

describe("npm run demo", () => {
  it("connects, syncs the catalogue, quotes, submits one order for duplicate webhooks, brings tracking back, sends an order that waited for stock once a reception covers it, and keeps a cancelled order from the warehouse", async () => {
    const { code, output } = await runDemo();
    expect(output).toMatch(/connected: true; carrier service: active/);
    expect(output).toMatch(/sync completed: 9 skipped, 28 synced/);
    // The readiness step: a fresh connect reaches no checkout (Admin 2026-10) until the action runs.
    expect(output).toMatch(/carrier callback called: false; 0 rates from the app/);
    expect(output).toMatch(/Inicio's checklist: rates in Mexico → problem \(not in: General profile\)/);
    expect(output).toMatch(/ok\s+rates_in_mexico/);
    expect(output).toMatch(/200 in \d+ ms, 3 rates/);
    expect(output).toMatch(/EXPRESS\s+Envío express\s+\$189\.00 MXN/);
    expect(output).toMatch(/200, 0 rates: the service does not deliver to 63950/);
    expect(output).toMatch(/delivery 2 of the same event → 200/);
    expect(output).toMatch(/with EXPRESS \(submitted\)/);
    expect(output).toMatch(/Shopify fulfilments on the order: 1, tracking \d+/);
    expect(output).toMatch(/waits: goes to the warehouse at \d{4}-/);
    expect(output).toMatch(/the buyer cancels: orders\/cancelled → 200/);
    expect(output).toMatch(/skipped — the order was cancelled in Shopify/);
    expect(output).toMatch(/reception of 24 × \S+ → 200/);
    expect(output).toMatch(/: awaiting_stock — waiting for stock: the warehouse lacks \S+ × \d+;/);
    expect(output).toMatch(/Almacén: \S+ \d+ available at the warehouse/);
    expect(output).toMatch(/order #\d+ no longer waits: service order \S+ \(submitted\)/);
    // One service order for the duplicate deliveries, one for the order that waited for stock: sent once.
    expect(output).toContain("Done: 2 orders at the service: 1 for 2 webhook deliveries");
    expect(output).toContain("1 that waited for stock and went once");
    expect(output).toContain("the cancelled order never reached the warehouse");
    expect(code, output).toBe(0);
    // The forms are posted as the pages post them: no Remix warning for a stranger to puzzle over.
    expect(output).not.toMatch(/REMIX FUTURE CHANGE|Error: You made a/);
    // AND no log line the app wrote during the story holds personal data or a secret
    expect(leaks(output)).toEqual([]);
  });
});
