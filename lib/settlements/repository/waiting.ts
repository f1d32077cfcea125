import { getDb } from "@/lib/db/client";

/** Whose waiting rows to look at: all, one merchant's, or one store's. */
export type WaitingScope = { merchantId?: string; storeId?: string };

const WAITING_COLUMNS = [
  "s.id",
  "s.merchant_id",
  "s.store_id",
  "s.channel_id",
  "s.pg_provider",
  "s.kind",
  "s.pg_key",
  "s.pg_order_id",
  "s.method",
  "s.currency",
  "s.sold_on",
  "s.payout_on",
  "s.gross",
  "s.fees",
  "s.vat_on_fees",
] as const;

function scoped<Q extends { where: (c: never, op: "=", v: string) => unknown }>(q: Q, scope: WaitingScope): Q {
  let query = q;
  if (scope.merchantId) query = query.where("s.merchant_id" as never, "=", scope.merchantId) as Q;
  if (scope.storeId) query = query.where("s.store_id" as never, "=", scope.storeId) as Q;
  return query;
}

/**
 * Waiting PG rows (no record of ours when read) whose record now exists: a payment row whose order
 * id is a paid attempt on its channel, a refund row whose key is a succeeded refund of that attempt.
 * Read through the partial index of waiting rows (migration 0165), so a run with none costs nothing.
 */
export async function waitingWithRecord(scope: WaitingScope, limit: number) {
  const db = getDb();
  const payments = scoped(
    db
      .selectFrom("settlements as s")
      .innerJoin("transactions as t", (j) =>
        j
          .onRef("t.id", "=", "s.pg_order_id")
          .onRef("t.channel_id", "=", "s.channel_id")
          .onRef("t.store_id", "=", "s.store_id"),
      )
      .select(WAITING_COLUMNS)
      .where("s.transaction_id", "is", null)
      .where("s.kind", "=", "PAYMENT")
      .where("t.paid_at", "is not", null)
      .orderBy("s.created_at")
      .limit(limit),
    scope,
  ).execute();
  const refunds = scoped(
    db
      .selectFrom("settlements as s")
      .innerJoin("transactions as t", (j) =>
        j
          .onRef("t.id", "=", "s.pg_order_id")
          .onRef("t.channel_id", "=", "s.channel_id")
          .onRef("t.store_id", "=", "s.store_id"),
      )
      .innerJoin("cancellations as c", (j) =>
        j.onRef("c.transaction_id", "=", "t.id").onRef("c.pg_cancellation_id", "=", "s.pg_key"),
      )
      .select(WAITING_COLUMNS)
      .where("s.transaction_id", "is", null)
      .where("s.kind", "=", "REFUND")
      .where("c.status", "=", "SUCCEEDED")
      .orderBy("s.created_at")
      .limit(limit),
    scope,
  ).execute();
  return [...(await payments), ...(await refunds)];
}

export type WaitingRow = Awaited<ReturnType<typeof waitingWithRecord>>[number];
