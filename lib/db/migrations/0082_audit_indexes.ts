import type { Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * audit_log keeps only the indexes a measured query plan uses (lib/audit/indexes.ts names the query
 * each serves). The partial index on unsealed entries goes: every entry paid for it on insert, and
 * the few queries that looked for unsealed entries across merchants now probe each merchant's
 * (merchant_id, seq) range, where unsealed entries (seq null) sit together.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema.dropIndex("audit_log_unsealed_idx").ifExists().execute();
}
