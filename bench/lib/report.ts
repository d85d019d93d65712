// What a benchmark prints: lines said as they are measured, aligned tables, the machine's load
// average, and the whole text kept in bench/results/ (git-ignored) at the end.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./processes";

export interface Report {
  say(text?: string): void;
  table(title: string, head: string[], rows: (string | number)[][]): void;
  /** Writes everything said to bench/results/<time>-<name>.txt and says where. */
  save(): void;
}

/** The 1, 5 and 15 minute load averages, as printed beside every run. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
}

export function createReport(name: string): Report {
  const lines: string[] = [];
  const say = (text = "") => {
    lines.push(text);
    console.log(text);
  };
  return {
    say,
    table(title, head, rows) {
      say(`\n${title}`);
      const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
      const format = (r: (string | number)[]) => r.map((c, i) => String(c).padStart(widths[i]!)).join("  ");
      say(format(head));
      for (const r of rows) say(format(r));
    },
    save() {
      const dir = path.join(ROOT, "bench/results");
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${name}.txt`);
      fs.writeFileSync(file, `${lines.join("\n")}\n`);
      console.log(`\nwritten to ${path.relative(ROOT, file)}`);
    },
  };
}
