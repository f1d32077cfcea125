import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Where a process spent its CPU, from the largest .cpuprofile in `dir` (node --cpu-prof): self time
 * grouped by who owns the code (Next.js, React, Kysely, the database driver, our lib/ and app/,
 * Node itself), as percentages of busy (non-idle) time.
 */
import { type Profile, sourceOf } from "./profile-attribution";

type Node = Profile["nodes"][number];

function owner(frame: Node["callFrame"]): string {
  const { functionName } = frame;
  // Frames in Next's bundles are mapped to their sources (Kysely, zod… are bundled with our code).
  const url = frame.url.includes("/.next/") ? sourceOf(frame) : frame.url;
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

export function largestProfile(dir: string): Profile | undefined {
  const file = readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
  return file ? (JSON.parse(readFileSync(file, "utf8")) as Profile) : undefined;
}

/** Self time per key of each sample's frame, idle left out; with the busy total. */
function selfTimes(profile: Profile, key: (frame: Node["callFrame"]) => string) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === "(idle)") return;
    const k = key(frame);
    totals.set(k, (totals.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const busy = [...totals.values()].reduce((a, b) => a + b, 0);
  return { totals: [...totals.entries()].sort((a, b) => b[1] - a[1]), busy };
}

export function summariseProfile(dir: string): string {
  const profile = largestProfile(dir);
  if (!profile) return "(no profile written)";
  const { totals, busy } = selfTimes(profile, owner);
  return totals.map(([who, t]) => `| ${who} | ${((100 * t) / busy).toFixed(1)}% |`).join("\n");
}

/** Where a frame's code lives, short: the package, or the path inside the checkout / the build. */
function where(url: string): string {
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/);
  if (pkg) return `${pkg[1]}: ${pkg[2]!.split("/").slice(-2).join("/")}`;
  const built = url.match(/\/\.next\/(.*)$/);
  if (built) return `.next/${built[1]}`;
  return url.replace(/^file:\/\/.*?\/(lib|app|scripts)\//, "$1/") || "(native)";
}

/** The `limit` functions with the most self time: what the owner table hides inside Next's bundle. */
export function topFrames(dir: string, limit: number): string {
  const profile = largestProfile(dir);
  if (!profile) return "(no profile written)";
  const { totals, busy } = selfTimes(profile, (f) =>
    JSON.stringify([f.functionName || "(anonymous)", f.url.includes("/.next/") ? sourceOf(f) : f.url, owner(f)]),
  );
  return totals
    .slice(0, limit)
    .map(([key, t]) => {
      const [fn, url, who] = JSON.parse(key) as [string, string, string];
      return `| ${fn.replaceAll("|", "\\|")} | ${where(url)} | ${who} | ${((100 * t) / busy).toFixed(1)}% |`;
    })
    .join("\n");
}
