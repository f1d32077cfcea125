import { sql } from "kysely";
import { getDb } from "@/lib/db/client";
import { durableWrite } from "@/lib/db/transaction";
import type { CancellationStatus, TransactionStatus } from "@/lib/db/tables/payments";

/** What operations asks of the database itself: the connection's life and its pool. */
export { closeDb, poolStats } from "@/lib/db/client";
export { pendingMigrations } from "@/lib/db/migrations/index";
export type { CancellationStatus, TransactionStatus };

/** One round trip (`select 1`): the readiness probe's database check. */
export async function pingDatabase(): Promise<void> {
  await sql`select 1`.execute(getDb());
}

/** A durable one-row write: the database can write, not only read (a full disk fails it). */
export async function probeWrite(now: number): Promise<void> {
  await durableWrite((db) =>
    db
      .insertInto("readiness_probe")
      .values({ id: "readyz", checked_at: now })
      .onConflict((oc) => oc.column("id").doUpdateSet({ checked_at: now }))
      .execute(),
  );
}

/** Jobs per queue and state: due QUEUED ones, RUNNING and FAILED, with the oldest run_at (jobs_due_idx). */
export async function countJobsByQueue(now: number) {
  const rows = await getDb()
    .selectFrom("jobs")
    .select((eb) => ["queue", "state", eb.fn.countAll<number>().as("count"), eb.fn.min<number>("run_at").as("oldest")])
    .where((eb) =>
      eb.or([eb.and([eb("state", "=", "QUEUED"), eb("run_at", "<=", now)]), eb("state", "in", ["RUNNING", "FAILED"])]),
    )
    .groupBy(["queue", "state"])
    .execute();
  return rows.map((r) => ({ queue: r.queue, state: r.state, count: Number(r.count), oldest: Number(r.oldest) }));
}

export type UnsettledCount = { count: number; oldestAt: number | null };

/** Across every tenant: attempts and cancellations in the given states, and the oldest (status indexes of migration 0050). */
export async function countInStates(states: {
  transactions: TransactionStatus[];
  cancellations: CancellationStatus[];
}): Promise<{ transactions: UnsettledCount; cancellations: UnsettledCount }> {
  const db = getDb();
  const [transactions, cancellations] = await Promise.all([
    db
      .selectFrom("transactions")
      .select((eb) => [
        eb.fn.countAll<number>().as("count"),
        eb.fn.min<number | null>("status_updated_at").as("oldestAt"),
      ])
      .where("status", "in", states.transactions)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("cancellations")
      .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.min<number | null>("requested_at").as("oldestAt")])
      .where("status", "in", states.cancellations)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    transactions: {
      count: Number(transactions.count),
      oldestAt: transactions.oldestAt === null ? null : Number(transactions.oldestAt),
    },
    cancellations: {
      count: Number(cancellations.count),
      oldestAt: cancellations.oldestAt === null ? null : Number(cancellations.oldestAt),
    },
  };
}
