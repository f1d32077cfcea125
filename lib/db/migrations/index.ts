import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { dialect, getDb } from "../client";
import { retryOnLostConnection } from "../errors";
import * as m0001 from "./0001_foundation";
import * as m0002 from "./0002_payments";
import * as m0003 from "./0003_billing";
import * as m0004 from "./0004_identity";
import * as m0005 from "./0005_cash_receipts";
import * as m0008 from "./0008_payment_lists";
import * as m0007 from "./0007_webhooks";
import * as m0009 from "./0009_payments_core";
import * as m0006 from "./0006_stores";
import * as m0010 from "./0010_sandbox_ledger";
import * as m0011 from "./0011_unsettled_outcomes";
import * as m0020 from "./0020_job_leases";
import * as m0021 from "./0021_idempotency_scope";
import * as m0040 from "./0040_refresh_grace";
import * as m0041 from "./0041_sealed_at_rest";
import * as m0042 from "./0042_rate_limits";
import * as m0050 from "./0050_ops";
import * as m0060 from "./0060_dashboard_search";
import * as m0061 from "./0061_overview_indexes";
import * as m0070 from "./0070_channel_credentials";
import * as m0080 from "./0080_teams";
import * as m0081 from "./0081_audit_sealing";
import * as m0082 from "./0082_audit_indexes";
import * as m0086 from "./0086_audit_read_indexes";
import * as m0090 from "./0090_payment_counts";
import * as m0091 from "./0091_list_shapes";
import * as m0092 from "./0092_paid_volume_hours";
import * as m0093 from "./0093_refund_volume_hours";
import * as m0094 from "./0094_transactions_indexes";
import * as m0095 from "./0095_stored_search_document";
import * as m0096 from "./0096_request_log_lz4";
import * as m0097 from "./0097_lookup_claims";
import * as m0100 from "./0100_sandbox_tax_amounts";
import * as m0105 from "./0105_call_deadline";
import * as m0106 from "./0106_readiness_probe";
import * as m0115 from "./0115_dashboard_sessions";
import * as m0120 from "./0120_settlements";
import * as m0121 from "./0121_settlement_days";
import * as m0130 from "./0130_default_store_name";
import * as m0135 from "./0135_customer_lookups";
import * as m0160 from "./0160_channel_routing";
import * as m0165 from "./0165_settlement_waiting";
import * as m0170 from "./0170_webhook_endpoints";
import * as m0175 from "./0175_failed_attempt_hours";
import * as m0180 from "./0180_volume_days";
import * as m0185 from "./0185_store_customers";
import * as m0186 from "./0186_store_customers_search";
import * as m0187 from "./0187_customer_search_fts";
import type { MigrationDialect } from "./dialect";

type VersionedMigration = {
  up: (db: Kysely<unknown>, dialect: MigrationDialect) => Promise<void>;
  /** Upkeep that cannot run inside the migrations' transaction (VACUUM), run once after they commit. */
  afterCommit?: (db: Kysely<unknown>, dialect: MigrationDialect) => Promise<void>;
};

/**
 * Versioned migrations, applied in name order. Each takes the dialect so a version can emit
 * dialect-specific DDL where SQLite and PostgreSQL differ; new areas add the next number here.
 */
const migrations: Record<string, VersionedMigration> = {
  "0001_foundation": m0001,
  "0002_payments": m0002,
  "0003_billing": m0003,
  "0004_identity": m0004,
  "0005_cash_receipts": m0005,
  "0008_payment_lists": m0008,
  "0007_webhooks": m0007,
  "0009_payments_core": m0009,
  "0006_stores": m0006,
  "0010_sandbox_ledger": m0010,
  "0011_unsettled_outcomes": m0011,
  "0020_job_leases": m0020,
  "0021_idempotency_scope": m0021,
  "0040_refresh_grace": m0040,
  "0041_sealed_at_rest": m0041,
  "0042_rate_limits": m0042,
  "0050_ops": m0050,
  "0060_dashboard_search": m0060,
  "0061_overview_indexes": m0061,
  "0070_channel_credentials": m0070,
  "0080_teams": m0080,
  "0081_audit_sealing": m0081,
  "0082_audit_indexes": m0082,
  "0086_audit_read_indexes": m0086,
  "0090_payment_counts": m0090,
  "0091_list_shapes": m0091,
  "0092_paid_volume_hours": m0092,
  "0093_refund_volume_hours": m0093,
  "0094_transactions_indexes": m0094,
  "0095_stored_search_document": m0095,
  "0096_request_log_lz4": m0096,
  "0097_lookup_claims": m0097,
  "0100_sandbox_tax_amounts": m0100,
  "0105_call_deadline": m0105,
  "0106_readiness_probe": m0106,
  "0115_dashboard_sessions": m0115,
  "0120_settlements": m0120,
  "0121_settlement_days": m0121,
  "0130_default_store_name": m0130,
  "0135_customer_lookups": m0135,
  "0160_channel_routing": m0160,
  "0165_settlement_waiting": m0165,
  "0170_webhook_endpoints": m0170,
  "0175_failed_attempt_hours": m0175,
  "0180_volume_days": m0180,
  "0185_store_customers": m0185,
  "0186_store_customers_search": m0186,
  "0187_customer_search_fts": m0187,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly target: MigrationDialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(migrations).map(([name, m]) => [name, { up: (db: Kysely<unknown>) => m.up(db, this.target) }]),
    );
  }
}

function migrator(): Migrator {
  return new Migrator({
    db: getDb() as unknown as Kysely<unknown>,
    provider: new StaticProvider(dialect()),
    allowUnorderedMigrations: true,
  });
}

/** Names of migrations this code knows that the database has not applied (for /readyz). */
export async function pendingMigrations(): Promise<string[]> {
  return (await migrator().getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}

let migrated: Promise<void> | undefined;

/** Brings the schema up to date; safe to call from several processes at once (Kysely takes a lock). */
export function migrateToLatest(): Promise<void> {
  migrated ??= (async () => {
    // A process starting while the database cuts connections (a restart, a failover) tries again
    // rather than exiting: each migration commits whole or not at all, and the lock is re-taken.
    const results = await retryOnLostConnection(async () => {
      const { error, results } = await migrator().migrateToLatest();
      const failed = results?.find((r) => r.status === "Error");
      if (error || failed)
        throw error instanceof Error ? error : new Error(`migration ${failed?.migrationName ?? ""} failed`);
      return results;
    });
    for (const applied of results ?? [])
      await migrations[applied.migrationName]?.afterCommit?.(getDb() as unknown as Kysely<unknown>, dialect());
  })();
  migrated.catch(() => {
    migrated = undefined;
  });
  return migrated;
}
