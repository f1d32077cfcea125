import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * Calls before timing starts. Six: PostgreSQL plans a named statement afresh for its first five
 * runs and may switch to its generic plan on the sixth, and V8 optimizes a hot path only after
 * several calls; one warm-up call measured the switch and the compilation inside the timed runs.
 * BENCH_WARM_UP overrides it (fewer, to time a slow "before" quickly).
 */
export const WARM_UP_CALLS = Number(process.env.BENCH_WARM_UP ?? 6);

// The garbage of the previous query's runs is collected before a query is timed, so no query pays
// for another's (its own garbage, collected during its runs, stays in its times).
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** The q-quantile of ascending samples, nearest rank (with 20 samples p95 is the 19th, not the largest). */
export function quantile(sorted: number[], q: number): number {
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

/** p50/p95 (and the largest) of `runs` timed calls after WARM_UP_CALLS untimed ones. */
export async function time(label: string, runs: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < WARM_UP_CALLS; i++) await fn();
  collectGarbage();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { label, p50: quantile(ms, 0.5), p95: quantile(ms, 0.95), max: ms[ms.length - 1]! };
}

export type Timing = Awaited<ReturnType<typeof time>>;

/** A markdown table of timings with each p50 as a multiple of the first row's (the baseline). */
export function timingTable(results: Timing[]): string {
  const base = results[0]!.p50;
  const lines = ["| query | p50 ms | p95 ms | max ms | p50 / baseline |", "|---|---|---|---|---|"];
  for (const r of results)
    lines.push(
      `| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${(r.p50 / base).toFixed(0)}× |`,
    );
  return lines.join("\n");
}
