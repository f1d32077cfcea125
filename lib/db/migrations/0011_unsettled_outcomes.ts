import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * Unknown is a state: attempts (PENDING) and cancellations (REQUESTED) carry when their outcome is
 * next looked up at the provider, found by a sweep over partial indexes of unsettled rows. The
 * request's Idempotency-Key is kept on what it created, so a retried request answers from it.
 * Late approvals (an approval for an attempt already settled FAILED) are refunded automatically.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  const now = Date.now();
  for (const table of ["transactions", "cancellations"]) {
    await db.schema.alterTable(table).addColumn("lookup_due_at", "bigint").execute();
    await db.schema
      .alterTable(table)
      .addColumn("lookup_attempts", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable(table).addColumn("last_lookup_error", "text").execute();
    await db.schema.alterTable(table).addColumn("idempotency_key", "text").execute();
  }
  // How to build the payment method detail when the outcome arrives by look-up (installment plan, the key's card).
  await db.schema.alterTable("transactions").addColumn("settle_context", "text").execute();

  await sql`create index transactions_unsettled_idx on transactions (lookup_due_at) where status = 'PENDING'`.execute(
    db,
  );
  await sql`create index cancellations_unsettled_idx on cancellations (lookup_due_at) where status = 'REQUESTED'`.execute(
    db,
  );
  await sql`create index transactions_idempotency_idx on transactions (merchant_id, idempotency_key) where idempotency_key is not null`.execute(
    db,
  );
  await sql`create index cancellations_idempotency_idx on cancellations (merchant_id, idempotency_key) where idempotency_key is not null`.execute(
    db,
  );

  // What the expiry and recovery jobs used to watch is now found by the sweep: look it all up now.
  await sql`update transactions set lookup_due_at = ${now} where status = 'PENDING'`.execute(db);
  await sql`update cancellations set lookup_due_at = ${now} where status = 'REQUESTED'`.execute(db);
  await sql`delete from jobs where queue in ('payments.attempt.expire', 'payments.cancellation.recover') and state <> 'RUNNING'`.execute(
    db,
  );

  await db.schema
    .createTable("late_approvals")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("store_id", "text", (c) => c.notNull())
    .addColumn("transaction_id", "text", (c) => c.notNull().unique().references("transactions.id"))
    .addColumn("payment_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("pg_tx_id", "text", (c) => c.notNull())
    .addColumn("amount", "bigint", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("detected_at", "bigint", (c) => c.notNull())
    .addColumn("resolved_at", "bigint")
    .addColumn("pg_cancellation_id", "text")
    .addColumn("failure_pg_code", "text")
    .addColumn("failure_pg_message", "text")
    .addColumn("lookup_due_at", "bigint")
    .addColumn("lookup_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_lookup_error", "text")
    .execute();
  await sql`create index late_approvals_unsettled_idx on late_approvals (lookup_due_at) where status = 'REFUND_REQUESTED'`.execute(
    db,
  );
  await db.schema
    .createIndex("late_approvals_store_time_idx")
    .on("late_approvals")
    .columns(["store_id", "detected_at"])
    .execute();
}
