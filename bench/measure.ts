/** Fixed concurrency for a fixed time against one request; requests/s and latency percentiles. */
export type Target = { name: string; request: () => Promise<Response> };

export async function measure(target: Target, seconds: number, concurrency: number) {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        const start = performance.now();
        const res = await target.request();
        await res.arrayBuffer();
        if (!res.ok) errors += 1;
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(1);
  return {
    endpoint: target.name,
    requests: latencies.length,
    rps: Math.round(latencies.length / seconds),
    p50_ms: pct(50),
    p99_ms: pct(99),
    errors,
  };
}
