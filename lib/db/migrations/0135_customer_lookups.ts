import type { Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/** The dashboard's customer view reads a store's payments by customer id (lib/customers/repository.ts). */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createIndex("transactions_store_customer_idx")
    .on("transactions")
    .columns(["store_id", "customer_id", "requested_at"])
    .execute();
}
