/**
 * Identity verifications: one row per caller-chosen id within a store. Of the resident number only
 * its first back digit (century and sex) is kept; the OTP only as a keyed hash.
 */
export type IdentityVerificationStatus = "READY" | "VERIFIED" | "FAILED";

export interface IdentityVerificationsTable {
  id: string;
  merchant_id: string;
  store_id: string;
  verification_id: string;
  status: IdentityVerificationStatus;
  channel_id: string;
  channel_type: "LIVE" | "TEST";
  /** Channel as it was at send time (camelCase wire shape). */
  channel: string;
  method: "SMS" | "APP";
  operator: string;
  custom_data: string | null;
  customer_id: string | null;
  customer_name: string;
  customer_phone: string;
  /** The resident number's 7th digit (century and sex); null when not given (APP). */
  identity_digit: string | null;
  /** Provider-side session handle (opaque; the sandbox's is sealed). Cleared once verified. */
  pg_session: string | null;
  otp_hash: string | null;
  otp_expires_at: number | null;
  /** Codes checked against the current OTP (at most 5; the 5th wrong one makes the verification FAILED). */
  otp_attempts: number;
  sent_at: number | null;
  verified_customer: string | null;
  verified_at: number | null;
  pg_tx_id: string | null;
  pg_raw_response: string | null;
  requested_at: number;
  updated_at: number;
  status_changed_at: number;
  created_at: number;
}

/** Simulated SMS of TEST channels (the sandbox inbox). The text is sealed with a server key. */
export interface SandboxMessagesTable {
  id: string;
  merchant_id: string;
  store_id: string;
  verification_row_id: string;
  verification_id: string;
  phone_number: string;
  sealed_text: string;
  /** Sealed OTP, so the test endpoint can answer without parsing the text. */
  sealed_otp: string;
  expires_at: number;
  created_at: number;
}

export interface IdentityTables {
  identity_verifications: IdentityVerificationsTable;
  sandbox_messages: SandboxMessagesTable;
}
