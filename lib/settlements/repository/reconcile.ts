import { sql } from "kysely";
import { getDb } from "@/lib/db/client";

/** What the settlement checks read: a window of sales, optionally one merchant's store. */
export type CheckScope = { merchantId?: string; storeId?: string; since: number; until: number; sinceDate: string };

type Scoped = { where: (column: never, op: "=", value: string) => unknown };

function scoped<Q extends Scoped>(query: Q, scope: CheckScope, prefix: string): Q {
  let q = query;
  if (scope.merchantId) q = q.where(`${prefix}.merchant_id` as never, "=", scope.merchantId) as Q;
  if (scope.storeId) q = q.where(`${prefix}.store_id` as never, "=", scope.storeId) as Q;
  return q;
}

/** Paid attempts of the window that no settlement row covers. */
export function paidWithoutSettlement(scope: CheckScope) {
  return scoped(
    getDb()
      .selectFrom("transactions as t")
      .leftJoin("settlements as s", (j) => j.onRef("s.source_key", "=", sql<string>`'tx:' || t.id`))
      .select(["t.id", "t.merchant_id", "t.store_id", "t.payment_id", "t.paid_amount"])
      .where("t.paid_at", ">=", scope.since)
      .where("t.paid_at", "<", scope.until)
      .where("t.status", "in", ["PAID", "PARTIAL_CANCELLED", "CANCELLED"])
      .where("t.channel_id", "is not", null)
      .where("s.id", "is", null),
    scope,
    "t",
  ).execute();
}

/** Succeeded refunds of the window with their settlement row, if any, and their channel. */
export function refundsWithSettlement(scope: CheckScope) {
  return scoped(
    getDb()
      .selectFrom("cancellations as c")
      .innerJoin("transactions as t", "t.id", "c.transaction_id")
      .leftJoin("settlements as s", (j) => j.onRef("s.source_key", "=", sql<string>`'cx:' || c.id`))
      .select([
        "c.id",
        "c.merchant_id",
        "c.store_id",
        "c.payment_id",
        "c.transaction_id",
        "c.cancel_amount",
        "c.cancelled_at",
        "t.channel_id",
        "s.status",
        "s.payout_on",
      ])
      .where("c.status", "=", "SUCCEEDED")
      .where("c.cancelled_at", ">=", scope.since)
      .where("c.cancelled_at", "<", scope.until)
      .where("t.channel_id", "is not", null),
    scope,
    "c",
  ).execute();
}

/** Settlement rows sold since the window's first date (the checks on rows themselves). */
export function settlementsSince(scope: CheckScope, filter: "confirmed" | "unmatched" | "expected_due", today: string) {
  let q = scoped(
    getDb()
      .selectFrom("settlements as s")
      .innerJoin("channels as ch", "ch.id", "s.channel_id")
      // Our record's amount, which a confirmed row must settle in full.
      .leftJoin("transactions as t", "t.id", "s.transaction_id")
      .leftJoin("cancellations as c", "c.id", "s.cancellation_id")
      .select([
        "t.paid_amount as paid_amount",
        "c.cancel_amount as cancel_amount",
        "s.id",
        "s.merchant_id",
        "s.store_id",
        "s.channel_id",
        "s.kind",
        "s.payment_id",
        "s.transaction_id",
        "s.cancellation_id",
        "s.method",
        "s.gross",
        "s.fee_total",
        "s.vat_on_fees",
        "s.payout_on",
        "s.pg_key",
        "s.created_at",
        "ch.type as channel_type",
        "ch.pg_provider as channel_pg",
      ])
      // A payout is due by its own date; the other checks look at what was sold in the window.
      .where(filter === "expected_due" ? "s.payout_on" : "s.sold_on", ">=", scope.sinceDate),
    scope,
    "s",
  );
  if (filter === "confirmed") q = q.where("s.status", "=", "CONFIRMED").where("s.transaction_id", "is not", null);
  if (filter === "unmatched") q = q.where("s.transaction_id", "is", null);
  if (filter === "expected_due") q = q.where("s.status", "=", "EXPECTED").where("s.payout_on", "<", today);
  return q.execute();
}

/** Attempts that more than one PAYMENT settlement row covers. */
export function settledTwice(scope: CheckScope) {
  return scoped(
    getDb()
      .selectFrom("settlements as s")
      .select(["s.transaction_id", "s.merchant_id", "s.store_id", "s.payment_id"])
      .select((eb) => eb.fn.countAll().as("n"))
      .where("s.kind", "=", "PAYMENT")
      .where("s.transaction_id", "is not", null)
      .where("s.sold_on", ">=", scope.sinceDate)
      .groupBy(["s.transaction_id", "s.merchant_id", "s.store_id", "s.payment_id"])
      .having((eb) => eb.fn.countAll(), ">", 1),
    scope,
    "s",
  ).execute();
}

/** The channels among these whose PG has confirmed at least one settlement (their report is being read). */
export async function channelsReporting(channelIds: string[]): Promise<Set<string>> {
  if (channelIds.length === 0) return new Set();
  const rows = await getDb()
    .selectFrom("settlements")
    .select("channel_id")
    .distinct()
    .where("channel_id", "in", channelIds)
    .where("status", "=", "CONFIRMED")
    .execute();
  return new Set(rows.map((r) => r.channel_id));
}
