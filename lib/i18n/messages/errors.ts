/**
 * Domain errors in the reader's language, keyed by the API's error code (lib/api/error-codes.ts),
 * and the field-level messages a validation failure becomes. A test checks every code has both.
 */
type Pair = readonly [string, string];

const codes: Record<string, Pair> = {
  INVALID_REQUEST: ["Some of what was entered is not valid.", "입력한 값이 올바르지 않습니다."],
  TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_TOTAL_AMOUNT: [
    "The tax-free amount cannot exceed the total.",
    "면세 금액은 총 금액보다 클 수 없습니다.",
  ],
  PAYMENT_ALREADY_PAID: ["This payment is already paid.", "이미 결제가 완료된 건입니다."],
  PAYMENT_ALREADY_EXISTS: ["A payment with this ID already exists.", "같은 ID의 결제가 이미 있습니다."],
  PAYMENT_ALREADY_SCHEDULED: ["This payment is already scheduled.", "이미 예약된 결제입니다."],
  PAYMENT_ALREADY_CANCELLED: ["This payment is already fully refunded.", "이미 전액 취소된 결제입니다."],
  NOT_PAID: ["This payment has not been paid, so it cannot be refunded.", "결제가 완료되지 않아 취소할 수 없습니다."],
  REFUNDABLE_AMOUNT_CONSISTENCY_BROKEN: [
    "The refundable balance changed meanwhile (another refund was made). Reload and try again.",
    "그사이 취소 가능 금액이 바뀌었습니다(다른 취소가 있었음). 새로 고친 뒤 다시 시도하세요.",
  ],
  CANCEL_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_AMOUNT: [
    "The refund is larger than what can still be refunded.",
    "취소 금액이 취소 가능 금액보다 큽니다.",
  ],
  CANCEL_TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCEL_AMOUNT: [
    "The tax-free part cannot exceed the refund amount.",
    "면세 취소 금액은 취소 금액보다 클 수 없습니다.",
  ],
  CANCEL_TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_TAX_FREE_AMOUNT: [
    "The tax-free part is larger than the tax-free balance left.",
    "면세 취소 금액이 남은 면세 금액보다 큽니다.",
  ],
  CANCEL_TAX_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_CANCELLABLE_TAX_AMOUNT: [
    "The VAT part is larger than the VAT left.",
    "부가세 취소 금액이 남은 부가세보다 큽니다.",
  ],
  CASH_RECEIPT_ALREADY_ISSUED: [
    "A cash receipt was already issued for this payment.",
    "이 결제에는 이미 현금영수증이 발급되었습니다.",
  ],
  CASH_RECEIPT_NOT_ISSUED: ["No cash receipt is issued for this payment.", "이 결제에 발급된 현금영수증이 없습니다."],
  CASH_RECEIPT_NOT_CASH_PAYMENT: [
    "Cash receipts are for cash payments (virtual account, bank transfer). A card payment's slip is already its proof.",
    "현금영수증은 현금성 결제(가상계좌, 계좌이체)에만 발급합니다. 카드 결제는 카드 전표가 증빙입니다.",
  ],
  BILLING_KEY_NOT_ISSUED: ["This billing key was never issued.", "발급되지 않은 빌링키입니다."],
  BILLING_KEY_ALREADY_DELETED: ["This billing key is already deleted.", "이미 삭제된 빌링키입니다."],
  BILLING_KEY_DELETED: ["This billing key is deleted.", "삭제된 빌링키입니다."],
  BOOKED_SCHEDULE_EXISTENCE: [
    "Schedules are still booked on this billing key.",
    "이 빌링키에 예약된 결제가 남아 있습니다.",
  ],
  SCHEDULE_ALREADY_PROCESSED: ["This schedule has already run.", "이미 처리된 예약입니다."],
  PAST_SCHEDULED: ["The scheduled time is in the past.", "예약 시각이 이미 지났습니다."],
  TIER_CODE_ALREADY_EXISTS: ["Another store already uses this tier code.", "다른 상점이 이미 쓰는 티어 코드입니다."],
  TERMS_NOT_AGREED: ["Both agreements are required.", "두 약관에 모두 동의해야 합니다."],
  TWO_FACTOR_CODE_INVALID: [
    "That code is not valid. Enter the current 6-digit code from your app, or a recovery code.",
    "코드가 올바르지 않습니다. 앱의 현재 6자리 코드나 복구 코드를 입력하세요.",
  ],
  LAST_OWNER: [
    "The team needs at least one owner. Make someone else an owner first.",
    "팀에는 소유자가 한 명 이상 있어야 합니다. 먼저 다른 사람을 소유자로 지정하세요.",
  ],
  INVITATION_EXPIRED: [
    "This invitation is no longer valid. Ask for a new one.",
    "이 초대는 더 이상 유효하지 않습니다. 새 초대를 요청하세요.",
  ],
  UNAUTHORIZED: ["Your session ended. Sign in again.", "세션이 만료되었습니다. 다시 로그인하세요."],
  PERMISSION_DENIED: ["You do not have permission to do this.", "이 작업을 할 권한이 없습니다."],
  FORBIDDEN: ["This needs the hosting contract.", "호스팅 계약이 필요한 기능입니다."],
  NOT_FOUND: ["Not found.", "찾을 수 없습니다."],
  STORE_NOT_FOUND: ["Store not found.", "상점을 찾을 수 없습니다."],
  CHANNEL_NOT_FOUND: ["Channel not found.", "채널을 찾을 수 없습니다."],
  BILLING_KEY_NOT_FOUND: ["Billing key not found.", "빌링키를 찾을 수 없습니다."],
  SCHEDULE_NOT_FOUND: ["Schedule not found.", "예약을 찾을 수 없습니다."],
  PAYMENT_NOT_FOUND: ["Payment not found.", "결제 건을 찾을 수 없습니다."],
  CASH_RECEIPT_NOT_FOUND: ["Cash receipt not found.", "현금영수증을 찾을 수 없습니다."],
  CUSTOMER_NOT_FOUND: ["Customer not found.", "고객을 찾을 수 없습니다."],
  IDENTITY_VERIFICATION_NOT_FOUND: ["Verification not found.", "본인인증 건을 찾을 수 없습니다."],
  IDENTITY_VERIFICATION_NOT_SENT: ["The code was not sent yet.", "인증번호가 아직 발송되지 않았습니다."],
  METHOD_NOT_ALLOWED: ["This action is not allowed.", "허용되지 않는 요청입니다."],
  IDENTITY_VERIFICATION_ALREADY_VERIFIED: ["Already verified.", "이미 인증이 완료되었습니다."],
  IDENTITY_VERIFICATION_ALREADY_SENT: ["The code was already sent.", "인증번호가 이미 발송되었습니다."],
  IDEMPOTENCY_REQUEST_IN_PROGRESS: [
    "The same request is still running. Wait a moment.",
    "같은 요청이 처리 중입니다. 잠시 기다리세요.",
  ],
  TOO_MANY_REQUESTS: [
    "Too many attempts. Wait a few minutes and try again.",
    "시도 횟수가 너무 많습니다. 몇 분 뒤에 다시 시도하세요.",
  ],
  PAYLOAD_TOO_LARGE: ["Too much data in one request.", "요청 데이터가 너무 큽니다."],
  IDEMPOTENCY_KEY_REUSED: [
    "This request was already made with different data.",
    "같은 키로 다른 요청이 이미 처리되었습니다.",
  ],
  SERVICE_ERROR: [
    "Something went wrong on our side. Try again; if it persists, quote the request id.",
    "일시적인 오류가 발생했습니다. 다시 시도하고, 반복되면 요청 번호를 알려 주세요.",
  ],
  PG_PROVIDER_ERROR: ["The payment provider refused.", "PG사가 요청을 거절했습니다."],
  WEBHOOK_ERROR: ["The webhook could not be delivered.", "웹훅을 전송하지 못했습니다."],
  SERVICE_UNAVAILABLE: [
    "Changes cannot be recorded right now. Try again shortly.",
    "지금은 변경 사항을 기록할 수 없습니다. 잠시 후 다시 시도하세요.",
  ],
  NETWORK: [
    "Could not reach the server. Check the connection and retry.",
    "서버에 연결할 수 없습니다. 연결을 확인하고 다시 시도하세요.",
  ],
};

/** zod issue codes → a sentence about the field. */
const validation: Record<string, Pair> = {
  required: ["Required", "필수 항목입니다"],
  too_small: ["Too short or too small", "너무 짧거나 작습니다"],
  too_big: ["Too long or too large", "너무 길거나 큽니다"],
  invalid_format: ["Not in the expected format", "형식이 올바르지 않습니다"],
  invalid_type: ["Not a valid value", "올바른 값이 아닙니다"],
  invalid_value: ["Not one of the allowed values", "허용되지 않는 값입니다"],
  custom: ["Not valid", "올바르지 않습니다"],
  amount: ["Enter an amount, e.g. 15000", "금액을 입력하세요 (예: 15000)"],
  decimals: ["Too many decimals for {currency}", "{currency}에는 그만큼의 소수 자리가 없습니다"],
  range: ["The start date is after the end date", "시작일이 종료일보다 늦습니다"],
};

const build = (i: 0 | 1) => ({
  ...Object.fromEntries(Object.entries(codes).map(([code, pair]) => [`error.${code}`, pair[i]])),
  ...Object.fromEntries(Object.entries(validation).map(([code, pair]) => [`validation.${code}`, pair[i]])),
});

export const errors = { en: build(0), ko: build(1) };
