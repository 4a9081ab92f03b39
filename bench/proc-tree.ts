import { readdir, readFile } from "node:fs/promises";
import { reachable } from "../pipeline/reachable";

/**
 * Peak resident memory of a process tree (a build and every process it
 * starts), sampled from /proc. Threads count with their process.
 */

export interface ProcStat {
  pid: number;
  ppid: number;
  /** Resident set size in pages. */
  rssPages: number;
  /** CPU time used so far, user and system, in clock ticks (100 a second on Linux). */
  cpuTicks: number;
}

/** Parses /proc/{pid}/stat; the command name (field 2) may hold spaces and parentheses. */
export function parseProcStat(text: string): ProcStat | null {
  const close = text.lastIndexOf(")");
  if (close === -1) return null;
  const pid = Number(text.slice(0, text.indexOf("(")).trim());
  // fields after the name: state(3) ppid(4) ... utime(14) stime(15) ... rss(24)
  const rest = text
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  const ppid = Number(rest[1]);
  const rssPages = Number(rest[21]);
  const cpuTicks = Number(rest[11]) + Number(rest[12]);
  if (!Number.isInteger(pid) || !Number.isInteger(ppid) || !Number.isFinite(rssPages)) return null;
  return { pid, ppid, rssPages, cpuTicks: Number.isFinite(cpuTicks) ? cpuTicks : 0 };
}

/** The pids of `root` and all its descendants in a process table. */
export function descendants(root: number, table: readonly ProcStat[]): Set<number> {
  return reachable(root, (pid) => table.filter((p) => p.ppid === pid).map((p) => p.pid));
}

async function readTable(): Promise<ProcStat[]> {
  const table: ProcStat[] = [];
  for (const name of await readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const parsed = parseProcStat(await readFile(`/proc/${name}/stat`, "utf8"));
      if (parsed) table.push(parsed);
    } catch {
      // the process ended between readdir and read
    }
  }
  return table;
}

/** Page size in bytes; 4 KiB on the x86-64 and arm64 Linux kernels this runs on. */
const PAGE_SIZE = 4096;

export async function treeRssBytes(root: number): Promise<number> {
  const table = await readTable();
  const pids = descendants(root, table);
  return table.filter((p) => pids.has(p.pid)).reduce((sum, p) => sum + p.rssPages * PAGE_SIZE, 0);
}

/**
 * The processes under `root` (itself excluded) whose command line matches and whose parent's does not:
 * the tops of the subtrees one kind of child makes (a `tsx` launcher and the node it starts are one).
 */
export function matchingTops(
  root: number,
  table: readonly ProcStat[],
  commandLineOf: (pid: number) => string,
  matches: (commandLine: string) => boolean,
): number[] {
  const under = descendants(root, table);
  under.delete(root);
  const matching = new Set([...under].filter((pid) => matches(commandLineOf(pid))));
  const parentOf = new Map(table.map((p) => [p.pid, p.ppid]));
  return [...matching].filter((pid) => !matching.has(parentOf.get(pid) ?? -1));
}

/** Resident memory of the subtrees under `root` whose top's command line matches (see `matchingTops`). */
export async function matchingSubtreesRssBytes(
  root: number,
  matches: (commandLine: string) => boolean,
): Promise<number> {
  const table = await readTable();
  const commandLines = new Map<number, string>();
  for (const pid of descendants(root, table)) {
    // NUL-separated arguments; a process that ended meanwhile has none
    commandLines.set(pid, (await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")).replace(/\0/g, " "));
  }
  const tops = matchingTops(root, table, (pid) => commandLines.get(pid) ?? "", matches);
  const pids = new Set(tops.flatMap((top) => [...descendants(top, table)]));
  return table.filter((p) => pids.has(p.pid)).reduce((sum, p) => sum + p.rssPages * PAGE_SIZE, 0);
}

export interface RssSampler {
  readonly lastBytes: number;
  /** Samples from now on count towards this phase's peak (the first phase is named when sampling starts). */
  enterPhase(name: string): void;
  /** The peak of each phase entered, in the order entered. */
  readonly peakBytesByPhase: ReadonlyMap<string, number>;
  stop(): Promise<number>;
}

/** Samples `measure` (bytes) every `intervalMs` until stopped; resolves to the peak. */
export function sampleRss(measure: () => Promise<number>, intervalMs = 100, firstPhase = "start"): RssSampler {
  let peak = 0;
  let last = 0;
  let running = true;
  let phase = firstPhase;
  const byPhase = new Map<string, number>([[phase, 0]]);
  const loop = (async () => {
    while (running) {
      try {
        const sampledIn = phase;
        last = await measure();
        peak = Math.max(peak, last);
        byPhase.set(sampledIn, Math.max(byPhase.get(sampledIn) ?? 0, last));
      } catch {
        // /proc unreadable: no figure rather than a failed build
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    get lastBytes() {
      return last;
    },
    enterPhase(name: string) {
      phase = name;
      if (!byPhase.has(name)) byPhase.set(name, 0);
    },
    get peakBytesByPhase() {
      return byPhase;
    },
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}
