/**
 * What the indexes on `transactions` cost a payment's writes: BENCH_PAIRS (2,000)
 * attempt INSERTs each followed by its outcome UPDATE (PENDING → PAID: the columns settle-attempt
 * writes), copied from a PAID row of DATABASE_URL's table, timed inside a transaction that is rolled
 * back (the database is left as it was): as the schema stands and, on PostgreSQL, with only the
 * primary key and the one-primary index (the floor), alternating BENCH_ROUNDS (5) times; medians.
 * BENCH_RECREATE="name:definition;…" adds a variant with those indexes created again (what a
 * migration dropped); BENCH_DROP_TRIGGERS="name,…" one without those triggers (what they cost).
 * BENCH_CUSTOMERS=distinct gives each pair a customer id of its own (the template's otherwise). Triggers fire in every variant. PostgreSQL runs the pairs in one PL/pgSQL loop
 * (no client round trip in the figure); SQLite through Kysely in this process, as the app does. The
 * floor is PostgreSQL's only: SQLite's DROP INDEX reads every page of the index (seconds at 1M).
 *   DATABASE_URL=… npx tsx bench/transactions-write-cost.ts   (e.g. on the 1M snapshot of bench/all.sh)
 */
import { sql } from "kysely";
import { dialect, getDb, type Tx } from "@/lib/db/client";
import { newId } from "@/lib/ids";

