import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * - One primary transaction per payment: concurrent attempts on the same payment id cannot both
 *   start (PostgreSQL's read committed would otherwise let two attempts charge twice).
 * - The virtual-account request's cash_receipt_form, for issuing the receipt at deposit.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable("transactions").addColumn("cash_receipt_form", "text").execute();
  // Databases written before this index may hold several primaries of one payment: keep the newest.
  await sql`
    update transactions set is_primary = 0
    where is_primary = 1 and exists (
      select 1 from transactions newer
      where newer.store_id = transactions.store_id and newer.payment_id = transactions.payment_id and newer.is_primary = 1
        and (newer.created_at > transactions.created_at or (newer.created_at = transactions.created_at and newer.id > transactions.id))
    )`.execute(db);
  await sql`create unique index transactions_one_primary_idx on transactions (store_id, payment_id) where is_primary = 1`.execute(
    db,
  );
}
