import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * Customer search by the start of a name or e-mail (lib/customers/repository.ts, customerPrefix):
 * a range over each store's lowercased names and e-mails, instead of the payment search index, which
 * tests every attempt of the store when a common name matches thousands of them. PostgreSQL keys
 * them in byte order (collate "C") so a prefix is one range whatever the database's collation.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  const key = (column: string) =>
    sql.raw(dialect === "postgres" ? `(lower(${column}) collate "C")` : `lower(${column})`);
  await sql`create index transactions_store_name_key_idx on transactions (store_id, ${key("customer_name")})`.execute(
    db,
  );
  await sql`create index transactions_store_email_key_idx on transactions (store_id, ${key("customer_email")})`.execute(
    db,
  );
}
