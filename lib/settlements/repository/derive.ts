import { sql } from "kysely";
import { getDb, withTransaction } from "@/lib/db/client";
import { applyToDays } from "./days";
import type { Executor } from "@/lib/db/transaction";
import type { SettlementsTable } from "@/lib/db/tables/settlements";

export type SettlementRow = SettlementsTable;

/** A payment or refund that settles and has no settlement row yet. */
export type Unsettled = {
  kind: "PAYMENT" | "REFUND";
  source_id: string;
  merchant_id: string;
  store_id: string;
  channel_id: string;
  channel_type: "LIVE" | "TEST";
  pg_provider: string | null;
  payment_id: string;
  transaction_id: string;
  method: string | null;
  currency: string;
  amount: number;
  /** When it was sold (paid, or refunded): the sold date in Korea time. */
  at: number;
  /** The job's cursor column (status_updated_at or cancelled_at). */
  position: number;
};

export async function readCursor(name: string, db: Executor = getDb()): Promise<number> {
  const row = await db.selectFrom("settlement_cursors").select("position").where("name", "=", name).executeTakeFirst();
  return row ? Number(row.position) : 0;
}

export async function advanceCursor(name: string, position: number, db: Executor = getDb()): Promise<void> {
  await db
    .insertInto("settlement_cursors")
    .values({ name, position })
    .onConflict((oc) =>
      oc.column("name").doUpdateSet({
        position: sql`case when settlement_cursors.position > ${position} then settlement_cursors.position else ${position} end`,
      }),
    )
    .execute();
}

/** Paid attempts (paid, partly or wholly refunded since) changed after `since` without a settlement row. */
export async function paymentsWithoutSettlement(
  since: number,
  limit: number,
  storeId?: string,
  db: Executor = getDb(),
): Promise<Unsettled[]> {
  let query = db
    .selectFrom("transactions as t")
    .leftJoin("settlements as s", (j) => j.onRef("s.source_key", "=", sql<string>`'tx:' || t.id`))
    .select([
      "t.id",
      "t.merchant_id",
      "t.store_id",
      "t.channel_id",
      "t.channel_type",
      "t.pg_provider",
      "t.payment_id",
      "t.method",
      "t.currency",
      "t.paid_amount",
      "t.paid_at",
      "t.status_updated_at",
    ])
    .where("t.status", "in", ["PAID", "PARTIAL_CANCELLED", "CANCELLED"])
    .where("t.status_updated_at", ">", since)
    .where("t.paid_at", "is not", null)
    .where("t.channel_id", "is not", null)
    .where("s.id", "is", null)
    .orderBy("t.status_updated_at")
    .limit(limit);
  if (storeId) query = query.where("t.store_id", "=", storeId);
  const rows = await query.execute();
  return rows.map((r) => ({
    kind: "PAYMENT",
    source_id: r.id,
    merchant_id: r.merchant_id,
    store_id: r.store_id,
    channel_id: r.channel_id!,
    channel_type: r.channel_type,
    pg_provider: r.pg_provider,
    payment_id: r.payment_id,
    transaction_id: r.id,
    method: r.method,
    currency: r.currency,
    amount: Number(r.paid_amount),
    at: Number(r.paid_at),
    position: Number(r.status_updated_at),
  }));
}

/** Refunds that succeeded after `since` without a settlement row. */
export async function refundsWithoutSettlement(
  since: number,
  limit: number,
  storeId?: string,
  db: Executor = getDb(),
): Promise<Unsettled[]> {
  let query = db
    .selectFrom("cancellations as c")
    .innerJoin("transactions as t", "t.id", "c.transaction_id")
    .leftJoin("settlements as s", (j) => j.onRef("s.source_key", "=", sql<string>`'cx:' || c.id`))
    .select([
      "c.id",
      "c.merchant_id",
      "c.store_id",
      "t.channel_id",
      "t.channel_type",
      "t.pg_provider",
      "c.payment_id",
      "t.id as transaction_id",
      "t.method",
      "t.currency",
      "c.cancel_amount",
      "c.cancelled_at",
    ])
    .where("c.status", "=", "SUCCEEDED")
    .where("c.cancelled_at", ">", since)
    .where("t.channel_id", "is not", null)
    .where("s.id", "is", null)
    .orderBy("c.cancelled_at")
    .limit(limit);
  if (storeId) query = query.where("c.store_id", "=", storeId);
  const rows = await query.execute();
  return rows.map((r) => ({
    kind: "REFUND",
    source_id: r.id,
    merchant_id: r.merchant_id,
    store_id: r.store_id,
    channel_id: r.channel_id!,
    channel_type: r.channel_type,
    pg_provider: r.pg_provider,
    payment_id: r.payment_id,
    transaction_id: r.transaction_id,
    method: r.method,
    currency: r.currency,
    amount: Number(r.cancel_amount),
    at: Number(r.cancelled_at),
    position: Number(r.cancelled_at),
  }));
}

/** Writes settlement rows; one already there for the same source is kept (idempotent). */
export async function insertSettlements(rows: SettlementsTable[]): Promise<void> {
  if (rows.length === 0) return;
  await withTransaction(async (tx) => {
    // Only the rows this statement inserted count into their days (a concurrent run's are its own).
    const inserted = await tx
      .insertInto("settlements")
      .values(rows)
      .onConflict((oc) => oc.column("source_key").doNothing())
      .returningAll()
      .execute();
    await applyToDays(tx, inserted, 1);
  });
}
