import { type SelectQueryBuilder, sql } from "kysely";
import { getDb } from "@/lib/db/client";
import type { DB } from "@/lib/db/schema";
import type { SettlementKind, SettlementStatus, SettlementsTable } from "@/lib/db/tables/settlements";

export type SettlementFilters = {
  merchantId: string;
  storeIds: string[];
  payoutFrom?: string;
  payoutTo?: string;
  soldFrom?: string;
  soldTo?: string;
  payoutOn?: string;
  channelId?: string;
  paymentId?: string;
  statuses?: SettlementStatus[];
  kinds?: SettlementKind[];
};

export type SettlementRecord = SettlementsTable & { channel_key: string };

export type PayoutRecord = {
  payout_on: string;
  store_id: string;
  channel_id: string;
  channel_key: string;
  pg_provider: string | null;
  currency: string;
  status: SettlementStatus;
  payment_count: number;
  refund_count: number;
  gross: number;
  fee_total: number;
  vat_on_fees: number;
  net: number;
};

function filtered<O>(query: SelectQueryBuilder<DB, "settlements", O>, f: SettlementFilters) {
  let q = query.where("settlements.merchant_id", "=", f.merchantId).where("settlements.store_id", "in", f.storeIds);
  if (f.payoutOn) q = q.where("settlements.payout_on", "=", f.payoutOn);
  if (f.payoutFrom) q = q.where("settlements.payout_on", ">=", f.payoutFrom);
  if (f.payoutTo) q = q.where("settlements.payout_on", "<=", f.payoutTo);
  if (f.soldFrom) q = q.where("settlements.sold_on", ">=", f.soldFrom);
  if (f.soldTo) q = q.where("settlements.sold_on", "<=", f.soldTo);
  if (f.channelId) q = q.where("settlements.channel_id", "=", f.channelId);
  if (f.paymentId) q = q.where("settlements.payment_id", "=", f.paymentId);
  if (f.statuses?.length) q = q.where("settlements.status", "in", f.statuses);
  if (f.kinds?.length) q = q.where("settlements.kind", "in", f.kinds);
  return q;
}

const num = (v: unknown) => Number(v ?? 0);

/** Settlement rows by payout date then sale, with the total count of the filter. */
export async function pageSettlements(
  f: SettlementFilters,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: SettlementRecord[] }> {
  const db = getDb();
  const [count, rows] = await Promise.all([
    filtered(db.selectFrom("settlements"), f)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow(),
    filtered(db.selectFrom("settlements"), f)
      .innerJoin("channels", "channels.id", "settlements.channel_id")
      .selectAll("settlements")
      .select("channels.key as channel_key")
      .orderBy("settlements.payout_on")
      .orderBy("settlements.sold_on")
      .orderBy("settlements.id")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return { total: num(count.n), rows: rows.map((r) => ({ ...r, ...numbers(r) })) };
}

function numbers(r: { gross: unknown; fee_total: unknown; vat_on_fees: unknown; net: unknown }) {
  return { gross: num(r.gross), fee_total: num(r.fee_total), vat_on_fees: num(r.vat_on_fees), net: num(r.net) };
}

function payoutGroups(f: SettlementFilters) {
  return filtered(getDb().selectFrom("settlements"), f).groupBy([
    "settlements.payout_on",
    "settlements.store_id",
    "settlements.channel_id",
    "settlements.currency",
  ]);
}

/** Payouts (one per date, store, channel and currency) with their sums, by payout date. */
export async function pagePayouts(
  f: SettlementFilters,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: PayoutRecord[] }> {
  const db = getDb();
  const groups = payoutGroups(f).select("settlements.payout_on").as("g");
  const [count, rows] = await Promise.all([
    db
      .selectFrom(groups)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow(),
    payoutGroups(f)
      .select([
        "settlements.payout_on",
        "settlements.store_id",
        "settlements.channel_id",
        "settlements.currency",
        // 'EXPECTED' sorts after 'CONFIRMED': one expected row keeps the payout expected.
        sql<SettlementStatus>`max(settlements.status)`.as("status"),
        sql<string>`max(settlements.pg_provider)`.as("pg_provider"),
        sql<number>`sum(case when settlements.kind = 'PAYMENT' then 1 else 0 end)`.as("payment_count"),
        sql<number>`sum(case when settlements.kind = 'REFUND' then 1 else 0 end)`.as("refund_count"),
        sql<number>`sum(settlements.gross)`.as("gross"),
        sql<number>`sum(settlements.fee_total)`.as("fee_total"),
        sql<number>`sum(settlements.vat_on_fees)`.as("vat_on_fees"),
        sql<number>`sum(settlements.net)`.as("net"),
      ])
      .orderBy("settlements.payout_on")
      .orderBy("settlements.store_id")
      .orderBy("settlements.channel_id")
      .orderBy("settlements.currency")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  const keys = await channelKeys([...new Set(rows.map((r) => r.channel_id))]);
  return {
    total: num(count.n),
    rows: rows.map((r) => ({
      ...r,
      channel_key: keys.get(r.channel_id) ?? r.channel_id,
      payment_count: num(r.payment_count),
      refund_count: num(r.refund_count),
      ...numbers(r),
    })),
  };
}

async function channelKeys(ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await getDb().selectFrom("channels").select(["id", "key"]).where("id", "in", ids).execute();
  return new Map(rows.map((r) => [r.id, r.key]));
}

/** A channel of the store by key, for a filter (undefined: none, so the filter matches nothing). */
export async function channelIdByKey(merchantId: string, storeIds: string[], key: string): Promise<string | undefined> {
  const row = await getDb()
    .selectFrom("channels")
    .select("id")
    .where("merchant_id", "=", merchantId)
    .where("store_id", "in", storeIds)
    .where("key", "=", key)
    .executeTakeFirst();
  return row?.id;
}
