import type { UserRole } from "./foundation";

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  /** SHA-256 of the code (10 random base32 characters). */
  code_hash: string;
  used_at: number | null;
}

/** A signed-in dashboard session: the session cookie carries its id (lib/sessions/). */
export interface DashboardSessionsTable {
  id: string;
  user_id: string;
  created_at: number;
  /** Sign-in + the session's lifetime: it does not roll. */
  expires_at: number;
  /** Signed out, or ended by a password, two-factor or role change. */
  ended_at: number | null;
}

export interface InvitationsTable {
  id: string;
  merchant_id: string;
  store_id: string | null;
  email: string;
  role: UserRole;
  /** SHA-256 of the link's token: the link itself is shown once. */
  token_hash: string;
  invited_by: string;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  revoked_at: number | null;
}

export interface OutboxMailsTable {
  id: string;
  merchant_id: string;
  to_email: string;
  subject: string;
  /** Sealed: an invitation mail carries a live link. */
  body_sealed: string;
  created_at: number;
}

export type AuditActorType = "USER" | "API_KEY" | "SYSTEM";

export interface AuditHeadsTable {
  merchant_id: string;
  seq: number;
  hash: string;
}

export interface AuditLogTable {
  id: string;
  merchant_id: string;
  /** Chain position, prev_hash and hash: null until the entry is sealed (lib/audit/seal.ts). */
  seq: number | null;
  actor_type: AuditActorType;
  actor_id: string | null;
  /** The user's name and e-mail, or the API key's name and prefix, as they were. */
  actor_name: string;
  action: string;
  target_id: string;
  /** JSON `{before?, after?}` of the fields that changed. */
  summary: string;
  ip_address: string | null;
  created_at: number;
  prev_hash: string | null;
  hash: string | null;
}

export interface ApiRequestLogTable {
  id: string;
  merchant_id: string;
  store_id: string;
  api_key_id: string | null;
  method: string;
  path: string;
  payment_id: string | null;
  status: number;
  latency_ms: number;
  request_id: string;
  idempotency_key: string | null;
  /** Redacted JSON text (lib/request-log/redact.ts). */
  request_body: string | null;
  response_body: string | null;
  created_at: number;
}

export interface SavedViewsTable {
  id: string;
  merchant_id: string;
  user_id: string;
  name: string;
  shared: number;
  /** The payments list's URL query (filters), without `view`. */
  query: string;
  /** JSON array of visible column ids. */
  columns: string;
  created_at: number;
  updated_at: number;
}

export interface TeamTables {
  recovery_codes: RecoveryCodesTable;
  dashboard_sessions: DashboardSessionsTable;
  invitations: InvitationsTable;
  outbox_mails: OutboxMailsTable;
  audit_heads: AuditHeadsTable;
  audit_log: AuditLogTable;
  api_request_log: ApiRequestLogTable;
  saved_views: SavedViewsTable;
}
