/**
 * Webhook outbox records. A delivery is one event sent to one address (its retries share the
 * `webhook-id` header); each attempt on it is a row of `webhook_attempts`, shown as the spec's
 * Webhook object in the transaction's `notifications`.
 */
/** TEST: a dashboard test event (never a transaction's notification, which has no such trigger). */
export type WebhookTrigger = "NOTIFICATION_SETTING" | "MANUAL" | "VIRTUAL_ACCOUNT_DEPOSIT" | "TEST";
export type DeliveryState = "PENDING" | "SUCCEEDED" | "FAILED";
export type AttemptStatus = "SUCCEEDED" | "REQUEST_FAILED" | "CONNECT_FAILED";

export interface WebhookDeliveriesTable {
  id: string;
  merchant_id: string;
  store_id: string;
  /** Null for a dashboard test event. */
  payment_id: string | null;
  tx_id: string | null;
  /** The outbox event job this delivery was fanned out from (so a re-run fans out once). */
  source_job_id: string | null;
  /** Paid, VirtualAccountIssued, PartialCancelled, Cancelled, Failed, or Test. */
  event_type: string;
  url: string;
  /** The endpoint it went to (null: a notice_urls address, or made before endpoints existed). */
  endpoint_id: string | null;
  /** NOTICE_URLS: the request's address, kept on resend; STORE: a store endpoint, re-read on resend. */
  url_source: "NOTICE_URLS" | "STORE";
  trigger: WebhookTrigger;
  is_async: number;
  /** The exact JSON body, fixed at creation so every attempt sends the same bytes. */
  body: string;
  state: DeliveryState;
  attempts: number;
  max_attempts: number;
  next_attempt_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  merchant_id: string;
  store_id: string;
  payment_id: string | null;
  tx_id: string | null;
  status: AttemptStatus;
  execution: number;
  /** JSON object of the headers sent / received. */
  request_header: string;
  request_body: string;
  requested_at: number;
  response_code: number | null;
  response_header: string | null;
  response_body: string | null;
  responded_at: number | null;
  /** Why no response was had (connection refused, timeout, refused address). */
  error: string | null;
}

/** The previous signing secret during a rotation's overlap window: both signatures are sent. */
export interface WebhookSecretRotationsTable {
  store_id: string;
  merchant_id: string;
  previous_secret: string;
  rotated_at: number;
  expires_at: number;
}

/** One of a store's webhook addresses, with its own signing secret and chosen events. */
export interface WebhookEndpointsTable {
  id: string;
  merchant_id: string;
  store_id: string;
  url: string;
  description: string | null;
  /** "*" (every event) or a JSON array of event types (Paid, Failed, …). */
  events: string;
  enabled: number;
  /** Sealed (lib/webhooks/secret.ts). */
  secret: string;
  /** Sealed; signs too until previous_secret_expires_at (a rotation's overlap). */
  previous_secret: string | null;
  previous_secret_expires_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  webhook_secret_rotations: WebhookSecretRotationsTable;
}
