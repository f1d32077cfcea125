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

/**
 * CPU seconds used so far by a process group (a server started detached: bench/lib/servers.ts) and,
 * when `pgDataDir` is given, by that PostgreSQL cluster's backends (the postmaster's children, live
 * ones and, through the postmaster's cutime/cstime, those that exited: a pool closes idle
 * connections, and a backend's CPU must not vanish from the sum when it does): what one request
 * costs on each side, to tell a slow server from a slow database.
 */
export function cpuSeconds(pgid: number, pgDataDir?: string): { server: number; postgres: number } {
  const all = stats();
  const pidFile = pgDataDir ? path.join(pgDataDir, "postmaster.pid") : "";
  const postmaster = pidFile && existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8").split("\n")[0]) : -1;
  let server = 0;
  let postgres = 0;
  for (const s of all) {
    if (s.pgrp === pgid) server += s.ticks;
    if (s.ppid === postmaster) postgres += s.ticks;
    if (s.pid === postmaster) postgres += s.reaped;
  }
  return { server: server / TICKS_PER_SECOND, postgres: postgres / TICKS_PER_SECOND };
}
