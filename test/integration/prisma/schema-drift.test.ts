import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("prisma schema and migrations", () => {
  it("agree: replaying prisma/migrations gives exactly prisma/schema.prisma", () => {
    const result = spawnSync(
      process.execPath,
      [
        "node_modules/prisma/build/index.js",
        "migrate",
        "diff",
        "--from-migrations",
        "prisma/migrations",
        "--to-schema-datamodel",
        "prisma/schema.prisma",
        "--exit-code",
      ],
      { env: { ...process.env }, encoding: "utf8" },
    );
    // --exit-code: 0 = no difference, 2 = drift (the diff is printed), 1 = error.
    expect(result.stdout + result.stderr).toContain("No difference detected");
    expect(result.status).toBe(0);
  });
});
