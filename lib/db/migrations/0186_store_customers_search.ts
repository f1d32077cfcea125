import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * store_customers (0185) without an index on its newest-attempt time: each payment's upsert
 * changes that time, so an index on it made every upsert write an index entry (on PostgreSQL a
 * non-HOT update); a store's first page sorts its customers instead. PostgreSQL: a trigram index
 * on the search document serves a search (as transactions_search_doc_trgm_idx does for payments);
 * the upsert leaves it alone while the contact stays the same (HOT update, room kept per page).
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await sql`drop index store_customers_recent_idx`.execute(db);
  if (dialect !== "postgres") return;
  await sql`alter table store_customers set (fillfactor = 90)`.execute(db);
  await sql`create index store_customers_search_idx on store_customers using gin (search_doc gin_trgm_ops)`.execute(db);
}
