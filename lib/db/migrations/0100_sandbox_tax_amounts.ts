import type { Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * The sandbox PG keeps the tax-free and VAT amounts it was sent, as a real PG does, so its look-ups
 * and settlement listing carry them (lib/providers/sandbox). A constant default and a nullable
 * column: instant on both databases.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .alterTable("sandbox_pg_payments")
    .addColumn("tax_free_amount", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("sandbox_pg_payments").addColumn("vat_amount", "bigint").execute();
  await db.schema.alterTable("sandbox_pg_cancellations").addColumn("vat_amount", "bigint").execute();
}
