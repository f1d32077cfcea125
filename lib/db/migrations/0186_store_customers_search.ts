import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * PostgreSQL: a trigram index on store_customers' search document serves a search (as
 * transactions_search_doc_trgm_idx does for payments), and the index on the newest-attempt time
 * goes: each payment's upsert changes that time, so the index made every upsert a non-HOT update
 * writing every index; without it the upsert leaves both indexes alone while the contact stays the
 * same (room kept per page), and a store's first page sorts its customers. SQLite keeps it.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`drop index store_customers_recent_idx`.execute(db);
  await sql`alter table store_customers set (fillfactor = 90)`.execute(db);
  await sql`create index store_customers_search_idx on store_customers using gin (search_doc gin_trgm_ops)`.execute(db);
}
