import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { fileURLToPath } from "node:url";

/**
 * A CPU profile (node --cpu-prof) of the server, attributed per request: each sample's leaf says
 * WHAT ran (our code, Kysely building a query, the database driver, Next.js, Node…) and the nearest
 * frame of our own code on its stack says FOR WHOM (the route wrapper, the verb, the audit, the
 * sandbox provider, group commit, the worker…). Frames inside Next's bundles are mapped back to
 * their source files through the build's source maps: Kysely, zod and pino are bundled into the same
 * chunks as our code, so a chunk's URL alone cannot tell them apart.
 */
type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
export type Node = { id: number; callFrame: CallFrame; children?: number[] };
export type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const maps = new Map<string, SourceMap | null>();

function sourceMapOf(url: string): SourceMap | null {
  if (!maps.has(url)) {
    let map: SourceMap | null = null;
    try {
      const file = `${fileURLToPath(url)}.map`;
      if (existsSync(file)) map = new SourceMap(JSON.parse(readFileSync(file, "utf8")));
    } catch {}
    maps.set(url, map);
  }
  return maps.get(url)!;
}

/** The source file a frame's function was written in: "node_modules/kysely/…", "lib/…", "app/…", "node:…", "". */
export function sourceOf(frame: CallFrame): string {
  let url = frame.url;
  if (url.includes("/.next/")) {
    const entry = sourceMapOf(url)?.findEntry(frame.lineNumber, frame.columnNumber) as
      | { originalSource?: string }
      | undefined;
    if (entry?.originalSource) url = entry.originalSource;
  }
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/);
  if (pkg) return `node_modules/${pkg[1]}/${pkg[2]}`;
  const ours = url.match(/(?:^|\/)((?:lib|app|scripts|proxy|instrumentation)[/.].*)$/);
  if (ours) return decodeURIComponent(ours[1]!);
  return url;
}

