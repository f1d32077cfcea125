import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./dialect";

/**
 * Job claiming that costs the same at any backlog, and "needs attention" for money jobs.
 * - Two partial indexes, one per claim query: due QUEUED jobs by (queue, run_at) and leased
 *   RUNNING jobs by (queue, locked_until). Each claim is an index-ordered range scan with a LIMIT,
 *   where the old (state, run_at) index made an OR across states plus a sort over every due row.
 * - started_at: when the job first ran (the clock for "unsettled after 1 hour");
 *   attention_at: when a never-give-up job was flagged; merchant_id: whose money it concerns.
 */
export async function up(db: Kysely<unknown>, _dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable("jobs").addColumn("started_at", "bigint").execute();
  await db.schema.alterTable("jobs").addColumn("attention_at", "bigint").execute();
  await db.schema.alterTable("jobs").addColumn("merchant_id", "text").execute();
  await db.schema.dropIndex("jobs_due_idx").execute();
  await sql`create index jobs_queued_due_idx on jobs (queue, run_at) where state = 'QUEUED'`.execute(db);
  await sql`create index jobs_lease_expiry_idx on jobs (queue, locked_until) where state = 'RUNNING'`.execute(db);
  await sql`create index jobs_attention_idx on jobs (attention_at) where attention_at is not null`.execute(db);
  // Finished jobs are deleted from now on; the ones already finished go too (FAILED ones stay).
  await sql`delete from jobs where state = 'DONE'`.execute(db);
}
