import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * Audit entries are written unchained in the change's transaction and sealed into the merchant's
 * hash chain after commit (lib/audit/seal.ts): seq, prev_hash and hash become nullable (null =
 * committed, not yet sealed). PostgreSQL drops the NOT NULLs in place; SQLite cannot, so the table
 * is rebuilt under the same name with its rows copied. A partial index finds the unsealed entries.
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  if (dialect === "postgres") {
    await sql`alter table audit_log alter column seq drop not null, alter column prev_hash drop not null, alter column hash drop not null`.execute(
      db,
    );
  } else {
    await db.schema
      .createTable("audit_log_sealable")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("merchant_id", "text", (c) => c.notNull())
      .addColumn("seq", "bigint")
      .addColumn("actor_type", "text", (c) => c.notNull())
      .addColumn("actor_id", "text")
      .addColumn("actor_name", "text", (c) => c.notNull())
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("target_id", "text", (c) => c.notNull())
      .addColumn("summary", "text", (c) => c.notNull())
      .addColumn("ip_address", "text")
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("prev_hash", "text")
      .addColumn("hash", "text")
      .execute();
    const columns = sql.raw(
      "id, merchant_id, seq, actor_type, actor_id, actor_name, action, target_id, summary, ip_address, created_at, prev_hash, hash",
    );
    await sql`insert into audit_log_sealable (${columns}) select ${columns} from audit_log`.execute(db);
    await db.schema.dropTable("audit_log").execute();
    await db.schema.alterTable("audit_log_sealable").renameTo("audit_log").execute();
    await db.schema.createIndex("audit_log_seq_uq").on("audit_log").columns(["merchant_id", "seq"]).unique().execute();
    await db.schema.createIndex("audit_log_time_idx").on("audit_log").columns(["merchant_id", "created_at"]).execute();
  }
  await db.schema
    .createIndex("audit_log_unsealed_idx")
    .on("audit_log")
    .columns(["merchant_id", "id"])
    .where(sql.ref("seq"), "is", null)
    .execute();
}
