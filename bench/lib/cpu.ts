// CPU time by process group (Linux /proc), to see which part of a run the machine's cores went to:
// the app, the simulated store, the sandbox, PostgreSQL, the bench itself and its load generator.
import fs from "node:fs";

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime of the process, in clock ticks. */
  own: number;
  /** cutime + cstime: the reaped children's, in clock ticks. */
  reaped: number;
}

// Linux's USER_HZ: 100 on every architecture the kernel exports to user space (sysconf(_SC_CLK_TCK)).
const TICKS_PER_SECOND = 100;

function readStats(): ProcStat[] {
  const stats: ProcStat[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let text: string;
    try {
      text = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // gone between the listing and the read
    }
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after its last ")".
    const close = text.lastIndexOf(")");
    const comm = text.slice(text.indexOf("(") + 1, close);
    const fields = text.slice(close + 2).split(" ");
    // fields[0] is state (field 3 of stat(5)); utime is field 14, so fields[11].
    stats.push({
      pid: Number(entry),
      ppid: Number(fields[1]),
      comm,
      own: Number(fields[11]) + Number(fields[12]),
      reaped: Number(fields[13]) + Number(fields[14]),
    });
  }
  return stats;
}

/** CPU seconds so far per named group: each group is the process trees under its pids; PostgreSQL's
 *  processes (comm "postgres") under any group form their own group (other servers on the machine
 *  are not counted). Time of processes that have
 *  ended counts once their parent has reaped them: in the parent's group, or in the group
 *  `endedChildren` names for that parent (e.g. the load generators the bench ran). */
export function cpuSeconds(
  groups: Record<string, number[]>,
  endedChildren: Record<number, string> = {},
): Record<string, number> {
  const stats = readStats();
  const byPid = new Map(stats.map((s) => [s.pid, s]));
  const roots = new Map<number, string>();
  for (const [name, pids] of Object.entries(groups)) for (const pid of pids) roots.set(pid, name);
  const totals: Record<string, number> = { postgres: 0, ...Object.fromEntries(Object.keys(groups).map((g) => [g, 0])) };
  for (const name of Object.values(endedChildren)) totals[name] = 0;
  for (const s of stats) {
    let group: string | undefined;
    if (s.comm === "postgres") {
      // Only the run's own PostgreSQL (a descendant of a group's process): on a shared machine
      // other PostgreSQL servers are someone else's.
      if (descendsFrom(s, byPid, roots)) group = "postgres";
    } else
      for (let p: ProcStat | undefined = s; p && !group; p = byPid.get(p.ppid)) {
        group = roots.get(p.pid);
        if (p.ppid === 0) break;
      }
    if (!group) continue;
    const ended = endedChildren[s.pid];
    totals[group]! += (ended ? s.own : s.own + s.reaped) / TICKS_PER_SECOND;
    if (ended) totals[ended]! += s.reaped / TICKS_PER_SECOND;
  }
  return totals;
}

function descendsFrom(s: ProcStat, byPid: Map<number, ProcStat>, roots: Map<number, string>): boolean {
  for (let p = byPid.get(s.ppid); p; p = byPid.get(p.ppid)) {
    if (roots.has(p.pid)) return true;
    if (p.ppid === 0) break;
  }
  return false;
}

/** What each group spent between two readings. */
export function cpuSpent(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(after).map(([g, s]) => [g, s - (before[g] ?? 0)]));
}
