import { mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseTarget } from "@/lib/env";
import { runChaos } from "@/lib/testing/chaos/run";

/**
 * The short chaos run of `npm test` (build 9), on the database DATABASE_URL selects:
 * the production server (on PostgreSQL with two `npm run worker` processes beside it) under
 * payments, billing-key payments, due schedules and concurrent partial cancels, with provider
 * latency and faults, SIGKILLed three times at random moments, and on PostgreSQL with every
 * database connection of those processes dropped three times at other moments (a restart, a
 * failover: no process may die of it). Afterwards every payment is
 * settled, every 200 PAID is still paid or cancelled, cancelled totals never exceed what was paid,
 * and `admin reconcile` is empty. The long run is bench/chaos.ts (figures in docs/chaos.md).
 */
describe("chaos: money under SIGKILL, provider latency and faults", () => {
  it("settles every payment and cancellation exactly once and reconciles with the provider", async () => {
    const postgres = databaseTarget().dialect === "postgres";
    const dataDir = path.join(process.env.DATA_DIR!, "chaos-server");
    mkdirSync(dataDir, { recursive: true });
    const result = await runChaos({
      port: Number(process.env.CHAOS_PORT ?? 4110),
      databaseUrl: process.env.DATABASE_URL!,
      dataDir,
      workers: postgres ? 2 : 0,
      loadMs: Number(process.env.CHAOS_LOAD_MS ?? 36_000),
      atLeast: { paid: 11, cancels: 1 },
      kills: Number(process.env.CHAOS_KILLS ?? 3),
      connectionCuts: postgres ? Number(process.env.CHAOS_CUTS ?? 3) : 0,
      concurrency: 2,
      retryForMs: 20_000,
      settleTimeoutMs: 60_000,
    });
    console.log(JSON.stringify(result.figures));
    expect(result.violations, result.violations.length > 0 ? result.serverLog().slice(-3000) : "").toEqual([]);
    expect(result.report).toEqual({ checked: expect.any(Number), mismatches: [], unsettled: [] });
    // The storm was real: money moved, and processes died while it did.
    expect(result.figures.payments.answeredPaid).toBeGreaterThan(10);
    expect(result.figures.cancels.succeeded).toBeGreaterThan(0);
    expect(result.figures.schedules.booked).toBeGreaterThan(0);
    expect(result.figures.restartSeconds).toHaveLength(result.figures.serverKills);
    // On PostgreSQL the cuts were real too: connections in use were dropped, and nothing died of it
    // (a process that did is among the violations above).
    if (postgres) expect(result.figures.connectionsCut.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });
});
