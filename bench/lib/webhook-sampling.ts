import pg from "pg";

/**
 * Samples, every `everyMs` while a benchmark runs, the app's PostgreSQL pool (callers waiting for a
 * connection, from /metrics) and pg_stat_activity (backends active, idle in a transaction, waiting
 * on a lock; the statements most often seen running). `stop()` returns a markdown summary: where
 * time goes when requests and jobs share one pool. SQLite: the pool line only says "n/a".
 */
export function startSampling(base: string, metricsToken: string, databaseUrl: string, everyMs: number) {
  const postgres = databaseUrl.startsWith("postgres");
  const client = postgres ? new pg.Client({ connectionString: databaseUrl }) : undefined;
  const connected = client?.connect();
  const waiting: number[] = [];
  const poolTotal: number[] = [];
  const active: number[] = [];
  const idleInTx: number[] = [];
  const lockWaits: number[] = [];
  const running = new Map<string, number>();
  let stopped = false;

  const sampleOnce = async () => {
    const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
      .then((r) => r.text())
      .catch(() => "");
    const gauge = (state: string) =>
      Number(metrics.match(new RegExp(`db_pool_connections\\{state="${state}"\\} (\\d+)`))?.[1]);
    if (!Number.isNaN(gauge("waiting"))) {
      waiting.push(gauge("waiting"));
      poolTotal.push(gauge("total"));
    }
    if (!client) return;
    await connected;
    const { rows } = await client.query<{ state: string | null; wait_event_type: string | null; query: string }>(
      `select state, wait_event_type, left(regexp_replace(query, '\\s+', ' ', 'g'), 70) as query
       from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    active.push(rows.filter((r) => r.state === "active").length);
    idleInTx.push(rows.filter((r) => r.state === "idle in transaction").length);
    lockWaits.push(rows.filter((r) => r.wait_event_type === "Lock").length);
    for (const r of rows)
      if (r.state === "active" && !r.query.startsWith("LISTEN")) running.set(r.query, (running.get(r.query) ?? 0) + 1);
  };
  const loop = (async () => {
    while (!stopped) {
      const next = new Promise((r) => setTimeout(r, everyMs));
      await sampleOnce().catch(() => undefined);
      await next;
    }
  })();

  return {
    async stop(): Promise<string> {
      stopped = true;
      await loop;
      await client?.end().catch(() => undefined);
      const stat = (values: number[]) => {
        if (values.length === 0) return "n/a";
        const sorted = [...values].sort((a, b) => a - b);
        const mean = values.reduce((a, b) => a + b, 0) / values.length;
        return `mean ${mean.toFixed(1)}, p90 ${sorted[Math.floor(sorted.length * 0.9)]}, max ${sorted[sorted.length - 1]}`;
      };
      const lines = [
        `\nSampled every ${everyMs} ms (${waiting.length || active.length} samples):`,
        `- app pool: callers waiting for a connection ${stat(waiting)}; connections open ${stat(poolTotal)}`,
      ];
      if (client) {
        lines.push(
          `- PostgreSQL backends active ${stat(active)}, idle in transaction ${stat(idleInTx)}, waiting on a lock ${stat(lockWaits)}`,
          "- statements most often running:",
          ...[...running]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 6)
            .map(([query, n]) => `  - ${n}× ${query}`),
        );
      }
      return lines.join("\n");
    },
  };
}
