import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirectoryInUseError, startEmbeddedPostgres } from "../../../server/database";

const quiet = { info() {}, warn() {} };
const root = fs.mkdtempSync(path.join(path.resolve(".data"), "lock-test-"));
fs.chmodSync(root, 0o755);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function deadPid(): number {
  const child = spawnSync("true");
  return child.pid!;
}

describe("the embedded PostgreSQL data directory lock", () => {
  it("takes over a lock left by a process that died, and an empty one, then releases it on stop", async () => {
    for (const content of [String(deadPid()), ""]) {
      const dataDir = path.join(root, `stale-${content || "empty"}`);
      fs.writeFileSync(`${dataDir}.lock`, content);
      const db = await startEmbeddedPostgres({ dataDir, logger: quiet });
      expect(fs.readFileSync(`${dataDir}.lock`, "utf8")).toBe(String(process.pid));
      await db.stop();
      expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    }
  });

  it("refuses a directory whose lock belongs to a live process, naming it, and leaves its lock alone", async () => {
    const owner = spawn("sleep", ["30"]);
    try {
      const dataDir = path.join(root, "busy");
      fs.writeFileSync(`${dataDir}.lock`, String(owner.pid));
      const attempt = startEmbeddedPostgres({ dataDir, logger: quiet });
      await expect(attempt).rejects.toBeInstanceOf(DataDirectoryInUseError);
      await expect(attempt).rejects.toThrow(`pid ${owner.pid}`);
      expect(fs.readFileSync(`${dataDir}.lock`, "utf8")).toBe(String(owner.pid));
      expect(fs.existsSync(dataDir)).toBe(false);
    } finally {
      owner.kill();
    }
  });
});
