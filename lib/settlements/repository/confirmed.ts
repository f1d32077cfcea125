import { dialect, getDb, withTransaction } from "@/lib/db/client";
import { applyToDays } from "./days";
import type { Executor } from "@/lib/db/transaction";
import type { SettlementsTable } from "@/lib/db/tables/settlements";

/** Our record a PG's settlement row names: a paid attempt (by our id) or a refund (by the PG's key). */
export type MatchedSource = {
  source_key: string;
  payment_id: string;
  transaction_id: string;
  cancellation_id: string | null;
  method: string | null;
};

export async function findAttemptOnChannel(
  merchantId: string,
  storeId: string,
  channelId: string,
  transactionId: string,
  db: Executor = getDb(),
): Promise<MatchedSource | undefined> {
  const row = await db
    .selectFrom("transactions")
    .select(["id", "payment_id", "method"])
    .where("merchant_id", "=", merchantId)
    .where("store_id", "=", storeId)
    .where("channel_id", "=", channelId)
    .where("id", "=", transactionId)
    .where("paid_at", "is not", null)
    .executeTakeFirst();
  return (
    row && {
      source_key: `tx:${row.id}`,
      payment_id: row.payment_id,
      transaction_id: row.id,
      cancellation_id: null,
      method: row.method,
    }
  );
}

export async function findRefundOnChannel(
  merchantId: string,
  storeId: string,
  channelId: string,
  pgCancellationId: string,
  db: Executor = getDb(),
): Promise<MatchedSource | undefined> {
  const row = await db
    .selectFrom("cancellations as c")
    .innerJoin("transactions as t", "t.id", "c.transaction_id")
    .select(["c.id", "c.payment_id", "t.id as transaction_id", "t.method"])
    .where("c.merchant_id", "=", merchantId)
    .where("c.store_id", "=", storeId)
    .where("t.channel_id", "=", channelId)
    .where("c.pg_cancellation_id", "=", pgCancellationId)
    .where("c.status", "=", "SUCCEEDED")
    .executeTakeFirst();
  return (
    row && {
      source_key: `cx:${row.id}`,
      payment_id: row.payment_id,
      transaction_id: row.transaction_id,
      cancellation_id: row.id,
      method: row.method,
    }
  );
}

export async function settlementBySource(sourceKey: string, db: Executor = getDb()) {
  return db
    .selectFrom("settlements")
    .select(["id", "status", "pg_key"])
    .where("source_key", "=", sourceKey)
    .executeTakeFirst();
}

/** Writes a confirmed row under its source key, replacing what was there (the expected row, or an earlier copy). */
export async function upsertConfirmed(row: SettlementsTable): Promise<void> {
  await withTransaction((tx) => writeConfirmed(tx, row));
}

/**
 * A waiting row (a PG row that named no record of ours) whose record has settled: it leaves, and
 * its matched row is written in the same transaction. False when another process moved it first.
 */
export async function replaceWaiting(waitingId: string, row: SettlementsTable): Promise<boolean> {
  return withTransaction(async (tx) => {
    const gone = await tx
      .deleteFrom("settlements")
      .where("id", "=", waitingId)
      .where("transaction_id", "is", null)
      .returningAll()
      .execute();
    if (gone.length === 0) return false;
    await applyToDays(tx, gone, -1);
    await writeConfirmed(tx, row);
    return true;
  });
}

async function writeConfirmed(tx: Executor, row: SettlementsTable): Promise<void> {
  const { id: _id, created_at: _created, source_key: _key, ...update } = row;
  // The row it replaces leaves its day's sums and the new one joins its own (PostgreSQL: locked).
  let before = tx.selectFrom("settlements").selectAll().where("source_key", "=", row.source_key);
  if (dialect() === "postgres") before = before.forUpdate();
  const old = await before.executeTakeFirst();
  const written = await tx
    .insertInto("settlements")
    .values(row)
    .onConflict((oc) => oc.column("source_key").doUpdateSet(update))
    .returningAll()
    .executeTakeFirstOrThrow();
  if (old) await applyToDays(tx, [old], -1);
  await applyToDays(tx, [written], 1);
}
