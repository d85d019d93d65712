/**
 * Whether the demo must build the app before it starts it: the build is missing, or a source it is
 * made from changed after it (so `npm run demo` never serves yesterday's code without saying so).
 */
import fs from "node:fs";
import path from "node:path";

/** What the build (build/start.js and the rest, written together) is made from. */
const SOURCES = ["app", "server", "package.json", "package-lock.json", "vite.config.ts", "tsconfig.json"];

/** Why the build in `root` must be made again (a sentence for the terminal), or null when it is current. */
export function staleBuildReason(root: string): string | null {
  const built = mtimeOf(path.join(root, "build/start.js"));
  if (built === null) return "there is no build yet";
  for (const source of SOURCES) {
    const newer = newerThan(path.join(root, source), built);
    if (newer) return `${path.relative(root, newer)} changed after the last build`;
  }
  return null;
}

function mtimeOf(file: string): number | null {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

/** The first file under `entry` (a file or a folder) changed after `time`, if any. */
function newerThan(entry: string, time: number): string | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return null;
  }
  if (!stat.isDirectory()) return stat.mtimeMs > time ? entry : null;
  for (const child of fs.readdirSync(entry)) {
    const newer = newerThan(path.join(entry, child), time);
    if (newer) return newer;
  }
  return null;
}
