// docs/architecture.svg is dependency-cruiser's graph of app/ as it is now, not as it was when someone
// last remembered to redraw it: rendered here in memory by the script that writes it and compared
// with the committed file.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ARCHITECTURE_SVG, architectureSvg } from "../../../scripts/architecture";

describe("docs/architecture.svg", () => {
  it("is the drawing scripts/architecture.ts makes of today's imports", { timeout: 120_000 }, async () => {
    const committed = fs.readFileSync(path.resolve(ARCHITECTURE_SVG), "utf8");
    const current = await architectureSvg();
    expect(current.length, "the drawing came out empty").toBeGreaterThan(1000);
    expect(committed === current, `${ARCHITECTURE_SVG} is stale: run \`npm run architecture\` and commit it`).toBe(true);
  });
});