const PAIRS = Number(process.env.BENCH_PAIRS ?? 2_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
// Each pair its own customer: 2,000 payments of one customer in one transaction pile up versions of one row.
const DISTINCT_CUSTOMERS = process.env.BENCH_CUSTOMERS === "distinct";
const KEEP = new Set(["transactions_pkey", "transactions_one_primary_idx"]);

async function indexNames(tx: Tx): Promise<string[]> {
  const rows =
    dialect() === "sqlite"
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and tbl_name = 'transactions'`.execute(tx)
      : await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where tablename = 'transactions' and schemaname = current_schema()`.execute(
          tx,
        );
  return rows.rows.map((r) => r.name);
}

/** The pairs run inside PostgreSQL, one PL/pgSQL loop over a copy of a PAID row. */
async function pgPairs(tx: Tx): Promise<void> {
  await sql`create temp table bench_tpl on commit drop as select * from transactions where status = 'PAID' limit 1`.execute(
    tx,
  );
  await sql
    .raw(`do $$
    declare now_ms bigint; tx_id text;
    begin
      for i in 1..${PAIRS} loop
        now_ms := (extract(epoch from clock_timestamp()) * 1000)::bigint;
        tx_id := 'bench-w-' || i || '-' || now_ms;
        update bench_tpl set id = tx_id, payment_id = tx_id, status = 'PENDING', status_updated_at = now_ms,
          requested_at = now_ms, created_at = now_ms, updated_at = now_ms, paid_at = null, paid_amount = 0,
          pg_tx_id = null, card_approval_number = null${DISTINCT_CUSTOMERS ? ", customer_id = 'bench-c-' || tx_id" : ""};
        insert into transactions select * from bench_tpl;
        update transactions set status = 'PAID', status_updated_at = now_ms + 1, updated_at = now_ms + 1,
          paid_at = now_ms + 1, paid_amount = total_amount, pg_tx_id = 'pg-' || tx_id,
          card_approval_number = '12345678', lookup_due_at = null, last_lookup_error = null
        where id = tx_id;
      end loop;
    end $$`)
    .execute(tx);
}

/** SQLite: the pairs through Kysely and the statement cache, as the app writes them. */
async function sqlitePairs(tx: Tx): Promise<void> {
  const template = await tx
    .selectFrom("transactions")
    .selectAll()
    .where("status", "=", "PAID")
    .limit(1)
    .executeTakeFirstOrThrow();
  for (let i = 0; i < PAIRS; i++) {
    const id = newId("tx");
    const now = Date.now();
    await tx
      .insertInto("transactions")
      .values({
        ...template,
        id,
        payment_id: `bench-w-${id}`,
        status: "PENDING",
        status_updated_at: now,
        requested_at: now,
        created_at: now,
        updated_at: now,
        paid_at: null,
        paid_amount: 0,
        pg_tx_id: null,
        card_approval_number: null,
        ...(DISTINCT_CUSTOMERS ? { customer_id: `bench-c-${id}` } : {}),
      })
      .execute();
    await tx
      .updateTable("transactions")
      .set({
        status: "PAID",
        status_updated_at: now + 1,
        updated_at: now + 1,
        paid_at: now + 1,
        paid_amount: template.total_amount,
        pg_tx_id: `pg-${id}`,
        card_approval_number: "12345678",
        lookup_due_at: null,
        last_lookup_error: null,
      })
      .where("id", "=", id)
      .execute();
  }
}

class Rollback extends Error {}

/** µs per INSERT + UPDATE pair, in a transaction rolled back; `prepare` changes the schema inside it first. */
async function measure(prepare: (tx: Tx) => Promise<void>): Promise<{ us: number; indexes: number }> {
  let result = { us: 0, indexes: 0 };
  await getDb()
    .transaction()
    .execute(async (tx) => {
      await prepare(tx);
      const indexes = (await indexNames(tx)).length;
      const started = process.hrtime.bigint();
      await (dialect() === "postgres" ? pgPairs(tx) : sqlitePairs(tx));
      result = { us: Number(process.hrtime.bigint() - started) / 1e3 / PAIRS, indexes };
      throw new Rollback();
    })
    .catch((e: unknown) => {
      if (!(e instanceof Rollback)) throw e;
    });
  return result;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main() {
  const recreate = (process.env.BENCH_RECREATE ?? "")
    .split(";")
    .filter(Boolean)
    .map((s) => s.slice(s.indexOf(":") + 1));
  const variants: { name: string; prepare: (tx: Tx) => Promise<void> }[] = [];
  if (recreate.length)
    variants.push({
      name: `with the ${recreate.length} dropped indexes created again`,
      prepare: async (tx) => {
        for (const definition of recreate) await sql.raw(definition).execute(tx);
      },
    });
  variants.push({ name: "as the schema stands", prepare: async () => {} });
  const dropTriggers = (process.env.BENCH_DROP_TRIGGERS ?? "").split(",").filter(Boolean);
  if (dropTriggers.length)
    variants.push({
      name: `without the triggers ${dropTriggers.join(", ")}`,
      prepare: async (tx) => {
        const on = dialect() === "postgres" ? sql` on transactions` : sql``;
        for (const name of dropTriggers) await sql`drop trigger ${sql.id(name)}${on}`.execute(tx);
      },
    });
  if (dialect() === "postgres")
    variants.push({
      name: "primary key and one-primary index only",
      prepare: async (tx) => {
        for (const name of await indexNames(tx)) if (!KEEP.has(name)) await sql`drop index ${sql.id(name)}`.execute(tx);
      },
    });
  const runs = variants.map(() => [] as number[]);
  const counts: number[] = [];
  await measure(async () => {}); // warm-up
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, v] of variants.entries()) {
      const r = await measure(v.prepare);
      runs[i]!.push(r.us);
      counts[i] = r.indexes;
    }
  console.log(
    `\n${dialect() === "sqlite" ? "SQLite" : "PostgreSQL"} · ${PAIRS} INSERT + UPDATE pairs per round, ${ROUNDS} alternating rounds, medians\n`,
  );
  console.log("| transactions INSERT + outcome UPDATE | indexes | µs per pair | rounds |\n|---|---|---|---|");
  for (const [i, v] of variants.entries())
    console.log(
      `| ${v.name} | ${counts[i]} | ${median(runs[i]!).toFixed(0)} | ${runs[i]!.map((x) => x.toFixed(0)).join(", ")} |`,
    );
  await getDb().destroy();
}

await main();
