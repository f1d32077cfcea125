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

/** The same filters on the per-day sums (payout dates, channel, status, kind: what they are keyed by). */
function daysFiltered(f: SettlementFilters) {
  let q = getDb()
    .selectFrom("settlement_days")
    .where("settlement_days.merchant_id", "=", f.merchantId)
    .where("settlement_days.store_id", "in", f.storeIds);
  if (f.payoutOn) q = q.where("settlement_days.payout_on", "=", f.payoutOn);
  if (f.payoutFrom) q = q.where("settlement_days.payout_on", ">=", f.payoutFrom);
  if (f.payoutTo) q = q.where("settlement_days.payout_on", "<=", f.payoutTo);
  if (f.channelId) q = q.where("settlement_days.channel_id", "=", f.channelId);
  if (f.statuses?.length) q = q.where("settlement_days.status", "in", f.statuses);
  if (f.kinds?.length) q = q.where("settlement_days.kind", "in", f.kinds);
  return q;
}

/** The number of rows a filter matches: from the day sums when it filters only on what they are keyed by. */
async function countSettlements(f: SettlementFilters): Promise<number> {
  if (!f.soldFrom && !f.soldTo && !f.paymentId) {
    const row = await daysFiltered(f)
      .select(sql<number>`coalesce(sum(settlement_days.count), 0)`.as("n"))
      .executeTakeFirstOrThrow();
    return num(row.n);
  }
  const row = await filtered(getDb().selectFrom("settlements"), f)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return num(row.n);
}

/** Settlement rows by payout date then sale, with the total count of the filter. */
export async function pageSettlements(
  f: SettlementFilters,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: SettlementRecord[] }> {
  const [total, rows] = await Promise.all([
    countSettlements(f),
    filtered(getDb().selectFrom("settlements"), f)
      .innerJoin("channels", "channels.id", "settlements.channel_id")
      .selectAll("settlements")
      .select("channels.key as channel_key")
      .orderBy("settlements.payout_on")
      .orderBy("settlements.id")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return { total, rows: rows.map((r) => ({ ...r, ...numbers(r) })) };
}

function numbers(r: { gross: unknown; fee_total: unknown; vat_on_fees: unknown; net: unknown }) {
  return { gross: num(r.gross), fee_total: num(r.fee_total), vat_on_fees: num(r.vat_on_fees), net: num(r.net) };
}

function payoutGroups(f: SettlementFilters) {
  return daysFiltered(f)
    .groupBy([
      "settlement_days.payout_on",
      "settlement_days.store_id",
      "settlement_days.channel_id",
      "settlement_days.currency",
    ])
    .having(sql`sum(settlement_days.count)`, ">", 0);
}

/** Payouts (one per date, store, channel and currency) with their sums, by payout date, from the day sums. */
export async function pagePayouts(
  f: SettlementFilters,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: PayoutRecord[] }> {
  const db = getDb();
  const groups = payoutGroups(f).select("settlement_days.payout_on").as("g");
  const [count, rows] = await Promise.all([
    db
      .selectFrom(groups)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow(),
    payoutGroups(f)
      .select([
        "settlement_days.payout_on",
        "settlement_days.store_id",
        "settlement_days.channel_id",
        "settlement_days.currency",
        // 'EXPECTED' sorts after 'CONFIRMED': one expected row keeps the payout expected.
        sql<SettlementStatus>`max(case when settlement_days.count > 0 then settlement_days.status end)`.as("status"),
        sql<number>`sum(case when settlement_days.kind = 'PAYMENT' then settlement_days.count else 0 end)`.as(
          "payment_count",
        ),
        sql<number>`sum(case when settlement_days.kind = 'REFUND' then settlement_days.count else 0 end)`.as(
          "refund_count",
        ),
        sql<number>`sum(settlement_days.gross)`.as("gross"),
        sql<number>`sum(settlement_days.fee_total)`.as("fee_total"),
        sql<number>`sum(settlement_days.vat_on_fees)`.as("vat_on_fees"),
        sql<number>`sum(settlement_days.net)`.as("net"),
      ])
      .orderBy("settlement_days.payout_on")
      .orderBy("settlement_days.store_id")
      .orderBy("settlement_days.channel_id")
      .orderBy("settlement_days.currency")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  const channels = await channelsOf([...new Set(rows.map((r) => r.channel_id))]);
  return {
    total: num(count.n),
    rows: rows.map((r) => ({
      ...r,
      channel_key: channels.get(r.channel_id)?.key ?? r.channel_id,
      pg_provider: channels.get(r.channel_id)?.pg_provider ?? null,
      payment_count: num(r.payment_count),
      refund_count: num(r.refund_count),
      ...numbers(r),
    })),
  };
}

async function channelsOf(ids: string[]): Promise<Map<string, { key: string; pg_provider: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await getDb()
    .selectFrom("channels")
    .select(["id", "key", "pg_provider"])
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
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

export type DaySumRecord = {
  payout_on: string;
  currency: string;
  status: SettlementStatus;
  count: number;
  gross: number;
  fee_total: number;
  vat_on_fees: number;
  net: number;
};

function sums() {
  return [
    sql<SettlementStatus>`max(case when settlement_days.count > 0 then settlement_days.status end)`.as("status"),
    sql<number>`sum(settlement_days.count)`.as("count"),
    sql<number>`sum(settlement_days.gross)`.as("gross"),
    sql<number>`sum(settlement_days.fee_total)`.as("fee_total"),
    sql<number>`sum(settlement_days.vat_on_fees)`.as("vat_on_fees"),
    sql<number>`sum(settlement_days.net)`.as("net"),
  ] as const;
}

/** Per payout date and currency, across the filter's stores and channels (the day-by-day table). */
export async function daySums(f: SettlementFilters, limit = 400): Promise<DaySumRecord[]> {
  const rows = await daysFiltered(f)
    .select(["settlement_days.payout_on", "settlement_days.currency", ...sums()])
    .groupBy(["settlement_days.payout_on", "settlement_days.currency"])
    .having(sql`sum(settlement_days.count)`, ">", 0)
    .orderBy("settlement_days.payout_on")
    .orderBy("settlement_days.currency")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, count: num(r.count), ...numbers(r) }));
}

export type StoreSumRecord = Omit<DaySumRecord, "payout_on"> & { store_id: string };

/** Per store and currency (a hosting company's sub-stores side by side). */
export async function storeSums(f: SettlementFilters): Promise<StoreSumRecord[]> {
  const rows = await daysFiltered(f)
    .select(["settlement_days.store_id", "settlement_days.currency", ...sums()])
    .groupBy(["settlement_days.store_id", "settlement_days.currency"])
    .having(sql`sum(settlement_days.count)`, ">", 0)
    .orderBy("settlement_days.store_id")
    .execute();
  return rows.map((r) => ({ ...r, count: num(r.count), ...numbers(r) }));
}
