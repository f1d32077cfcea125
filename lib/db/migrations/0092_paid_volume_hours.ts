import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * Paid volume per store, mode and UTC hour, by currency, method and provider: what the dashboard
 * overview sums (lib/dashboard/paid-volume.ts) instead of reading every paid row of the period and
 * its predecessor (≈320,000 rows for 60 days at 1M payments: 256 ms). Kept by triggers on
 * `transactions` in the same transaction as the write, like payment_counts (0090): SQLite upserts
 * the hour row; PostgreSQL appends deltas (no shared row to lock between concurrent payments) that
 * the periodic task payment-counts.fold folds in. Hours, not days, so any whole-hour time zone
 * can cut its own days out of them. A null method or provider is stored as '' (key columns).
 */
const HOUR_MS = 3_600_000;
const KEY = "store_id, channel_type, hour, currency, method, pg_provider";

const values = (row: "new" | "old", sign: 1 | -1) =>
  `${row}.store_id, ${row}.channel_type, ${row}.paid_at - ${row}.paid_at % ${HOUR_MS}, ${row}.currency, coalesce(${row}.method, ''), coalesce(${row}.pg_provider, ''), ${sign}, ${sign} * ${row}.paid_amount`;

const sqliteUpsert = (row: "new" | "old", sign: 1 | -1) =>
  `insert into paid_volume_hours (${KEY}, n, amount) select ${values(row, sign)} where ${row}.paid_at is not null
   on conflict (${KEY}) do update set n = n + excluded.n, amount = amount + excluded.amount;`;

const postgresDelta = (row: "new" | "old", sign: 1 | -1) =>
  `if ${row}.paid_at is not null then insert into paid_volume_deltas (${KEY}, n, amount) values (${values(row, sign)}); end if;`;

/** An update that moves no volume (status changes after payment, cancellations…) writes nothing. */
const MOVES = `(old.paid_at / ${HOUR_MS}, old.paid_at is null, old.store_id, old.channel_type, old.currency, old.method, old.pg_provider, old.paid_amount)
  is distinct from (new.paid_at / ${HOUR_MS}, new.paid_at is null, new.store_id, new.channel_type, new.currency, new.method, new.pg_provider, new.paid_amount)`;

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const bigint = sql.raw(dialect === "postgres" ? "bigint" : "integer");
  await sql`create table paid_volume_hours (
    store_id text not null, channel_type text not null, hour ${bigint} not null, currency text not null,
    method text not null, pg_provider text not null, n ${bigint} not null, amount ${bigint} not null,
    primary key (${sql.raw(KEY)}))${sql.raw(dialect === "sqlite" ? " without rowid" : "")}`.execute(db);
  await sql`create table paid_volume_deltas (
    id ${sql.raw(dialect === "postgres" ? "bigserial primary key" : "integer primary key")}, store_id text not null, channel_type text not null,
    hour ${bigint} not null, currency text not null, method text not null, pg_provider text not null, n integer not null, amount ${bigint} not null)`.execute(
    db,
  );
  await sql`create index paid_volume_deltas_hour_idx on paid_volume_deltas (store_id, channel_type, hour)`.execute(db);

  await sql`insert into paid_volume_hours (${sql.raw(KEY)}, n, amount)
    select store_id, channel_type, paid_at - paid_at % ${sql.lit(HOUR_MS)}, currency, coalesce(method, ''), coalesce(pg_provider, ''), count(*), sum(paid_amount)
    from transactions where paid_at is not null group by 1, 2, 3, 4, 5, 6`.execute(db);

  if (dialect === "sqlite") {
    await sql
      .raw(`create trigger paid_volume_insert after insert on transactions begin ${sqliteUpsert("new", 1)} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger paid_volume_update after update on transactions when ${MOVES} begin ${sqliteUpsert("old", -1)} ${sqliteUpsert("new", 1)} end`,
      )
      .execute(db);
    await sql
      .raw(`create trigger paid_volume_delete after delete on transactions begin ${sqliteUpsert("old", -1)} end`)
      .execute(db);
    return;
  }
  await sql
    .raw(`create function paid_volume_deltas() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then ${postgresDelta("old", -1)} end if;
      if tg_op <> 'DELETE' then ${postgresDelta("new", 1)} end if;
      return null;
    end $$`)
    .execute(db);
  await sql`create trigger paid_volume_insert after insert on transactions for each row execute function paid_volume_deltas()`.execute(
    db,
  );
  await sql
    .raw(
      `create trigger paid_volume_update after update on transactions for each row when (${MOVES}) execute function paid_volume_deltas()`,
    )
    .execute(db);
  await sql`create trigger paid_volume_delete after delete on transactions for each row execute function paid_volume_deltas()`.execute(
    db,
  );
}
