/**
 * Issue 31: the full catalogue sync of 10,000 variants read by a bulk query and read page by page
 * (the app without bulk query access), on a Standard and on a Plus plan's throttle. Each of the
 * four runs is bench/catalog-sync.ts in its own process (the built server, the simulated store in
 * its own process, the sandbox, PostgreSQL), so the figures compare like with like.
 * Run: tsx bench/catalog-paged.ts [variants]   (default: 10000)
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const variants = process.argv[2] ?? "10000";
const script = path.join(import.meta.dirname, "catalog-sync.ts");
let failed = 0;
for (const plan of ["standard", "plus"]) {
  for (const bulk of ["on", "off"]) {
    console.log(`\n--- ${plan} plan, ${bulk === "on" ? "bulk query" : "paged read (no bulk access)"}`);
    const result = spawnSync("tsx", [script, variants], {
      stdio: "inherit",
      env: { ...process.env, BENCH_PLAN: plan, BENCH_BULK_ACCESS: bulk },
    });
    if (result.status !== 0) failed++;
  }
}
process.exit(failed ? 1 : 0);
