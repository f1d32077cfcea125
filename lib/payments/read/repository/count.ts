import { sql } from "kysely";
import { getDb, type Db } from "@/lib/db/client";
import { DAY } from "@/lib/time";
import { filteredPayments, type PaymentScope, type TimeWindow } from "./filters";
import type { PaymentFilterInput } from "../schema";

/**
 * The list's `total_count`, exact, without counting the whole window row by row when the filters
 * allow: whole UTC days inside the window are summed from payment_counts (+ deltas not yet folded
 * in, PostgreSQL), and only the partial first and last days are counted from the list's indexes.
 * Its cost follows the number of days and a day's volume, not the history. Filters the counters do
 * not carry (methods, providers, scheduled, text search) count the matching rows as before.
 */
export async function countPayments(
  scope: PaymentScope,
  filters: PaymentFilterInput,
  window: TimeWindow,
): Promise<number> {
  const firstDay = Math.ceil(window.start / DAY) * DAY;
  const endDay = Math.floor((window.end + 1) / DAY) * DAY;
  // "Not scheduled" is everything minus the scheduled ones, which their partial index counts fast.
  const base = filters.is_scheduled_payment === false ? { ...filters, is_scheduled_payment: undefined } : filters;
  const countable =
    !base.methods?.length &&
    !base.pg_providers?.length &&
    base.is_scheduled_payment === undefined &&
    base.text_search_value === undefined;
  if (!countable || firstDay >= endDay) return countRows(scope, filters, window);
  const db = getDb();
  const edges = [
    { start: window.start, end: firstDay - 1 },
    { start: endDay, end: window.end },
  ].filter((edge) => edge.start <= edge.end);
  const rowCount = (f: PaymentFilterInput, w: TimeWindow) =>
    filteredPayments(scope, f, w)
      .select((e) => e.fn.countAll().as("n"))
      .$castTo<{ n: number }>();
  const row = await db
    .selectNoFrom(() => [
      sumOf(db, "payment_counts", "n", scope, base, firstDay, endDay).as("days"),
      sumOf(db, "payment_count_deltas", "delta", scope, base, firstDay, endDay).as("pending"),
      ...edges.map((edge, i) => rowCount(base, edge).as(`edge${i}`)),
      ...(base === filters ? [] : [rowCount({ ...filters, is_scheduled_payment: true }, window).as("scheduled")]),
    ])
    .executeTakeFirstOrThrow();
  const { scheduled, ...parts } = row as Record<string, unknown>;
  return Object.values(parts).reduce<number>((total, value) => total + Number(value ?? 0), 0) - Number(scheduled ?? 0);
}

/** The matching rows counted one by one: the fallback, and the benchmark's before/after reference. */
export async function countRows(scope: PaymentScope, filters: PaymentFilterInput, window: TimeWindow): Promise<number> {
  const row = await filteredPayments(scope, filters, window)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function sumOf(
  db: Db,
  table: "payment_counts" | "payment_count_deltas",
  column: "n" | "delta",
  scope: PaymentScope,
  filters: PaymentFilterInput,
  from: number,
  to: number,
) {
  let q = db
    .selectFrom(table)
    .select(sql<number>`coalesce(sum(${sql.ref(column)}), 0)`.as("n"))
    .where("merchant_id", "=", scope.merchantId)
    .where("time_type", "=", filters.timestamp_type)
    .where("day", ">=", from)
    .where("day", "<", to);
  if (scope.storeId) q = q.where("store_id", "=", scope.storeId);
  if (filters.status?.length) q = q.where("status", "in", filters.status);
  if (filters.is_test_payment !== undefined)
    q = q.where("channel_type", "=", filters.is_test_payment ? "TEST" : "LIVE");
  return q.$castTo<{ n: number }>();
}
