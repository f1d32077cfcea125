import type { Generated } from "kysely";

export interface MerchantsTable {
  id: string;
  name: string;
  has_hosting_contract: number;
  default_store_id: string | null;
  created_at: number;
  /** 1: every user of the merchant signs in with two-factor. */
  require_two_factor: Generated<number>;
}

export interface StoresTable {
  id: string;
  merchant_id: string;
  name: string;
  is_default: number;
  tier_code: string | null;
  webhook_url: string | null;
  webhook_secret: string;
  created_at: number;
  updated_at: number;
}

export interface ChannelsTable {
  id: string;
  merchant_id: string;
  store_id: string;
  key: string;
  name: string;
  type: "LIVE" | "TEST";
  pg_provider: string;
  pg_merchant_id: string;
  is_for_payment: number;
  is_for_identity_verification: number;
  created_at: number;
}

/** A LIVE channel's provider secret, sealed (migration 0070, lib/channels/live.ts). */
export interface ChannelCredentialsTable {
  channel_id: string;
  merchant_id: string;
  store_id: string;
  secret_key_sealed: string;
  secret_key_hint: string;
  /** The last connection test: when it passed (null: never, or failed) and what failed. */
  tested_at: number | null;
  test_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface ApiKeysTable {
  id: string;
  merchant_id: string;
  store_id: string | null;
  name: string;
  key_hash: string;
  key_prefix: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface TokenFamiliesTable {
  id: string;
  api_key_id: string;
  merchant_id: string;
  created_at: number;
  revoked_at: number | null;
}

export interface RefreshTokensTable {
  id: string;
  family_id: string;
  token_hash: string;
  issued_at: number;
  expires_at: number;
  rotated_at: number | null;
  /** The pair this token was rotated into, sealed; kept for the grace window (a client retry gets it again). */
  successor_sealed: string | null;
}

export type UserRole = "OWNER" | "ADMIN" | "VIEWER";

export interface UsersTable {
  id: string;
  merchant_id: string;
  store_id: string | null;
  email: string;
  name: string;
  password_hash: string;
  role: UserRole;
  created_at: number;
  last_sign_in_at: Generated<number | null>;
  password_changed_at: Generated<number | null>;
  /** Sealed TOTP secret; set while enrolling, live once totp_enabled_at is set. */
  totp_secret: Generated<string | null>;
  totp_enabled_at: Generated<number | null>;
  /** The last TOTP time step accepted, so a code works once. */
  totp_last_step: Generated<number | null>;
  default_view_id: Generated<string | null>;
}

export interface IdempotencyKeysTable {
  merchant_id: string;
  /** The credential's store when it is store-limited, else "*" (merchant-wide). */
  store_scope: string;
  idempotency_key: string;
  request_hash: string;
  state: "RUNNING" | "DONE";
  response_status: number | null;
  response_body: string | null;
  /** Which running request holds the key; only it may record the outcome. */
  lease_owner: string | null;
  /** A RUNNING key whose lease ended (its process died) may be taken over by a retry. */
  locked_until: number;
  created_at: number;
}

/** One row per server process name, written by /readyz to prove the database can write (migration 0106). */
export interface ReadinessProbeTable {
  id: string;
  checked_at: number;
}

export interface FoundationTables {
  merchants: MerchantsTable;
  stores: StoresTable;
  channels: ChannelsTable;
  channel_credentials: ChannelCredentialsTable;
  api_keys: ApiKeysTable;
  token_families: TokenFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  users: UsersTable;
  idempotency_keys: IdempotencyKeysTable;
  readiness_probe: ReadinessProbeTable;
}

export type { Generated };
