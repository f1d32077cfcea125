import { sql } from "kysely";
import { getDb } from "@/lib/db/client";
import { enqueue } from "@/lib/jobs/queue";

/** The cut-offs of one sweep: records older than these (epoch ms) go. */
export type SweepCutoffs = {
  idempotencyKeys: number;
  webhookBodies: number;
  /** Refresh tokens, sandbox texts and dashboard sessions that expired (or ended) before this. */
  expiredTokens: number;
  /** Token families created before this and left without tokens. */
  emptyFamilies: number;
  /** Sealed successor pairs kept for the refresh grace, rotated before this. */
  refreshSuccessors: number;
  requestLog: number;
  rateLimits: number;
};

export type SweepCounts = Record<string, number>;

const count = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint }) =>
  Number(result.numDeletedRows ?? result.numUpdatedRows ?? 0);

/**
 * One statement per kind of record, each idempotent, so a sweep that dies half-way is simply run
 * again. Answers how many rows each removed (or emptied).
 */
export async function deleteExpiredRecords(before: SweepCutoffs): Promise<SweepCounts> {
  const db = getDb();
  return {
    idempotency_keys: count(
      await db.deleteFrom("idempotency_keys").where("created_at", "<", before.idempotencyKeys).executeTakeFirst(),
    ),
    webhook_attempt_bodies: count(
      await db
        .updateTable("webhook_attempts")
        .set({ request_body: "", response_body: null, response_header: null })
        .where("requested_at", "<", before.webhookBodies)
        .where((eb) => eb.or([eb("request_body", "!=", ""), eb("response_body", "is not", null)]))
        .executeTakeFirst(),
    ),
    refresh_tokens: count(
      await db.deleteFrom("refresh_tokens").where("expires_at", "<", before.expiredTokens).executeTakeFirst(),
    ),
    token_families: count(
      await db
        .deleteFrom("token_families")
        .where("created_at", "<", before.emptyFamilies)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("refresh_tokens")
                .select(sql`1`.as("one"))
                .whereRef("refresh_tokens.family_id", "=", "token_families.id"),
            ),
          ),
        )
        .executeTakeFirst(),
    ),
    refresh_successors: count(
      await db
        .updateTable("refresh_tokens")
        .set({ successor_sealed: null })
        .where("successor_sealed", "is not", null)
        .where("rotated_at", "<", before.refreshSuccessors)
        .executeTakeFirst(),
    ),
    sandbox_messages: count(
      await db.deleteFrom("sandbox_messages").where("expires_at", "<", before.expiredTokens).executeTakeFirst(),
    ),
    api_request_log: count(
      await db.deleteFrom("api_request_log").where("created_at", "<", before.requestLog).executeTakeFirst(),
    ),
    rate_limits: count(
      await db.deleteFrom("rate_limits").where("window_start", "<", before.rateLimits).executeTakeFirst(),
    ),
    dashboard_sessions: count(
      await db
        .deleteFrom("dashboard_sessions")
        .where((eb) => eb.or([eb("expires_at", "<", before.expiredTokens), eb("ended_at", "<", before.expiredTokens)]))
        .executeTakeFirst(),
    ),
  };
}

/** Books one sweep job; the dedupe key makes every process's booking of a slot the same job. */
export async function enqueueSweep(input: {
  queue: string;
  slot: number;
  runAt: number;
  dedupeKey: string;
}): Promise<void> {
  await enqueue(getDb(), {
    queue: input.queue,
    payload: { slot: input.slot },
    runAt: input.runAt,
    dedupeKey: input.dedupeKey,
  });
}
