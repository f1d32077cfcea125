import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * Per-UTC-day sums of the hourly roll-ups (0092, 0093, 0175), per store, mode and currency: what
 * the all-stores view sums for the whole days of a long period (lib/stores/volume-totals.ts),
 * where the hours of 90 days are ~65,000 rows for a busy store at 1M payments. Kept by triggers
 * on the hour tables, so a day always equals the sum of its hours: on SQLite they fire inside the
 * payment's own upsert of its hour (one more small upsert); on PostgreSQL, where payments append
 * deltas, only when payment-counts.fold moves them into the hours (off the payment's path).
 * An hour row's keys are never updated (writers upsert n and amount only).
 */
const DAY_MS = 86_400_000;

type Rollup = { hours: string; days: string; keys: string[]; sums: string[] };
const ROLLUPS: Rollup[] = [
  { hours: "paid_volume_hours", days: "paid_volume_days", keys: ["currency"], sums: ["n", "amount"] },
  { hours: "refund_volume_hours", days: "refund_volume_days", keys: ["currency"], sums: ["n", "amount"] },
  { hours: "failed_attempt_hours", days: "failed_attempt_days", keys: [], sums: ["n"] },
];

const keyOf = (r: Rollup) => ["store_id", "channel_type", "day", ...r.keys].join(", ");

/** Adds (sign 1) or removes (-1) an hour row's sums; `minus` subtracts another row's (an update's old values). */
const upsert = (r: Rollup, row: "new" | "old", sign: 1 | -1, minus?: "old") => {
  const values = [
    `${row}.store_id`,
    `${row}.channel_type`,
    `${row}.hour - ${row}.hour % ${DAY_MS}`,
    ...r.keys.map((k) => `${row}.${k}`),
    ...r.sums.map((s) => (minus ? `${row}.${s} - ${minus}.${s}` : `${sign} * ${row}.${s}`)),
  ];
  const set = r.sums.map((s) => `${s} = ${r.days}.${s} + excluded.${s}`).join(", ");
  return `insert into ${r.days} (${keyOf(r)}, ${r.sums.join(", ")}) values (${values.join(", ")})
    on conflict (${keyOf(r)}) do update set ${set};`;
};

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const bigint = dialect === "postgres" ? "bigint" : "integer";
  for (const r of ROLLUPS) {
    const columns = ["store_id text not null", "channel_type text not null", `day ${bigint} not null`]
      .concat(r.keys.map((k) => `${k} text not null`))
      .concat(r.sums.map((s) => `${s} ${bigint} not null`));
    await sql
      .raw(
        `create table ${r.days} (${columns.join(", ")}, primary key (${keyOf(r)}))${dialect === "sqlite" ? " without rowid" : ""}`,
      )
      .execute(db);
    await sql
      .raw(
        `insert into ${r.days} (${keyOf(r)}, ${r.sums.join(", ")})
         select store_id, channel_type, hour - hour % ${DAY_MS}${r.keys.map((k) => `, ${k}`).join("")}, ${r.sums.map((s) => `sum(${s})`).join(", ")}
         from ${r.hours} group by 1, 2, 3${r.keys.map((_, i) => `, ${i + 4}`).join("")}`,
      )
      .execute(db);

    if (dialect === "sqlite") {
      const trigger = (op: string, body: string) =>
        sql.raw(`create trigger ${r.days}_${op} after ${op} on ${r.hours} begin ${body} end`).execute(db);
      await trigger("insert", upsert(r, "new", 1));
      await trigger("update", upsert(r, "new", 1, "old"));
      await trigger("delete", upsert(r, "old", -1));
      continue;
    }
    await sql
      .raw(`create function ${r.days}_sum() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${upsert(r, "new", 1)}
        elsif tg_op = 'UPDATE' then ${upsert(r, "new", 1, "old")}
        else ${upsert(r, "old", -1)}
        end if;
        return null;
      end $$`)
      .execute(db);
    await sql
      .raw(
        `create trigger ${r.days}_sum after insert or update or delete on ${r.hours} for each row execute function ${r.days}_sum()`,
      )
      .execute(db);
  }
}
