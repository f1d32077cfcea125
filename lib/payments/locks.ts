import { DomainError } from "@/lib/api/error-codes";
import { dialect, type Tx } from "@/lib/db/client";
import type { TransactionsTable } from "@/lib/db/tables/payments";
import type { ChannelRef } from "@/lib/providers/types";

/**
 * Row locks for read-then-write inside a DB transaction. PostgreSQL: SELECT … FOR UPDATE.
 * SQLite: the transaction already holds the database write lock (BEGIN IMMEDIATE), and has no
 * FOR UPDATE syntax.
 */
export async function lockPrimaryTransaction(tx: Tx, merchantId: string, storeId: string, paymentId: string): Promise<TransactionsTable> {
  let query = tx
    .selectFrom("transactions")
    .selectAll()
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .where("payment_id", "=", paymentId)
    .where("is_primary", "=", 1);
  if (dialect() === "postgres") query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new DomainError("PAYMENT_NOT_FOUND", `no payment ${paymentId} in this store`);
  return row;
}

export async function lockTransaction(tx: Tx, transactionId: string): Promise<TransactionsTable> {
  let query = tx.selectFrom("transactions").selectAll().where("id", "=", transactionId);
  if (dialect() === "postgres") query = query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

/** The channel a transaction was made on, as the provider registry needs it. */
export function channelRefOf(row: TransactionsTable): ChannelRef {
  if (row.channel) return JSON.parse(row.channel) as ChannelRef;
  return { id: row.channel_id ?? "", key: "", type: row.channel_type, pg_provider: row.pg_provider ?? "", pg_merchant_id: "" };
}
