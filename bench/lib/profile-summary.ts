import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Where a process spent its CPU, from the largest .cpuprofile in `dir` (node --cpu-prof): self time
 * grouped by who owns the code (Next.js, React, Kysely, the database driver, our lib/ and app/,
 * Node itself), as percentages of busy (non-idle) time.
 */
type Node = { id: number; callFrame: { functionName: string; url: string } };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

function owner(frame: Node["callFrame"]): string {
  const { url, functionName } = frame;
  if (functionName === "(idle)") return "idle";
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(program)" || url === "")
    return functionName === "(program)" ? "V8 / native (unattributed)" : "native calls (sqlite, crypto, I/O)";
  if (url.includes("node_modules/next/")) return "Next.js";
  if (/node_modules\/(react|react-dom|scheduler)\//.test(url)) return "React";
  if (url.includes("node_modules/kysely/")) return "Kysely";
  if (/node_modules\/(better-sqlite3|pg|pg-protocol|pg-pool)\//.test(url)) return "database driver (JS side)";
  if (url.includes("node_modules/zod/")) return "zod";
  if (url.includes("node_modules/pino") || url.includes("node_modules/sonic-boom")) return "pino (logs)";
  if (url.includes("node_modules/")) return "other packages";
  if (url.startsWith("node:") || !url.includes("/")) return "Node.js";
  if (url.includes("/.next/")) return "our code (bundled: lib/, app/)";
  return "our code (lib/, scripts/)";
}

export function summariseProfile(dir: string): string {
  const file = readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (!file) return "(no profile written)";
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const who = owner(byId.get(id)!.callFrame);
    totals.set(who, (totals.get(who) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  totals.delete("idle");
  const busy = [...totals.values()].reduce((a, b) => a + b, 0);
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([who, t]) => `| ${who} | ${((100 * t) / busy).toFixed(1)}% |`)
    .join("\n");
}
