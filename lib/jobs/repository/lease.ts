import { sql } from "kysely";
import { getDb } from "@/lib/db/client";
import { latestHonest } from "@/lib/time";
import type { Job } from "./queue";

/** PROVIDER_TIMEOUT_MS bounds every provider call (lib/providers); read with the same default. */
function providerTimeoutMs(): number {
  const value = Number(process.env.PROVIDER_TIMEOUT_MS);
  return value > 0 ? value : 30_000;
}

/**
 * How long a claim holds a job. The lease is renewed while the job runs, so it only decides how
 * soon another worker takes over from one that died; it stays at least twice the provider timeout
 * so that a renewal delayed by a slow database never hands a job with a call in flight to another
 * worker. WORKER_LEASE_MS overrides it (tests).
 */
export function jobLeaseMs(): number {
  const configured = Number(process.env.WORKER_LEASE_MS);
  return configured > 0 ? configured : Math.max(60_000, 2 * providerTimeoutMs());
}

/**
 * Extends the leases these runs still hold (one statement, by primary key); returns the lease
 * tokens still held. A missing token means another worker took the job over.
 */
export async function renewLeases(runs: Pick<Job, "id" | "locked_by">[], leaseMs: number): Promise<Set<string>> {
  if (runs.length === 0) return new Set();
  const now = Date.now();
  const rows = await getDb()
    .updateTable("jobs")
    .set({ locked_until: now + leaseMs, updated_at: now })
    .where(
      "id",
      "in",
      runs.map((r) => r.id),
    )
    .where(
      "locked_by",
      "in",
      runs.map((r) => r.locked_by!),
    )
    .where("state", "=", "RUNNING")
    .returning("locked_by")
    .execute();
  return new Set(rows.map((r) => r.locked_by!));
}

/**
 * Leases further ahead than the longest a claim ever grants (`longestLeaseMs`) were written by a
 * clock that ran ahead: they end now, so another worker takes the job over instead of waiting for as
 * long as that clock was wrong. A scan of the RUNNING jobs' partial index; returns how many ended.
 */
export async function endFutureLeases(longestLeaseMs: number, now = Date.now()): Promise<number> {
  const result = await sql`
    update jobs set locked_until = ${now}
    where state = 'RUNNING' and locked_until > ${latestHonest(longestLeaseMs, now)}`.execute(getDb());
  return Number(result.numAffectedRows ?? 0);
}
