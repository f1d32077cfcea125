import { sql, type Kysely } from "kysely";
import { dialect, getDb, withTransaction } from "@/lib/db/client";
import type { CancellationsTable, LateApprovalsTable, TransactionsTable } from "@/lib/db/tables/payments";
import { latestHonest } from "@/lib/time";
import { claimLeaseMs, firstLookupAt, longestLookupDelayMs, nextLookupAt } from "../look-up-times";

/**
 * Records whose outcome at the provider is not known yet: attempts (PENDING), cancellations
 * (REQUESTED) and late-approval refunds (REFUND_REQUESTED). Each carries `lookup_due_at`, when
 * the provider is next asked; a partial index on it per table makes finding the due ones cheap
 * at any volume (migration 0011).
 */
type Rows = { transactions: TransactionsTable; cancellations: CancellationsTable; late_approvals: LateApprovalsTable };
export type UnsettledTable = keyof Rows;

export const OPEN_STATUS = {
  transactions: "PENDING",
  cancellations: "REQUESTED",
  late_approvals: "REFUND_REQUESTED",
} as const;

/** The three tables share the look-up columns; Kysely cannot express that generically. */
function lookupColumns() {
  return getDb() as unknown as Kysely<
    Record<
      UnsettledTable,
      Pick<
        TransactionsTable,
        "id" | "lookup_due_at" | "lookup_attempts" | "last_lookup_error" | "lookup_claimed_until"
      > & { status: string }
    >
  >;
}

/** The outcome became unknown (timeout, network error): look it up now. No-op once settled. */
export async function markUnknown(name: UnsettledTable, id: string, reason: string): Promise<void> {
  await lookupColumns()
    .updateTable(name)
    .set({ lookup_due_at: Date.now(), last_lookup_error: reason.slice(0, 500) })
    .where("id", "=", id)
    .where("status", "=", OPEN_STATUS[name])
    .execute();
}

/**
 * A call for this record is about to be sent (again): no look-up until it has ended, so a sweep
 * never asks about a request still on its way. No-op once settled.
 */
export async function holdLookupsDuringCall(name: UnsettledTable, id: string): Promise<void> {
  const ended = firstLookupAt(Date.now());
  await lookupColumns()
    .updateTable(name)
    .set({ lookup_due_at: ended })
    .where("id", "=", id)
    .where("status", "=", OPEN_STATUS[name])
    .execute();
  // An attempt's "no record" proves nothing until this call can no longer land (look-up-attempt.ts).
  if (name === "transactions")
    await getDb()
      .updateTable("transactions")
      .set({ call_deadline_at: ended })
      .where("id", "=", id)
      .where("status", "=", "PENDING")
      .execute();
}

/** Whether the record's outcome is still unknown. */
export async function isUnsettled(name: UnsettledTable, id: string): Promise<boolean> {
  const row = await lookupColumns()
    .selectFrom(name)
    .select("id")
    .where("id", "=", id)
    .where("status", "=", OPEN_STATUS[name])
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A look-up is wanted now (dashboard, a retried request): due at once, whatever its backoff said.
 * No-op once settled, and while a sweeper's claim on it lasts: that look-up is under way, and a
 * second one would only ask the provider the same question again.
 */
export async function makeDueNow(name: UnsettledTable, id: string): Promise<void> {
  const now = Date.now();
  await lookupColumns()
    .updateTable(name)
    .set({ lookup_due_at: now })
    .where("id", "=", id)
    .where("status", "=", OPEN_STATUS[name])
    .where((eb) =>
      eb.or([
        eb("lookup_claimed_until", "is", null),
        eb("lookup_claimed_until", "<=", now),
        // A claim further ahead than its lease was made by a clock that ran ahead: no look-up is under way.
        eb("lookup_claimed_until", ">", latestHonest(claimLeaseMs(), now)),
      ]),
    )
    .execute();
}

/**
 * Look-ups booked further ahead than any backoff, claim or call can reach (a clock that ran ahead
 * wrote them) become due now, their claims void. Run at every worker's start and then periodically
 * (lib/jobs/handlers.ts); an index range scan of the unsettled rows, empty when clocks agree.
 * Returns how many records it made due.
 */
export async function makeFutureLookupsDue(now = Date.now()): Promise<number> {
  const horizon = latestHonest(longestLookupDelayMs(), now);
  let repaired = 0;
  for (const name of Object.keys(OPEN_STATUS) as UnsettledTable[]) {
    // The status as a literal, so SQLite can use the partial index of unsettled rows (migration 0011).
    const result = await sql`
      update ${sql.table(name)} set lookup_due_at = ${now}, lookup_claimed_until = null
      where status = ${sql.lit(OPEN_STATUS[name])} and lookup_due_at > ${horizon}`.execute(getDb());
    repaired += Number(result.numAffectedRows ?? 0);
  }
  return repaired;
}

/**
 * Still unknown after a look-up: ask again after the backoff (and not before `notBefore`). A look-up
 * that could not conclude only because it came before `notBefore` (the call may still land) failed
 * nothing: the next is due then, and the backoff does not grow, so retried requests asking early
 * do not push the answer minutes away. No-op once settled.
 */
export async function rescheduleLookup(
  name: UnsettledTable,
  row: { id: string; lookup_attempts: number },
  reason: string,
  notBefore = 0,
): Promise<void> {
  const early = notBefore > Date.now();
  await lookupColumns()
    .updateTable(name)
    .set({
      lookup_due_at: early ? notBefore : Math.max(nextLookupAt(row.lookup_attempts + 1), notBefore),
      lookup_attempts: early ? row.lookup_attempts : row.lookup_attempts + 1,
      last_lookup_error: reason.slice(0, 500),
      // The look-up has ended: the claim with it, so a "look up now" need not wait for the lease.
      lookup_claimed_until: null,
    })
    .where("id", "=", row.id)
    .where("status", "=", OPEN_STATUS[name])
    .execute();
}

/**
 * Claims up to `limit` records whose look-up is due (`only`: just that one), pushing their due
 * time past the claim's lease, so concurrent sweepers (several workers on PostgreSQL) take
 * disjoint rows and a sweeper that dies mid-look-up is replaced after the lease. The lease's end
 * is also kept as `lookup_claimed_until`, which tells a claim from a backoff (makeDueNow).
 */
export async function claimDue<T extends UnsettledTable>(name: T, limit: number, only?: string): Promise<Rows[T][]> {
  const now = Date.now();
  const leaseEnd = now + claimLeaseMs();
  const open = sql.lit(OPEN_STATUS[name]);
  const ref = sql.table(name);
  const lock = dialect() === "postgres" ? sql`for update skip locked` : sql``;
  const pick = only ? sql`and id = ${only}` : sql``;
  return withTransaction(async (tx) => {
    const result = await sql<Rows[T]>`
      update ${ref} set lookup_due_at = ${leaseEnd}, lookup_claimed_until = ${leaseEnd}
      where id in (
        select id from ${ref}
        where status = ${open} and lookup_due_at <= ${now} ${pick}
        order by lookup_due_at
        limit ${limit}
        ${lock}
      ) and status = ${open}
      returning *`.execute(tx);
    return result.rows;
  });
}
