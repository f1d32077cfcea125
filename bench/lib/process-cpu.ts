import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Clock ticks per second of /proc's utime/stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** `ticks`: utime + stime; `reaped`: cutime + cstime, the CPU of its children that exited and were waited for. */
type Stat = { pid: number; ppid: number; pgrp: number; ticks: number; reaped: number };

function stats(): Stat[] {
  const out: Stat[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after "(comm)": state ppid pgrp … utime (12th) stime (13th) cutime (14th) cstime (15th).
      const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
      out.push({
        pid: Number(entry),
        ppid: Number(f[1]),
        pgrp: Number(f[2]),
        ticks: Number(f[11]) + Number(f[12]),
        reaped: Number(f[13]) + Number(f[14]),
      });
    } catch {
      // The process ended while listing.
    }
  }
  return out;
}

/** The postmaster of a PostgreSQL data directory (-1 when it runs none): its children are the backends and helpers. */
export function postmasterPid(pgDataDir: string): number {
  const pidFile = path.join(pgDataDir, "postmaster.pid");
  return existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8").split("\n")[0]) : -1;
}

/**
 * CPU seconds used so far by a process group (a server started detached: bench/lib/servers.ts) and,
 * when `pgDataDir` is given, by that PostgreSQL cluster's backends (the postmaster's children, live
 * ones and, through the postmaster's cutime/cstime, those that exited: a pool closes idle
 * connections, and a backend's CPU must not vanish from the sum when it does): what one request
 * costs on each side, to tell a slow server from a slow database.
 */
export function cpuSeconds(pgid: number, pgDataDir?: string): { server: number; postgres: number } {
  const postmaster = pgDataDir ? postmasterPid(pgDataDir) : -1;
  let server = 0;
  let postgres = 0;
  for (const s of stats()) {
    if (s.pgrp === pgid) server += s.ticks;
    if (s.ppid === postmaster) postgres += s.ticks;
    if (s.pid === postmaster) postgres += s.reaped;
  }
  return { server: server / TICKS_PER_SECOND, postgres: postgres / TICKS_PER_SECOND };
}

/**
 * CPU seconds a PostgreSQL cluster has used so far, finer than cpuSeconds: its running processes to
 * the nanosecond (/proc/PID/schedstat), and those that ended (autovacuum workers, a closed backend)
 * from the postmaster's cutime + cstime. For in-process benchmarks that price a few statements.
 */
export function postgresClusterSeconds(postmaster: number): number {
  let seconds = 0;
  for (const s of stats()) {
    if (s.pid === postmaster) seconds += s.reaped / TICKS_PER_SECOND;
    if (s.ppid !== postmaster) continue;
    try {
      seconds += Number(readFileSync(`/proc/${s.pid}/schedstat`, "utf8").split(" ")[0]) / 1e9;
    } catch {
      // The process ended since the listing.
    }
  }
  return seconds;
}
