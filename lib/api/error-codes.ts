/**
 * The one code → HTTP status table. Services throw DomainError with a code from here; the
 * handler turns it into the endpoint family's envelope with this status.
 */
export const ERROR_STATUS = {
  INVALID_REQUEST: 400,
  TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_TOTAL_AMOUNT: 400,
  PAYMENT_ALREADY_PAID: 400,
  PAYMENT_ALREADY_EXISTS: 400,
  PAYMENT_ALREADY_SCHEDULED: 400,
  PAYMENT_ALREADY_CANCELLED: 400,
  NOT_PAID: 400,
  REFUNDABLE_AMOUNT_CONSISTENCY_BROKEN: 400,
  CANCEL_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_AMOUNT: 400,
  CANCEL_TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCEL_AMOUNT: 400,
  CANCEL_TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_TAX_FREE_AMOUNT: 400,
  CANCEL_TAX_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_TAX_AMOUNT: 400,
  CASH_RECEIPT_ALREADY_ISSUED: 400,
  CASH_RECEIPT_NOT_ISSUED: 400,
  BILLING_KEY_NOT_ISSUED: 400,
  BILLING_KEY_ALREADY_DELETED: 400,
  BILLING_KEY_DELETED: 400,
  BOOKED_SCHEDULE_EXISTENCE: 400,
  SCHEDULE_ALREADY_PROCESSED: 400,
  PAST_SCHEDULED: 400,
  TIER_CODE_ALREADY_EXISTS: 400,
  TERMS_NOT_AGREED: 400,
  TWO_FACTOR_CODE_INVALID: 400,
  UNAUTHORIZED: 401,
  PERMISSION_DENIED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  STORE_NOT_FOUND: 404,
  CHANNEL_NOT_FOUND: 404,
  BILLING_KEY_NOT_FOUND: 404,
  SCHEDULE_NOT_FOUND: 404,
  PAYMENT_NOT_FOUND: 404,
  CASH_RECEIPT_NOT_FOUND: 404,
  IDENTITY_VERIFICATION_NOT_FOUND: 404,
  IDENTITY_VERIFICATION_NOT_SENT: 404,
  METHOD_NOT_ALLOWED: 405,
  IDENTITY_VERIFICATION_ALREADY_VERIFIED: 409,
  IDENTITY_VERIFICATION_ALREADY_SENT: 409,
  IDEMPOTENCY_REQUEST_IN_PROGRESS: 409,
  LAST_OWNER: 409,
  INVITATION_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  IDEMPOTENCY_KEY_REUSED: 422,
  TOO_MANY_REQUESTS: 429,
  SERVICE_ERROR: 500,
  PG_PROVIDER_ERROR: 500,
  WEBHOOK_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

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
    super("TOO_MANY_REQUESTS", `too many attempts; retry in ${retryAfterSeconds} s`, { retry_after: retryAfterSeconds });
    this.name = "ThrottledError";
  }
}

function defaultMessage(code: ErrorCode): string {
  return code.toLowerCase().replaceAll("_", " ");
}
