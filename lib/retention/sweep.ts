import { refreshGraceMs, REFRESH_TOKEN_TTL_MS } from "@/lib/auth/tokens";
import { requestLogSettings } from "@/lib/request-log/settings";
import { DAY } from "@/lib/time";
import { deleteExpiredRecords, type SweepCounts } from "./repository";
import { retentionSettings } from "./settings";

export type { SweepCounts } from "./repository";

/**
 * Deletes what is no longer needed: idempotency records past their window, webhook attempt
 * bodies past theirs, expired refresh tokens and the families they leave empty, the sealed pairs
 * kept for the refresh grace window, expired sandbox texts, ended or expired dashboard sessions and stale throttle counters. (Finished
 * jobs are deleted by the job queue itself.)
 */
export function sweepExpiredRecords(now = Date.now()): Promise<SweepCounts> {
  const keep = retentionSettings();
  const tokensBefore = now - keep.expiredTokensMs;
  return deleteExpiredRecords({
    idempotencyKeys: now - keep.idempotencyMs,
    webhookBodies: now - keep.webhookBodiesMs,
    expiredTokens: tokensBefore,
    // A family without tokens, older than a refresh token's life, has no live access token either.
    emptyFamilies: tokensBefore - REFRESH_TOKEN_TTL_MS,
    refreshSuccessors: now - refreshGraceMs(),
    requestLog: now - requestLogSettings().retentionMs,
    // The longest throttle window is an hour.
    rateLimits: now - DAY,
  });
}
