// `npm run bench`: runs every benchmark in bench/ in turn (or those named on the command line),
// each in its own process so that one's warm caches do not flatter the next.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && f !== "run.ts" && !f.startsWith("lib"))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n=== bench/${file}`);
  const result = spawnSync("tsx", [path.join(dir, file)], { stdio: "inherit" });
  if (result.status !== 0) {
    failed++;
    console.error(`bench/${file} exited with ${result.status ?? result.signal}`);
  }
}
process.exit(failed ? 1 : 0);
