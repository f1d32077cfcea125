import { sql, type RawBuilder } from "kysely";
import { dialect, getDb } from "@/lib/db/client";
import { DAY, HOUR } from "@/lib/time";

/** One store's sums over a period: every currency's counts, the main currency's (KRW) amounts. */
export type StoreTotals = { count: number; volume: number; failed: number; refundCount: number; refunds: number };

/** Stores' LIVE or TEST figures from `start` (a whole hour) to `end`, both included. */
export type TotalsQuery = { storeIds: string[]; mode: "LIVE" | "TEST"; start: number; end: number };

type Range = readonly [from: number, to: number];

/**
 * The period cut for the roll-ups: whole UTC days from the day tables (migration 0180), the whole
 * hours around them from the hour tables, and only the rows after the last whole hour (`cut`).
 */
export function splitPeriod(start: number, end: number): { hours: Range[]; days: Range | null; cut: number } {
  const cut = Math.max(start, Math.floor(end / HOUR) * HOUR);
  const first = Math.ceil(start / DAY) * DAY;
  const last = Math.floor(cut / DAY) * DAY;
  if (last <= first) return { hours: [[start, cut]], days: null, cut };
  return {
    hours: [
      [start, first],
      [last, cut],
    ],
    days: [first, last],
    cut,
  };
}

type Source = {
  hours: "paid_volume_hours" | "refund_volume_hours" | "failed_attempt_hours";
  days: "paid_volume_days" | "refund_volume_days" | "failed_attempt_days";
  deltas: "paid_volume_deltas" | "refund_volume_deltas" | "failed_attempt_deltas";
  /** store_id, currency, n, amount of the rows after the cut. */
  tail: (q: TotalsQuery, cut: number) => RawBuilder<unknown>;
  /** The roll-up's columns as store_id, currency, n, amount. */
  columns: RawBuilder<unknown>;
};

const inStores = (column: string, q: TotalsQuery) => sql`${sql.ref(column)} in (${sql.join(q.storeIds)})`;

const PAID: Source = {
  hours: "paid_volume_hours",
  days: "paid_volume_days",
  deltas: "paid_volume_deltas",
  columns: sql`store_id, currency, n, amount`,
  tail: (q, cut) => sql`select store_id, currency, 1 as n, paid_amount as amount from transactions
    where ${inStores("store_id", q)} and channel_type = ${q.mode} and paid_at is not null
    and paid_at >= ${cut} and paid_at <= ${q.end}`,
};
const REFUNDS: Source = {
  hours: "refund_volume_hours",
  days: "refund_volume_days",
  deltas: "refund_volume_deltas",
  columns: sql`store_id, currency, n, amount`,
  tail: (q, cut) => sql`select c.store_id, t.currency, 1 as n, c.cancel_amount as amount
    from cancellations c join transactions t on t.id = c.transaction_id
    where ${inStores("c.store_id", q)} and c.status = 'SUCCEEDED' and c.cancelled_at >= ${cut}
    and c.cancelled_at <= ${q.end} and t.channel_type = ${q.mode}`,
};
const FAILED: Source = {
  hours: "failed_attempt_hours",
  days: "failed_attempt_days",
  deltas: "failed_attempt_deltas",
  columns: sql`store_id, '' as currency, n, 0 as amount`,
  tail: (q, cut) => sql`select store_id, '' as currency, 1 as n, 0 as amount from transactions
    where ${inStores("store_id", q)} and channel_type = ${q.mode} and status = 'FAILED'
    and failed_at >= ${cut} and failed_at <= ${q.end}`,
};

/**
 * Each store's count and KRW amount of one roll-up over the period, in one statement (one snapshot:
 * on PostgreSQL the deltas not yet folded are read beside the tables they fold into).
 */
async function sumOf(source: Source, q: TotalsQuery): Promise<Map<string, { n: number; amount: number }>> {
  const { hours, days, cut } = splitPeriod(q.start, q.end);
  const scoped = (column: "hour" | "day", [from, to]: Range) =>
    sql`${inStores("store_id", q)} and channel_type = ${q.mode} and ${sql.ref(column)} >= ${from} and ${sql.ref(column)} < ${to}`;
  const parts = hours
    .filter(([from, to]) => to > from)
    .map((range) => sql`select ${source.columns} from ${sql.table(source.hours)} where ${scoped("hour", range)}`);
  if (days) parts.push(sql`select ${source.columns} from ${sql.table(source.days)} where ${scoped("day", days)}`);
  if (dialect() === "postgres" && cut > q.start) {
    parts.push(sql`select ${source.columns} from ${sql.table(source.deltas)} where ${scoped("hour", [q.start, cut])}`);
  }
  parts.push(source.tail(q, cut));
  const { rows } = await sql<{ store_id: string; n: number | string; amount: number | string | null }>`
    select store_id, sum(n) as n, sum(case when currency = 'KRW' then amount else 0 end) as amount
    from (${sql.join(parts, sql` union all `)}) as u group by store_id`.execute(getDb());
  return new Map(rows.map((r) => [r.store_id, { n: Number(r.n), amount: Number(r.amount ?? 0) }]));
}

/** Each store's paid, failed and refunded figures over the period: three statements for all stores. */
export async function storeTotals(q: TotalsQuery): Promise<Map<string, StoreTotals>> {
  if (q.storeIds.length === 0) return new Map();
  const [paid, failed, refunds] = await Promise.all([sumOf(PAID, q), sumOf(FAILED, q), sumOf(REFUNDS, q)]);
  const zero = { n: 0, amount: 0 };
  return new Map(
    q.storeIds.map((id) => {
      const p = paid.get(id) ?? zero;
      const r = refunds.get(id) ?? zero;
      const f = failed.get(id) ?? zero;
      return [id, { count: p.n, volume: p.amount, failed: f.n, refundCount: r.n, refunds: r.amount }];
    }),
  );
}
