import { sql } from "kysely";
import { dialect, withTransaction } from "@/lib/db/client";

/** Deltas folded per run: bounded, so one run is one short transaction however far behind it is. */
export const FOLD_BATCH = 50_000;
/** pg_try_advisory_xact_lock key: one folder at a time across every worker process. */
const FOLD_LOCK = 18_090;

/**
 * PostgreSQL: moves the signed rows the triggers appended (payment_count_deltas, migration 0090;
 * paid_volume_deltas, 0092; refund_volume_deltas, 0093; failed_attempt_deltas, 0175) into
 * payment_counts, paid_volume_hours, refund_volume_hours and failed_attempt_hours, in one transaction, so a
 * reader adding both tables sees each change exactly once before, during and after. One process
 * folds at a time; the others skip. Nothing to do on SQLite. Answers the most rows folded from
 * either table (FOLD_BATCH: run again).
 */
export async function foldPaymentCountDeltas(): Promise<number> {
  if (dialect() !== "postgres") return 0;
  return withTransaction(async (tx) => {
    const lock = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${FOLD_LOCK}) as ok`.execute(tx);
    if (!lock.rows[0]?.ok) return 0;
    const counts = await sql<{ n: number }>`
      with moved as (
        delete from payment_count_deltas where id in (select id from payment_count_deltas order by id limit ${FOLD_BATCH})
        returning merchant_id, time_type, day, store_id, status, channel_type, delta
      ), folded as (
        insert into payment_counts (merchant_id, time_type, day, store_id, status, channel_type, n)
        select merchant_id, time_type, day, store_id, status, channel_type, sum(delta) from moved
        group by merchant_id, time_type, day, store_id, status, channel_type
        on conflict (merchant_id, time_type, day, store_id, status, channel_type) do update set n = payment_counts.n + excluded.n
      )
      select count(*) as n from moved`.execute(tx);
    const volume = await sql<{ n: number }>`
      with moved as (
        delete from paid_volume_deltas where id in (select id from paid_volume_deltas order by id limit ${FOLD_BATCH})
        returning store_id, channel_type, hour, currency, method, pg_provider, n, amount
      ), folded as (
        insert into paid_volume_hours (store_id, channel_type, hour, currency, method, pg_provider, n, amount)
        select store_id, channel_type, hour, currency, method, pg_provider, sum(n), sum(amount) from moved
        group by store_id, channel_type, hour, currency, method, pg_provider
        on conflict (store_id, channel_type, hour, currency, method, pg_provider)
        do update set n = paid_volume_hours.n + excluded.n, amount = paid_volume_hours.amount + excluded.amount
      )
      select count(*) as n from moved`.execute(tx);
    const refunds = await sql<{ n: number }>`
      with moved as (
        delete from refund_volume_deltas where id in (select id from refund_volume_deltas order by id limit ${FOLD_BATCH})
        returning store_id, channel_type, hour, currency, n, amount
      ), folded as (
        insert into refund_volume_hours (store_id, channel_type, hour, currency, n, amount)
        select store_id, channel_type, hour, currency, sum(n), sum(amount) from moved
        group by store_id, channel_type, hour, currency
        on conflict (store_id, channel_type, hour, currency)
        do update set n = refund_volume_hours.n + excluded.n, amount = refund_volume_hours.amount + excluded.amount
      )
      select count(*) as n from moved`.execute(tx);
    const failed = await sql<{ n: number }>`
      with moved as (
        delete from failed_attempt_deltas where id in (select id from failed_attempt_deltas order by id limit ${FOLD_BATCH})
        returning store_id, channel_type, hour, failure_pg_code, n
      ), folded as (
        insert into failed_attempt_hours (store_id, channel_type, hour, failure_pg_code, n)
        select store_id, channel_type, hour, failure_pg_code, sum(n) from moved
        group by store_id, channel_type, hour, failure_pg_code
        on conflict (store_id, channel_type, hour, failure_pg_code) do update set n = failed_attempt_hours.n + excluded.n
      )
      select count(*) as n from moved`.execute(tx);
    return Math.max(...[counts, volume, refunds, failed].map((result) => Number(result.rows[0]?.n ?? 0)));
  });
}
