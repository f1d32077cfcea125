import { DomainError } from "@/lib/errors/domain-error";
import type { Tx } from "@/lib/db/client";
import { lockForUpdate } from "@/lib/db/row-lock";
import type { TransactionsTable } from "@/lib/db/tables/payments";
import type { ChannelRef } from "@/lib/providers/types";
import { findPrimaryTransaction } from "./repository";

/**
 * Row locks for read-then-write inside a DB transaction. PostgreSQL: SELECT … FOR UPDATE.
 * SQLite: the transaction already holds the database write lock (BEGIN IMMEDIATE), and has no
 * FOR UPDATE syntax.
 */
export async function lockPrimaryTransaction(
  tx: Tx,
  merchantId: string,
  storeId: string,
  paymentId: string,
): Promise<TransactionsTable> {
  const row = await findPrimaryTransaction(merchantId, { storeId, paymentId }, tx, { lock: true });
  if (!row) throw new DomainError("PAYMENT_NOT_FOUND", `no payment ${paymentId} in this store`);
  return row;
}

export async function lockTransaction(tx: Tx, transactionId: string): Promise<TransactionsTable> {
  return lockForUpdate(
    tx.selectFrom("transactions").selectAll().where("id", "=", transactionId),
  ).executeTakeFirstOrThrow();
}

/** The channel a transaction was made on, as the provider registry needs it. */
export function channelRefOf(row: TransactionsTable): ChannelRef {
  if (row.channel) return JSON.parse(row.channel) as ChannelRef;
  return {
    id: row.channel_id ?? "",
    key: "",
    type: row.channel_type,
    pg_provider: row.pg_provider ?? "",
    pg_merchant_id: "",
  };
}
