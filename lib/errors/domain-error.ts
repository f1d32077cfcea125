import { ProviderRefusal } from "@/lib/providers/refusal";

/**
 * The domain's failures, free of HTTP: verbs throw DomainError with a spec code; the edge
 * (lib/api/error-codes.ts) maps each code to its status and the endpoint family's envelope.
 */
export const ERROR_CODES = [
  "INVALID_REQUEST",
  "TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_TOTAL_AMOUNT",
  "PAYMENT_ALREADY_PAID",
  "PAYMENT_ALREADY_EXISTS",
  "PAYMENT_ALREADY_SCHEDULED",
  "PAYMENT_ALREADY_CANCELLED",
  "NOT_PAID",
  "REFUNDABLE_AMOUNT_CONSISTENCY_BROKEN",
  "CANCEL_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_AMOUNT",
  "CANCEL_TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCEL_AMOUNT",
  "CANCEL_TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_TAX_FREE_AMOUNT",
  "CANCEL_TAX_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_TAX_AMOUNT",
  "CASH_RECEIPT_ALREADY_ISSUED",
  "CASH_RECEIPT_NOT_ISSUED",
  "CASH_RECEIPT_NOT_CASH_PAYMENT",
  "BILLING_KEY_NOT_ISSUED",
  "BILLING_KEY_ALREADY_DELETED",
  "BILLING_KEY_DELETED",
  "BOOKED_SCHEDULE_EXISTENCE",
  "SCHEDULE_ALREADY_PROCESSED",
  "PAST_SCHEDULED",
  "TIER_CODE_ALREADY_EXISTS",
  "TERMS_NOT_AGREED",
  "TWO_FACTOR_CODE_INVALID",
  "LAST_OWNER",
  "INVITATION_EXPIRED",
  "UNAUTHORIZED",
  "PERMISSION_DENIED",
  "FORBIDDEN",
  "NOT_FOUND",
  "STORE_NOT_FOUND",
  "CHANNEL_NOT_FOUND",
  "BILLING_KEY_NOT_FOUND",
  "SCHEDULE_NOT_FOUND",
  "PAYMENT_NOT_FOUND",
  "CASH_RECEIPT_NOT_FOUND",
  "CUSTOMER_NOT_FOUND",
  "IDENTITY_VERIFICATION_NOT_FOUND",
  "IDENTITY_VERIFICATION_NOT_SENT",
  "METHOD_NOT_ALLOWED",
  "IDENTITY_VERIFICATION_ALREADY_VERIFIED",
  "IDENTITY_VERIFICATION_ALREADY_SENT",
  "IDEMPOTENCY_REQUEST_IN_PROGRESS",
  "PAYLOAD_TOO_LARGE",
  "IDEMPOTENCY_KEY_REUSED",
  "TOO_MANY_REQUESTS",
  "SERVICE_ERROR",
  "PG_PROVIDER_ERROR",
  "WEBHOOK_ERROR",
  "SERVICE_UNAVAILABLE",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** A failure the caller can act on. `params` is what the envelope's params carries. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(message ?? defaultMessage(code));
    this.name = "DomainError";
  }
}

/** A payment provider refused or failed: carries the provider's code and message. */
export class ProviderError extends DomainError {
  constructor(
    readonly pgCode: string,
    readonly pgMessage: string,
  ) {
    super("PG_PROVIDER_ERROR", pgMessage, { pg_code: pgCode, pg_message: pgMessage });
    this.name = "ProviderError";
  }
}

/** Too many attempts for a client address or account: answered 429 with Retry-After. */
export class ThrottledError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super("TOO_MANY_REQUESTS", `too many attempts; retry in ${retryAfterSeconds} s`, {
      retry_after: retryAfterSeconds,
    });
    this.name = "ThrottledError";
  }
}

/** The database cannot write now (disk full, I/O error): answered 503 with Retry-After. */
export class StorageUnavailableError extends DomainError {
  readonly retryAfterSeconds = 30;
  constructor() {
    super("SERVICE_UNAVAILABLE", "the service cannot record changes right now; retry later", { retry_after: 30 });
    this.name = "StorageUnavailableError";
  }
}

function defaultMessage(code: ErrorCode): string {
  return code.toLowerCase().replaceAll("_", " ");
}

/**
 * The domain error an error stands for: a DomainError itself, or a provider's refusal at its
 * front door as INVALID_REQUEST naming the field; undefined for anything else (a bug, an outage).
 */
export function asDomainError(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  if (error instanceof ProviderRefusal)
    return new DomainError("INVALID_REQUEST", error.message, { field: error.field });
  return undefined;
}
