import { sql, type Kysely } from "kysely";
import { searchDocumentSql } from "./0060_dashboard_search";
import type { MigrationDialect } from "./dialect";

/** The columns the search document is built from: an UPDATE that sets none of them keeps it. */
const DOCUMENT_COLUMNS =
  "id, payment_id, order_name, customer_name, customer_email, customer_phone, card_number, pg_tx_id";

/**
 * PostgreSQL: the dashboard search's document (0060's), lowercased, in a column `search_doc` kept
 * by a BEFORE trigger, and the trigram index on that column instead of on the expression: a search
 * the index cannot narrow (a two-character query) then reads a stored string instead of building
 * each row's document once per pattern.
 * A trigger, not a generated column: PostgreSQL 15 plans a generation expression again in every
 * INSERT and UPDATE; the trigger's plan is cached per connection.
 * The column is filled by adding it as a generated column (one rewrite of `transactions`, which
 * rebuilds its indexes) and then dropping the expression (PostgreSQL keeps the values); a VACUUM
 * after commit (`afterCommit`) restores what the rewrite cleared.
 * SQLite: nothing. Its FTS5 table (0060) holds the document; its searches at 1M meet the target.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  if (dialect !== "postgres") return;
  const doc = (row: string) => sql.raw(`lower(${searchDocumentSql(row)})`);
  await sql`drop index if exists transactions_search_doc_trgm_idx`.execute(db);
  await sql`alter table transactions add column search_doc text generated always as (${doc("transactions")}) stored`.execute(
    db,
  );
  await sql`alter table transactions alter column search_doc drop expression`.execute(db);
  await sql`create function transactions_search_doc() returns trigger language plpgsql as $$
    begin
      new.search_doc := ${doc("new")};
      return new;
    end
  $$`.execute(db);
  await sql`create trigger transactions_search_doc before insert or update of ${sql.raw(DOCUMENT_COLUMNS)} on transactions
    for each row execute function transactions_search_doc()`.execute(db);
  await sql`create index transactions_search_doc_trgm_idx on transactions using gin (search_doc gin_trgm_ops)`.execute(
    db,
  );
}

/**
 * The rewrite leaves `transactions` with an empty visibility map and no statistics for the new
 * column, and autovacuum does not count a rewrite as changes: every index-only scan (the lists'
 * counts) would read the heap row by row (methods=VIRTUAL_ACCOUNT at 1M: 15 → 190 ms) until enough
 * rows change. A VACUUM sets the map again (a few seconds at 1M); it cannot run in a transaction.
 */
export async function afterCommit(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  if (dialect === "postgres") await sql`vacuum (analyze) transactions`.execute(db);
}
