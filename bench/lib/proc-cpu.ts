// CPU time one process (all its threads) has used, from Linux's /proc/<pid>/stat: utime + stime.
// What a load cost a process, in CPU, whatever else the machine was running meanwhile.
import fs from "node:fs";

// Linux's USER_HZ: 100 on every architecture the kernel exports to user space.
const TICKS_PER_SECOND = 100;

/** CPU milliseconds `pid` has used so far (user + system, every thread). */
function processCpuMs(pid: number): number {
  const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // "pid (comm) state …": comm may hold spaces and parentheses, so split after its last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // fields[0] is state (field 3 of stat(5)); utime and stime are fields 14 and 15.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Runs `load` and returns its result with the CPU `pid` spent on it, in µs per request answered. */
export async function withCpu<T extends { count: number }>(
  pid: number,
  load: () => Promise<T>,
): Promise<T & { cpuUsPerRequest: number }> {
  const before = processCpuMs(pid);
  const result = await load();
  const spent = processCpuMs(pid) - before;
  return { ...result, cpuUsPerRequest: result.count > 0 ? (spent * 1000) / result.count : Number.NaN };
}