/** What ran: the kind of work of the sample's leaf frame. */
export function workOf(frame: CallFrame, source: string): string {
  const fn = frame.functionName;
  if (fn === "(garbage collector)") return "garbage collection";
  if (fn === "(program)") return "V8 (unattributed)";
  if (source === "") return "native (syscalls, SQLite, crypto, JSON)";
  // better-sqlite3 runs a statement synchronously inside Kysely's driver call: its self time is SQLite's
  // own work (the statement, index upkeep, triggers, a COMMIT's fsync).
  if (/^node_modules\/kysely\/.*sqlite-driver/.test(source)) return "SQLite itself (statements, triggers, fsync)";
  if (source.startsWith("node_modules/kysely/")) {
    // Running a query (the executor, the driver adapters, the result) vs building its SQL text.
    return /\/(driver|dialect\/[^/]+\/[^/]*-driver|query-executor|util\/(log|performance)|plugin)/.test(source)
      ? "Kysely running (executor, driver adapter)"
      : "Kysely building (query builder, compiler)";
  }
  if (/^node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+|better-sqlite3)\//.test(source))
    return "database driver (JS)";
  if (source.startsWith("node_modules/next/")) return "Next.js";
  if (/^node_modules\/(react|react-dom|react-server-dom-[a-z]+|scheduler)\//.test(source)) return "React";
  if (source.startsWith("node_modules/zod/")) return "zod";
  if (/^node_modules\/(pino|sonic-boom|thread-stream|fast-redact|pino-std-serializers)/.test(source))
    return "pino (logs)";
  if (source.startsWith("node_modules/")) return `other packages`;
  if (source.startsWith("node:") || !source.includes("/")) return "Node.js";
  return "our code";
}

/** For whom: the area of the nearest frame of ours on the stack (lib/db's own frames only when nothing else of ours is). */
export function areaOf(source: string): string | undefined {
  const rules: [RegExp, string][] = [
    [/^lib\/audit\//, "audit entry and sealing"],
    [/^lib\/providers\//, "provider call (sandbox ledger)"],
    [/^lib\/(api\/idempotency|idempotency\/)/, "Idempotency-Key"],
    [/^lib\/request-log\//, "request log"],
    [/^lib\/ops\/(metrics|observe-request|provider-metrics|db-metrics|job-metrics)/, "metrics"],
    [/^lib\/ops\/(logger|log-scrub|console-to-logger)/, "logs (access log)"],
    [/^lib\/auth\//, "authentication"],
    [/^(lib\/(api|ops|security|tenancy|errors)\/|app\/|proxy|instrumentation)/, "route wrapper (lib/api, app/)"],
    [/^lib\/(jobs|webhooks\/(deliver|fan-out|send))/, "worker (jobs)"],
    [/^lib\/db\/group-commit/, "group commit"],
    [/^lib\/db\//, "lib/db (transactions, statement cache)"],
    [/^lib\//, "the verb (lib/payments, cards, channels, webhooks enqueue)"],
    [/^scripts\//, "server (scripts/start.ts)"],
  ];
  for (const [re, area] of rules) if (re.test(source)) return area;
  return undefined;
}

const NO_FRAME_OF_OURS = "no frame of ours (Node/Next serving HTTP, timers, GC)";

/**
 * Busy CPU per area × kind of work, over the samples taken between `from` and `to` (µs since the
 * profile's start).
 */
export function attribute(profile: Profile, from: number, to: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const sources = new Map<number, string>();
  const source = (id: number) => {
    if (!sources.has(id)) sources.set(id, sourceOf(byId.get(id)!.callFrame));
    return sources.get(id)!;
  };
  const areaCache = new Map<number, string>();
  const areaFor = (leaf: number): string => {
    const cached = areaCache.get(leaf);
    if (cached) return cached;
    let db: string | undefined;
    let area: string | undefined;
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
      const a = areaOf(source(id));
      if (!a) continue;
      if (a === "lib/db (transactions, statement cache)" || a === "group commit") {
        db ??= a;
        continue;
      }
      area = a;
      break;
    }
    const result = area ?? db ?? NO_FRAME_OF_OURS;
    areaCache.set(leaf, result);
    return result;
  };
  const cells = new Map<string, Map<string, number>>();
  let busy = 0;
  let t = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (t < from || t > to) return;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === "(idle)") return;
    const dt = profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0;
    const work = workOf(node.callFrame, source(id));
    const area = work === "garbage collection" ? "garbage collection" : areaFor(id);
    const row = cells.get(area) ?? new Map<string, number>();
    row.set(work, (row.get(work) ?? 0) + dt);
    cells.set(area, row);
    busy += dt;
  });
  return { cells, busy };
}

/** Markdown tables: µs per unit by area (with what ran inside it) and by kind of work. */
export function attributionTables(profile: Profile, from: number, to: number, units: number, scale = 1): string {
  const { cells, busy } = attribute(profile, from, to);
  const us = (v: number) => ((v * scale) / units).toFixed(0);
  const pct = (v: number) => `${((100 * v) / busy).toFixed(1)}%`;
  const areas = [...cells.entries()]
    .map(([area, row]) => ({ area, row, total: [...row.values()].reduce((a, b) => a + b, 0) }))
    .sort((a, b) => b.total - a.total);
  const lines = ["| for whom | µs per payment | share | what ran inside it (µs) |", "|---|---|---|---|"];
  for (const { area, row, total } of areas) {
    const inside = [...row.entries()]
      .sort((a, b) => b[1] - a[1])
      .filter(([, v]) => (v * scale) / units >= 5)
      .map(([w, v]) => `${w} ${us(v)}`)
      .join("; ");
    lines.push(`| ${area} | ${us(total)} | ${pct(total)} | ${inside} |`);
  }
  const works = new Map<string, number>();
  for (const { row } of areas) for (const [w, v] of row) works.set(w, (works.get(w) ?? 0) + v);
  lines.push("", "| what ran | µs per payment | share |", "|---|---|---|");
  for (const [w, v] of [...works.entries()].sort((a, b) => b[1] - a[1])) lines.push(`| ${w} | ${us(v)} | ${pct(v)} |`);
  lines.push("", `busy CPU in the window: ${us(busy)} µs per payment (profiled main thread)`);
  return lines.join("\n");
}
