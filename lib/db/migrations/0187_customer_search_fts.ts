import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * SQLite: an FTS5 trigram table over store_customers' search document (0185), as payment_search
 * (0060) is over payments, so a customer search reads the matching customers instead of all of a
 * store's. Its rowids come from customer_search_keys (an INTEGER PRIMARY KEY: VACUUM cannot
 * renumber it); triggers on store_customers keep both in the customer's own write. The store's
 * first page and count read a covering index on (store_id, merchant_id, last_at, customer_id) in
 * place of store_customers_recent_idx, which left the merchant to each row. PostgreSQL: nothing.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  if (dialect !== "sqlite") return;
  await sql`drop index store_customers_recent_idx`.execute(db);
  await sql`create index store_customers_recent_idx on store_customers (store_id, merchant_id, last_at, customer_id)`.execute(
    db,
  );
  await sql`create table customer_search_keys (id integer primary key, store_id text not null, customer_id text not null,
    unique (store_id, customer_id))`.execute(db);
  await sql`create virtual table customer_search using fts5(doc, tokenize = 'trigram', content = '', contentless_delete = 1)`.execute(
    db,
  );
  const key = (row: string) =>
    sql.raw(
      `(select id from customer_search_keys where store_id = ${row}.store_id and customer_id = ${row}.customer_id)`,
    );
  await sql`create trigger customer_search_insert after insert on store_customers begin
    insert into customer_search_keys (store_id, customer_id) values (new.store_id, new.customer_id);
    insert into customer_search (rowid, doc) values (${key("new")}, new.search_doc);
  end`.execute(db);
  // The contact columns (a store and customer id are never updated); each payment's upsert sets them.
  await sql`create trigger customer_search_update after update of customer_name, customer_email, customer_phone on store_customers
    when old.search_doc is not new.search_doc begin
    delete from customer_search where rowid = ${key("old")};
    insert into customer_search (rowid, doc) values (${key("old")}, new.search_doc);
  end`.execute(db);
  await sql`create trigger customer_search_delete after delete on store_customers begin
    delete from customer_search where rowid = ${key("old")};
    delete from customer_search_keys where store_id = old.store_id and customer_id = old.customer_id;
  end`.execute(db);
  await sql`insert into customer_search_keys (store_id, customer_id) select store_id, customer_id from store_customers`.execute(
    db,
  );
  await sql`insert into customer_search (rowid, doc) select k.id, c.search_doc from store_customers c
    join customer_search_keys k on k.store_id = c.store_id and k.customer_id = c.customer_id`.execute(db);
}
