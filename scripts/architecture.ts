// Draws docs/architecture.svg: dependency-cruiser's own graph of app/, one box per module folder
// (app/catalog, app/rates, …) and per top-level file, checked against the layer rules of
// .dependency-cruiser.cjs, so an arrow that breaks one is drawn red. Rendered with Graphviz
// compiled to WebAssembly (@viz-js/viz): no system `dot` needed. `npm run architecture` after
// moving modules (test/unit/architecture/drawing-current.test.ts fails while the committed drawing
// differs); the layering itself is checked by `npm run lint` (docs/architecture.md, ADR 029).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { instance } from "@viz-js/viz";

const ROOT = path.resolve(import.meta.dirname, "..");
export const ARCHITECTURE_SVG = "docs/architecture.svg";

/** dependency-cruiser's dot graph of app/, folders collapsed to one node each (app/jobs by file: its queue is shared, its worker is not). */
export function architectureDot(): string {
  const bin = path.join(ROOT, "node_modules", ".bin", "depcruise");
  return execFileSync(
    bin,
    ["app", "--config", ".dependency-cruiser.cjs", "--include-only", "^app/", "--collapse", "^app/(jobs/[^/]+|[^/]+)", "--output-type", "dot"],
    { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
}

/** The SVG `npm run architecture` commits: the graph above laid out by Graphviz (WebAssembly, so the same on every machine). */
export async function architectureSvg(): Promise<string> {
  const viz = await instance();
  return viz.renderString(architectureDot(), { format: "svg", engine: "dot" });
}

async function main() {
  fs.writeFileSync(path.join(ROOT, ARCHITECTURE_SVG), await architectureSvg());
  console.log(`wrote ${ARCHITECTURE_SVG}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(ROOT, "scripts/architecture.ts")) {
  await main();
}
