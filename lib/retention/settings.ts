import { DAY, HOUR } from "@/lib/time";

function setting(name: string, fallback: number, unit: number): number {
  const value = Number(process.env[name]);
  return (Number.isFinite(value) && value > 0 ? value : fallback) * unit;
}

/** How long each kind of record is kept (documented in docs/security.md; read at each sweep). */
export function retentionSettings() {
  return {
    /** Stored responses of Idempotency-Key requests (CONTRACT §12: 24 h). */
    idempotencyMs: setting("RETENTION_IDEMPOTENCY_HOURS", 24, HOUR),
    /** Request and response bodies of webhook attempts; the attempt itself (status, code, times) stays. */
    webhookBodiesMs: setting("RETENTION_WEBHOOK_BODIES_DAYS", 30, DAY),
    /** Refresh tokens (and their families) this long after they expired; sandbox texts after expiry. */
    expiredTokensMs: setting("RETENTION_EXPIRED_TOKENS_DAYS", 7, DAY),
    /** How often the sweep runs. */
    intervalMs: setting("RETENTION_INTERVAL_MINUTES", 60, 60_000),
  };
}
