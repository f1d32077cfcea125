import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * Refunded volume per store, mode, UTC hour and currency: what the dashboard overview sums
 * (lib/dashboard/repository/refund-volume.ts) instead of joining every succeeded cancellation of
 * the period and its predecessor to its payment (the last slow part of the 30-day overview at 1M
 * payments on SQLite). Kept by triggers on `cancellations`, like paid_volume_hours (0092): SQLite
 * upserts the hour row; PostgreSQL appends deltas that payment-counts.fold folds in. A refund
 * counts when its cancellation is SUCCEEDED with a `cancelled_at`; its mode and currency are its
 * payment's, which never change after the payment is made (and payments are never deleted).
 */
const HOUR_MS = 3_600_000;
const KEY = "store_id, channel_type, hour, currency";
const COUNTS = (row: "new" | "old") => `${row}.status = 'SUCCEEDED' and ${row}.cancelled_at is not null`;

const selected = (row: "new" | "old", sign: 1 | -1) =>
  `select ${row}.store_id, t.channel_type, ${row}.cancelled_at - ${row}.cancelled_at % ${HOUR_MS}, t.currency, ${sign}, ${sign} * ${row}.cancel_amount
   from transactions t where t.id = ${row}.transaction_id and ${COUNTS(row)}`;

const sqliteUpsert = (row: "new" | "old", sign: 1 | -1) =>
  `insert into refund_volume_hours (${KEY}, n, amount) ${selected(row, sign)}
   on conflict (${KEY}) do update set n = n + excluded.n, amount = amount + excluded.amount;`;

/** An update that moves no refunded volume (look-up bookkeeping, a REQUESTED one failing…) writes nothing. */
const MOVES = `(${COUNTS("old")}, old.cancelled_at / ${HOUR_MS}, old.cancel_amount, old.store_id, old.transaction_id)
  is distinct from (${COUNTS("new")}, new.cancelled_at / ${HOUR_MS}, new.cancel_amount, new.store_id, new.transaction_id)`;

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const bigint = sql.raw(dialect === "postgres" ? "bigint" : "integer");
  await sql`create table refund_volume_hours (
    store_id text not null, channel_type text not null, hour ${bigint} not null, currency text not null,
    n ${bigint} not null, amount ${bigint} not null,
    primary key (${sql.raw(KEY)}))${sql.raw(dialect === "sqlite" ? " without rowid" : "")}`.execute(db);
  await sql`create table refund_volume_deltas (
    id ${sql.raw(dialect === "postgres" ? "bigserial primary key" : "integer primary key")}, store_id text not null, channel_type text not null,
    hour ${bigint} not null, currency text not null, n integer not null, amount ${bigint} not null)`.execute(db);
  await sql`create index refund_volume_deltas_hour_idx on refund_volume_deltas (store_id, channel_type, hour)`.execute(
    db,
  );

  await sql`insert into refund_volume_hours (${sql.raw(KEY)}, n, amount)
    select c.store_id, t.channel_type, c.cancelled_at - c.cancelled_at % ${sql.lit(HOUR_MS)}, t.currency, count(*), sum(c.cancel_amount)
    from cancellations c join transactions t on t.id = c.transaction_id
    where c.status = 'SUCCEEDED' and c.cancelled_at is not null group by 1, 2, 3, 4`.execute(db);

  if (dialect === "sqlite") {
    await sql
      .raw(`create trigger refund_volume_insert after insert on cancellations begin ${sqliteUpsert("new", 1)} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger refund_volume_update after update on cancellations when ${MOVES} begin ${sqliteUpsert("old", -1)} ${sqliteUpsert("new", 1)} end`,
      )
      .execute(db);
    await sql
      .raw(`create trigger refund_volume_delete after delete on cancellations begin ${sqliteUpsert("old", -1)} end`)
      .execute(db);
    return;
  }
  const delta = (row: "new" | "old", sign: 1 | -1) =>
    `if ${COUNTS(row)} then insert into refund_volume_deltas (${KEY}, n, amount) ${selected(row, sign)}; end if;`;
  await sql
    .raw(`create function refund_volume_deltas() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then ${delta("old", -1)} end if;
      if tg_op <> 'DELETE' then ${delta("new", 1)} end if;
      return null;
    end $$`)
    .execute(db);
  await sql`create trigger refund_volume_insert after insert on cancellations for each row execute function refund_volume_deltas()`.execute(
    db,
  );
  await sql
    .raw(
      `create trigger refund_volume_update after update on cancellations for each row when (${MOVES}) execute function refund_volume_deltas()`,
    )
    .execute(db);
  await sql`create trigger refund_volume_delete after delete on cancellations for each row execute function refund_volume_deltas()`.execute(
    db,
  );
}
