import { sql } from "kysely";
import { refreshGraceMs, REFRESH_TOKEN_TTL_MS } from "@/lib/auth/tokens";
import { getDb } from "@/lib/db/client";
import { requestLogSettings } from "@/lib/request-log/settings";
import { DAY } from "@/lib/time";
import { retentionSettings } from "./settings";

export type SweepCounts = Record<string, number>;

const count = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint }) => Number(result.numDeletedRows ?? result.numUpdatedRows ?? 0);

/**
 * Deletes what is no longer needed: idempotency records past their window, webhook attempt
 * bodies past theirs, expired refresh tokens and the families they leave empty, the sealed pairs
 * kept for the refresh grace window, expired sandbox texts and stale throttle counters. Each
 * statement is idempotent, so a sweep that dies half-way is simply run again. (Finished jobs are
 * deleted by the job queue itself.)
 */
export async function sweepExpiredRecords(now = Date.now()): Promise<SweepCounts> {
  const db = getDb();
  const keep = retentionSettings();
  const tokensBefore = now - keep.expiredTokensMs;
  return {
    idempotency_keys: count(await db.deleteFrom("idempotency_keys").where("created_at", "<", now - keep.idempotencyMs).executeTakeFirst()),
    webhook_attempt_bodies: count(
      await db
        .updateTable("webhook_attempts")
        .set({ request_body: "", response_body: null, response_header: null })
        .where("requested_at", "<", now - keep.webhookBodiesMs)
        .where((eb) => eb.or([eb("request_body", "!=", ""), eb("response_body", "is not", null)]))
        .executeTakeFirst(),
    ),
    refresh_tokens: count(await db.deleteFrom("refresh_tokens").where("expires_at", "<", tokensBefore).executeTakeFirst()),
    // A family without tokens, older than a refresh token's life, has no live access token either.
    token_families: count(
      await db
        .deleteFrom("token_families")
        .where("created_at", "<", tokensBefore - REFRESH_TOKEN_TTL_MS)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom("refresh_tokens").select(sql`1`.as("one")).whereRef("refresh_tokens.family_id", "=", "token_families.id"))))
        .executeTakeFirst(),
    ),
    refresh_successors: count(
      await db.updateTable("refresh_tokens").set({ successor_sealed: null }).where("successor_sealed", "is not", null).where("rotated_at", "<", now - refreshGraceMs()).executeTakeFirst(),
    ),
    sandbox_messages: count(await db.deleteFrom("sandbox_messages").where("expires_at", "<", tokensBefore).executeTakeFirst()),
    api_request_log: count(await db.deleteFrom("api_request_log").where("created_at", "<", now - requestLogSettings().retentionMs).executeTakeFirst()),
    // The longest throttle window is an hour.
    rate_limits: count(await db.deleteFrom("rate_limits").where("window_start", "<", now - DAY).executeTakeFirst()),
  };
}
