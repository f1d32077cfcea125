import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * The audit log page's filters at scale (docs/benchmarks.md "Audit page at 1M
 * entries"): without these, a filter on a rare actor, action or target walked the merchant's whole
 * chain (seq_uq) or the table, and the actor list read every entry of the merchant.
 * - actor_idx (merchant_id, actor_id, seq): an actor's entries newest first; the actor list skips
 *   from one actor to the next through it.
 * - target_idx (merchant_id, target_id, seq): a target's entries newest first.
 * - action_idx (merchant_id, action, seq), partial: every action but payment.status_change, the
 *   entry nearly every payment writes (so payments do not pay for it), which is dense enough in the
 *   chain for seq_uq to find a page of it at once. The queries repeat the predicate word for word
 *   (lib/audit/repository.ts), as both planners need to use a partial index.
 * - time_idx gains seq, (merchant_id, created_at, seq): a date range's positions are read from it
 *   alone (index-only) when walking the chain would read everything after the range.
 * Each entry pays for these on its INSERT and on sealing's UPDATE (never HOT): measured in
 * docs/benchmarks.md; lib/audit/indexes.ts lists them with the queries they serve.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await sql`drop index audit_log_time_idx`.execute(db);
  await sql`create index audit_log_time_idx on audit_log (merchant_id, created_at, seq)`.execute(db);
  await sql`create index audit_log_actor_idx on audit_log (merchant_id, actor_id, seq)`.execute(db);
  await sql`create index audit_log_target_idx on audit_log (merchant_id, target_id, seq)`.execute(db);
  await sql`create index audit_log_action_idx on audit_log (merchant_id, action, seq) where action <> 'payment.status_change'`.execute(
    db,
  );
}
