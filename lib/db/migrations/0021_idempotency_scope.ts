import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * Idempotency keys per (merchant, store scope of the credential) with a lease (CONTRACT §12).
 * The primary key changes, which SQLite cannot alter in place: the table is rebuilt under the
 * same name and its rows copied. Rows written before this version were merchant-wide ("*"), and
 * a RUNNING one belonged to a process that has since stopped, so its lease (locked_until 0) has
 * already ended.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("idempotency_keys_scoped")
    .addColumn("merchant_id", "text", (c) => c.notNull())
    .addColumn("store_scope", "text", (c) => c.notNull().defaultTo("*"))
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("response_status", "integer")
    .addColumn("response_body", "text")
    .addColumn("lease_owner", "text")
    .addColumn("locked_until", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_scope_pk", ["merchant_id", "store_scope", "idempotency_key"])
    .execute();
  await sql`
    insert into idempotency_keys_scoped (merchant_id, store_scope, idempotency_key, request_hash, state, response_status, response_body, lease_owner, locked_until, created_at)
    select merchant_id, '*', idempotency_key, request_hash, state, response_status, response_body, null, 0, created_at from idempotency_keys`.execute(
    db,
  );
  await db.schema.dropTable("idempotency_keys").execute();
  await db.schema.alterTable("idempotency_keys_scoped").renameTo("idempotency_keys").execute();
  // For purging keys past their 24 hours.
  await db.schema.createIndex("idempotency_keys_created_idx").on("idempotency_keys").column("created_at").execute();
}
