import { sql, type Kysely, type RawBuilder } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * Per-day payment counts for the list's `total_count` (lib/payments/read/repository/count.ts), kept by
 * triggers in the same transaction as every write to `transactions`, so they are exact:
 * - SQLite (one writer at a time): the triggers upsert payment_counts directly.
 * - PostgreSQL: the triggers append +1/-1 rows to payment_count_deltas (no shared row to lock,
 *   so concurrent payments neither queue nor deadlock on it) and a periodic task folds them in.
 * Only primary transactions count (the list shows a payment once); days are UTC.
 */
const DAY_MS = 86_400_000;
const KEY = "merchant_id, time_type, day, store_id, status, channel_type";
const AXES = [
  ["REQUESTED_AT", "requested_at"],
  ["STATUS_UPDATED_AT", "status_updated_at"],
] as const;

const day = (row: string, column: string) => sql.raw(`${row}.${column} - ${row}.${column} % ${DAY_MS}`);

function sqliteUpserts(row: "new" | "old", sign: 1 | -1): RawBuilder<unknown>[] {
  return AXES.map(
    ([axis, column]) => sql`insert into payment_counts (${sql.raw(KEY)}, n)
      select ${sql.raw(`${row}.merchant_id`)}, ${sql.lit(axis)}, ${day(row, column)}, ${sql.raw(`${row}.store_id, ${row}.status, ${row}.channel_type`)}, ${sql.lit(sign)}
      where ${sql.raw(`${row}.is_primary`)} = 1
      on conflict (${sql.raw(KEY)}) do update set n = n + excluded.n;`,
  );
}

function postgresDeltas(row: "new" | "old", sign: 1 | -1): string {
  const values = AXES.map(
    ([axis, column]) =>
      `(${row}.merchant_id, '${axis}', ${row}.${column} - ${row}.${column} % ${DAY_MS}, ${row}.store_id, ${row}.status, ${row}.channel_type, ${sign})`,
  );
  return `if ${row}.is_primary = 1 then insert into payment_count_deltas (${KEY}, delta) values ${values.join(", ")}; end if;`;
}

/** An update that moves no count (amounts, times within the same day…) writes nothing. */
const MOVES = `(old.is_primary, old.status, old.channel_type, old.store_id, old.merchant_id, old.requested_at / ${DAY_MS}, old.status_updated_at / ${DAY_MS})
  is distinct from (new.is_primary, new.status, new.channel_type, new.store_id, new.merchant_id, new.requested_at / ${DAY_MS}, new.status_updated_at / ${DAY_MS})`;

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const bigint = sql.raw(dialect === "postgres" ? "bigint" : "integer");
  await sql`create table payment_counts (
    merchant_id text not null, time_type text not null, day ${bigint} not null, store_id text not null,
    status text not null, channel_type text not null, n ${bigint} not null,
    primary key (${sql.raw(KEY)}))${sql.raw(dialect === "sqlite" ? " without rowid" : "")}`.execute(db);
  await sql`create table payment_count_deltas (
    id ${sql.raw(dialect === "postgres" ? "bigserial primary key" : "integer primary key")}, merchant_id text not null, time_type text not null,
    day ${bigint} not null, store_id text not null, status text not null, channel_type text not null, delta integer not null)`.execute(
    db,
  );
  await sql`create index payment_count_deltas_day_idx on payment_count_deltas (merchant_id, time_type, day)`.execute(
    db,
  );

  for (const [axis, column] of AXES) {
    await sql`insert into payment_counts (${sql.raw(KEY)}, n)
      select merchant_id, ${sql.lit(axis)}, ${day("transactions", column)}, store_id, status, channel_type, count(*)
      from transactions where is_primary = 1 group by 1, 2, 3, 4, 5, 6`.execute(db);
  }

  if (dialect === "sqlite") {
    await sql`create trigger payment_counts_insert after insert on transactions begin ${sql.join(sqliteUpserts("new", 1), sql` `)} end`.execute(
      db,
    );
    await sql`create trigger payment_counts_update after update on transactions when ${sql.raw(MOVES)} begin
      ${sql.join([...sqliteUpserts("old", -1), ...sqliteUpserts("new", 1)], sql` `)} end`.execute(db);
    await sql`create trigger payment_counts_delete after delete on transactions begin ${sql.join(sqliteUpserts("old", -1), sql` `)} end`.execute(
      db,
    );
    return;
  }
  await sql
    .raw(`create function payment_count_deltas() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then ${postgresDeltas("old", -1)} end if;
      if tg_op <> 'DELETE' then ${postgresDeltas("new", 1)} end if;
      return null;
    end $$`)
    .execute(db);
  await sql`create trigger payment_counts_insert after insert on transactions for each row execute function payment_count_deltas()`.execute(
    db,
  );
  await sql
    .raw(
      `create trigger payment_counts_update after update on transactions for each row when (${MOVES}) execute function payment_count_deltas()`,
    )
    .execute(db);
  await sql`create trigger payment_counts_delete after delete on transactions for each row execute function payment_count_deltas()`.execute(
    db,
  );
}
