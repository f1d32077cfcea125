import { getDb } from "@/lib/db/client";
import type { CancellationsTable, LateApprovalsTable, TransactionsTable } from "@/lib/db/tables/payments";
import type { OPEN_STATUS, UnsettledTable } from "@/lib/payments/unsettled/repository/look-ups";
import type { ChannelRef } from "@/lib/providers/types";
import type { ReconcileScope } from "./types";

/** The payment records reconciliation compares, as stored. */
export type AttemptRecord = TransactionsTable;
export type CancellationRecord = CancellationsTable;
export type LateApprovalRecord = LateApprovalsTable;

/** One record waiting on a provider, in the columns the report shows. */
export type WaitingRecord = {
  id: string;
  merchant_id: string;
  store_id: string;
  payment_id: string | null;
  amount: number | null;
  since: number;
  lookup_attempts: number;
  lookup_due_at: number | null;
  last_error: string | null;
};

const BATCH = 500;

async function inBatches<T>(ids: string[], load: (batch: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += BATCH) out.push(...(await load(ids.slice(i, i + BATCH))));
  return out;
}

/** Narrows a query on a table with merchant_id and store_id to the scope. */
// biome-ignore lint/suspicious/noExplicitAny: Kysely's overloaded where() has no nameable generic signature; each call site keeps its builder's own types.
function scoped<Q extends { where: (...args: any[]) => Q }>(q: Q, scope: Omit<ReconcileScope, "since">): Q {
  let out = q;
  if (scope.merchantId) out = out.where("merchant_id", "=", scope.merchantId);
  if (scope.storeId) out = out.where("store_id", "=", scope.storeId);
  return out;
}

/** Provider accounts (one per PG merchant id) the scope's payment channels use. */
export async function paymentAccountsInScope(scope: Omit<ReconcileScope, "since">): Promise<ChannelRef[]> {
  const q = getDb()
    .selectFrom("channels")
    .select(["id", "key", "type", "pg_provider", "pg_merchant_id"])
    .where("is_for_payment", "=", 1);
  const accounts = new Map<string, ChannelRef>();
  for (const channel of await scoped(q, scope).orderBy("id").execute())
    accounts.set(`${channel.type}|${channel.pg_provider}|${channel.pg_merchant_id}`, channel);
  return [...accounts.values()];
}

/**
 * Our side of a window: the attempts requested in [since, until) in scope, those `named` by the
 * provider's file, and all their cancellations and late approvals.
 */
export async function loadRecordsForWindow(scope: ReconcileScope, until: number, named: string[]) {
  const db = getDb();
  const inWindow = await scoped(
    db
      .selectFrom("transactions")
      .selectAll()
      .where("requested_at", ">=", scope.since)
      .where("requested_at", "<", until),
    scope,
  ).execute();
  const transactions = new Map<string, AttemptRecord>(inWindow.map((r) => [r.id, r]));
  const missing = named.filter((id) => !transactions.has(id));
  for (const row of await inBatches(missing, (batch) =>
    db.selectFrom("transactions").selectAll().where("id", "in", batch).execute(),
  ))
    transactions.set(row.id, row);
  const ids = [...transactions.keys()];
  const cancellations: CancellationRecord[] = await inBatches(ids, (batch) =>
    db.selectFrom("cancellations").selectAll().where("transaction_id", "in", batch).execute(),
  );
  const lateApprovals: LateApprovalRecord[] = await inBatches(ids, (batch) =>
    db.selectFrom("late_approvals").selectAll().where("transaction_id", "in", batch).execute(),
  );
  return { transactions, cancellations, lateApprovals, inWindow: new Set(inWindow.map((r) => r.id)) };
}

/**
 * Everything in scope still waiting on a provider: attempts PENDING, cancellations REQUESTED,
 * late-approval refunds not yet answered, and schedules STARTED (with their start time).
 */
export async function listWaitingRecords(scope: Omit<ReconcileScope, "since">): Promise<{
  attempts: WaitingRecord[];
  cancellations: WaitingRecord[];
  refunds: WaitingRecord[];
  schedules: {
    id: string;
    merchant_id: string;
    store_id: string;
    payment_id: string;
    amount: number;
    started_at: number | null;
    scheduled_at: number;
  }[];
}> {
  const db = getDb();
  const [attempts, cancellations, refunds, schedules] = await Promise.all([
    scoped(
      db
        .selectFrom("transactions")
        .select([
          "id",
          "merchant_id",
          "store_id",
          "payment_id",
          "total_amount as amount",
          "requested_at as since",
          "lookup_attempts",
          "lookup_due_at",
          "last_lookup_error as last_error",
        ])
        .where("status", "=", "PENDING"),
      scope,
    ).execute(),
    scoped(
      db
        .selectFrom("cancellations")
        .select([
          "id",
          "merchant_id",
          "store_id",
          "payment_id",
          "cancel_amount as amount",
          "requested_at as since",
          "lookup_attempts",
          "lookup_due_at",
          "last_lookup_error as last_error",
        ])
        .where("status", "=", "REQUESTED"),
      scope,
    ).execute(),
    scoped(
      db
        .selectFrom("late_approvals")
        .select([
          "id",
          "merchant_id",
          "store_id",
          "payment_id",
          "amount",
          "detected_at as since",
          "lookup_attempts",
          "lookup_due_at",
          "last_lookup_error as last_error",
        ])
        .where("status", "=", "REFUND_REQUESTED"),
      scope,
    ).execute(),
    scoped(
      db
        .selectFrom("schedules")
        .select(["id", "merchant_id", "store_id", "payment_id", "total_amount as amount", "started_at", "scheduled_at"])
        .where("status", "=", "STARTED"),
      scope,
    ).execute(),
  ]);
  return { attempts, cancellations, refunds, schedules };
}

/** Whether the unsettled record exists in this merchant's store. */
export async function unsettledRecordInStore(
  table: UnsettledTable,
  id: string,
  merchantId: string,
  storeId: string,
): Promise<boolean> {
  const row = await getDb()
    .selectFrom(table)
    .select("id")
    .where("id", "=", id)
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the unsettled record is still waiting (its open status). */
export async function isStillOpen(
  table: UnsettledTable,
  id: string,
  open: (typeof OPEN_STATUS)[UnsettledTable],
): Promise<boolean> {
  const row = await getDb().selectFrom(table).select("status").where("id", "=", id).executeTakeFirstOrThrow();
  return row.status === open;
}
