import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * FAILED attempts per store, mode, UTC hour of failed_at and decline code: what the overview and
 * the all-stores view count (lib/dashboard/repository/overview-rows.ts) instead of reading every
 * failed attempt of the period from the partial index (the slow part of the 90-day all-stores view
 * at 1M payments). Kept by triggers on `transactions` in the transaction that settles an attempt,
 * like paid_volume_hours (0092): SQLite upserts the hour row; PostgreSQL appends deltas that
 * payment-counts.fold folds in. A null decline code is stored as '' (key column).
 */
const HOUR_MS = 3_600_000;
const KEY = "store_id, channel_type, hour, failure_pg_code";
const COUNTS = (row: "new" | "old") => `${row}.status = 'FAILED' and ${row}.failed_at is not null`;

const values = (row: "new" | "old", sign: 1 | -1) =>
  `${row}.store_id, ${row}.channel_type, ${row}.failed_at - ${row}.failed_at % ${HOUR_MS}, coalesce(${row}.failure_pg_code, ''), ${sign}`;

const sqliteUpsert = (row: "new" | "old", sign: 1 | -1) =>
  `insert into failed_attempt_hours (${KEY}, n) select ${values(row, sign)} where ${COUNTS(row)}
   on conflict (${KEY}) do update set n = n + excluded.n;`;

const postgresDelta = (row: "new" | "old", sign: 1 | -1) =>
  `if ${COUNTS(row)} then insert into failed_attempt_deltas (${KEY}, n) values (${values(row, sign)}); end if;`;

/** An update that changes no failed count (most updates: paying, look-ups, cancellations) writes nothing. */
const MOVES = `(${COUNTS("old")}, old.failed_at / ${HOUR_MS}, old.store_id, old.channel_type, old.failure_pg_code)
  is distinct from (${COUNTS("new")}, new.failed_at / ${HOUR_MS}, new.store_id, new.channel_type, new.failure_pg_code)`;

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const bigint = sql.raw(dialect === "postgres" ? "bigint" : "integer");
  await sql`create table failed_attempt_hours (
    store_id text not null, channel_type text not null, hour ${bigint} not null, failure_pg_code text not null,
    n ${bigint} not null, primary key (${sql.raw(KEY)}))${sql.raw(dialect === "sqlite" ? " without rowid" : "")}`.execute(
    db,
  );
  await sql`create table failed_attempt_deltas (
    id ${sql.raw(dialect === "postgres" ? "bigserial primary key" : "integer primary key")}, store_id text not null,
    channel_type text not null, hour ${bigint} not null, failure_pg_code text not null, n integer not null)`.execute(
    db,
  );
  await sql`create index failed_attempt_deltas_hour_idx on failed_attempt_deltas (store_id, channel_type, hour)`.execute(
    db,
  );

  await sql`insert into failed_attempt_hours (${sql.raw(KEY)}, n)
    select store_id, channel_type, failed_at - failed_at % ${sql.lit(HOUR_MS)}, coalesce(failure_pg_code, ''), count(*)
    from transactions where status = 'FAILED' and failed_at is not null group by 1, 2, 3, 4`.execute(db);

  if (dialect === "sqlite") {
    await sql
      .raw(`create trigger failed_attempt_insert after insert on transactions begin ${sqliteUpsert("new", 1)} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger failed_attempt_update after update on transactions when ${MOVES} begin ${sqliteUpsert("old", -1)} ${sqliteUpsert("new", 1)} end`,
      )
      .execute(db);
    await sql
      .raw(`create trigger failed_attempt_delete after delete on transactions begin ${sqliteUpsert("old", -1)} end`)
      .execute(db);
    return;
  }
  await sql
    .raw(`create function failed_attempt_deltas() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then ${postgresDelta("old", -1)} end if;
      if tg_op <> 'DELETE' then ${postgresDelta("new", 1)} end if;
      return null;
    end $$`)
    .execute(db);
  await sql`create trigger failed_attempt_insert after insert on transactions for each row execute function failed_attempt_deltas()`.execute(
    db,
  );
  await sql
    .raw(
      `create trigger failed_attempt_update after update on transactions for each row when (${MOVES}) execute function failed_attempt_deltas()`,
    )
    .execute(db);
  await sql`create trigger failed_attempt_delete after delete on transactions for each row execute function failed_attempt_deltas()`.execute(
    db,
  );
}
