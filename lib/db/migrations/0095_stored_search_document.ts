import { sql, type Kysely } from "kysely";
import { searchDocumentSql } from "@/lib/search/repository/document";
import type { MigrationDialect } from "./index";

/**
 * PostgreSQL: the dashboard search's document (lib/search/repository/document.ts), lowercased, as
 * a stored generated column `search_doc`, and the trigram index on that column instead of on the
 * expression. A search that the index cannot narrow (a two-character query is rechecked row by
 * row) tested ~12,000 rows at 1M payments, building each row's document once per pattern (~4 µs a
 * row); it now reads the stored string. PostgreSQL writes the column with the row: on INSERT, and
 * on an UPDATE that sets one of its columns (the outcome's pg_tx_id and card number), where the
 * expression index computed it anyway. Adding it rewrites `transactions` and rebuilds its indexes
 * (docs/benchmarks.md "Search at 1M, session 6": the time at 1M rows).
 * SQLite: nothing. Its FTS5 table (0060) holds the document; SQLite cannot add a stored column to
 * an existing table, and its searches at 1M meet the target without one.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`drop index if exists transactions_search_doc_trgm_idx`.execute(db);
  await sql`alter table transactions add column search_doc text generated always as (lower(${sql.raw(searchDocumentSql("transactions"))})) stored`.execute(
    db,
  );
  await sql`create index transactions_search_doc_trgm_idx on transactions using gin (search_doc gin_trgm_ops)`.execute(
    db,
  );
  // A rewrite is no modification to autovacuum: without this the planner would guess the new
  // column's LIKE selectivity until enough rows change (a sample of 30,000 rows: ~1 s at 1M).
  await sql`analyze transactions (search_doc)`.execute(db);
}
