import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * The dashboard's payment search index (docs/ui.md, "Search"): partial, case-insensitive matches
 * over a per-transaction document (lib/search/repository/document.ts).
 * - SQLite: an FTS5 trigram table. Its rowids come from payment_search_keys (an INTEGER PRIMARY
 *   KEY, so VACUUM cannot renumber them as it may an implicit rowid); triggers on transactions
 *   keep it in the same transaction as every write. contentless_delete: no second copy of the text.
 * - PostgreSQL: a pg_trgm GIN index on the same document expression; nothing to keep in sync.
 */

/**
 * The document as this migration built it, frozen here (0095 builds PostgreSQL's stored column from
 * it too). The search reads lib/search/repository/document.ts, which a test keeps equal to this: a
 * different document needs a new migration.
 */
export function searchDocumentSql(row: string): string {
  const c = (column: string) => `coalesce(${row}.${column}, '')`;
  const phoneDigits = `replace(replace(replace(replace(${c("customer_phone")}, '-', ''), ' ', ''), '+', ''), '.', '')`;
  const last4 = `coalesce(substr(${row}.card_number, length(${row}.card_number) - 3), '')`;
  const parts = [
    c("payment_id"),
    c("order_name"),
    c("customer_name"),
    c("customer_email"),
    c("customer_phone"),
    phoneDigits,
    last4,
    c("pg_tx_id"),
    `${row}.id`,
  ];
  return `(' ' || ${parts.join(" || ' ' || ")} || ' ')`;
}

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  if (dialect === "postgres") {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index transactions_search_doc_trgm_idx on transactions using gin (${sql.raw(searchDocumentSql("transactions"))} gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  await sql`create table payment_search_keys (id integer primary key, tx_id text not null unique)`.execute(db);
  await sql`create virtual table payment_search using fts5(doc, tokenize = 'trigram', content = '', contentless_delete = 1)`.execute(
    db,
  );
  const doc = (row: string) => sql.raw(searchDocumentSql(row));
  await sql`create trigger payment_search_insert after insert on transactions begin
    insert into payment_search_keys (tx_id) values (new.id);
    insert into payment_search (rowid, doc) values ((select id from payment_search_keys where tx_id = new.id), ${doc("new")});
  end`.execute(db);
  await sql`create trigger payment_search_update after update of payment_id, order_name, customer_name, customer_email, customer_phone, card_number, pg_tx_id on transactions begin
    delete from payment_search where rowid = (select id from payment_search_keys where tx_id = old.id);
    insert into payment_search (rowid, doc) values ((select id from payment_search_keys where tx_id = new.id), ${doc("new")});
  end`.execute(db);
  await sql`create trigger payment_search_delete after delete on transactions begin
    delete from payment_search where rowid = (select id from payment_search_keys where tx_id = old.id);
    delete from payment_search_keys where tx_id = old.id;
  end`.execute(db);
  await sql`insert into payment_search_keys (tx_id) select id from transactions`.execute(db);
  await sql`insert into payment_search (rowid, doc) select k.id, ${doc("t")} from transactions t join payment_search_keys k on k.tx_id = t.id`.execute(
    db,
  );
}
