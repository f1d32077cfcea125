/** p50/p95 of `runs` timed calls after one warm-up call. */
export async function time(label: string, runs: number, fn: () => Promise<unknown>) {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const p = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
  return { label, p50: p(0.5), p95: p(0.95) };
}

export type Timing = Awaited<ReturnType<typeof time>>;

/** A markdown table of timings with each p50 as a multiple of the first row's (the baseline). */
export function timingTable(results: Timing[]): string {
  const base = results[0]!.p50;
  const lines = ["| query | p50 ms | p95 ms | p50 / baseline |", "|---|---|---|---|"];
  for (const r of results)
    lines.push(`| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${(r.p50 / base).toFixed(0)}× |`);
  return lines.join("\n");
}
