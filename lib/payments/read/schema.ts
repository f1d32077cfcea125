import { z } from "zod";
import { idRef, queryArray, queryBoolean, queryInt, text, timestamp } from "@/lib/schema/fields";
import {
  timestampOut,
  wireCardDetail,
  wireChannel,
  wireCountry,
  wireCurrency,
  wireCustomer,
  wireOrigin,
  wireProduct,
} from "@/lib/schema/wire-records";
import { cashReceiptDetail } from "@/lib/cash-receipts/schema";
import { wireNotification } from "@/lib/webhooks/schema";

/**
 * The payment reads' inputs (list and scroll; client-safe: the dashboard keeps the same names in its
 * URL) and the spec's Payment and Transaction as response schemas (lib/payments/serialize.ts produces them).
 */

export const PAYMENT_STATUSES = [
  "READY",
  "PENDING",
  "VIRTUAL_ACCOUNT_ISSUED",
  "PAID",
  "FAILED",
  "PARTIAL_CANCELLED",
  "CANCELLED",
] as const;
export const PAYMENT_METHODS = [
  "CARD",
  "TRANSFER",
  "VIRTUAL_ACCOUNT",
  "MOBILE",
  "GIFT_CERTIFICATE",
  "EASY_PAY",
] as const;
export const PG_PROVIDERS = [
  "HTML5_INICIS",
  "PAYPAL",
  "PAYPAL_V2",
  "INICIS",
  "DANAL",
  "NICE",
  "DANAL_TPAY",
  "JTNET",
  "UPLUS",
  "NAVERPAY",
  "KAKAO",
  "SETTLE",
  "KCP",
  "MOBILIANS",
  "KAKAOPAY",
  "NAVERCO",
  "SYRUP",
  "KICC",
  "EXIMBAY",
  "SMILEPAY",
  "PAYCO",
  "KCP_BILLING",
  "ALIPAY",
  "PAYPLE",
  "CHAI",
  "BLUEWALNUT",
  "SMARTRO",
  "SMARTRO_V2",
  "PAYMENTWALL",
  "TOSSPAYMENTS",
  "KCP_QUICK",
  "DAOU",
  "GALAXIA",
  "TOSSPAY",
  "KCP_DIRECT",
  "SETTLE_ACC",
  "SETTLE_FIRM",
  "INICIS_UNIFIED",
  "KSNET",
  "PINPAY",
] as const;
/** CONTRACT §5. */
export const TEXT_SEARCH_COLUMNS = [
  "ALL",
  "PAYMENT_ID",
  "TX_ID",
  "SCHEDULE_ID",
  "BILLING_KEY",
  "ORDER_NAME",
  "CUSTOMER_NAME",
  "CUSTOMER_EMAIL",
  "CUSTOMER_PHONE_NUMBER",
  "PG_TX_ID",
  "CARD_NUMBER",
  "CARD_APPROVAL_NUMBER",
  "VIRTUAL_ACCOUNT_NUMBER",
  "CANCEL_REASON",
  "FAIL_REASON",
] as const;
export const TIMESTAMP_TYPES = ["REQUESTED_AT", "STATUS_UPDATED_AT"] as const;
const SORT_ORDERS = ["DESCENDING", "ASCENDING"] as const;

export const MAX_PAGE_SIZE = 1000;
/** page * limit must stay below this (spec Limits): deep offsets are refused, narrow the range instead. */
export const MAX_OFFSET = 50_000;

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type TextSearchColumn = (typeof TEXT_SEARCH_COLUMNS)[number];
export type TimestampType = (typeof TIMESTAMP_TYPES)[number];

/** The filters shared by the paged list and the dashboard's CSV export. */
export const paymentFilterQuery = z.object({
  store_id: idRef.optional(),
  timestamp_type: z.enum(TIMESTAMP_TYPES).default("STATUS_UPDATED_AT"),
  start: timestamp.optional(),
  end: timestamp.optional(),
  status: queryArray(z.enum(PAYMENT_STATUSES)),
  methods: queryArray(z.enum(PAYMENT_METHODS)),
  pg_providers: queryArray(z.enum(PG_PROVIDERS)),
  is_test_payment: queryBoolean.optional(),
  is_scheduled_payment: queryBoolean.optional(),
  text_search_column: z.enum(TEXT_SEARCH_COLUMNS).optional(),
  text_search_value: text(200).min(1).optional(),
  // The spec marks these required; defaulting them keeps clients that omit them working.
  sort_by: z.enum(TIMESTAMP_TYPES).optional(),
  sort_order: z.enum(SORT_ORDERS).default("DESCENDING"),
});

export const listPaymentsQuery = paymentFilterQuery
  .extend({
    page: queryInt(0, 1_000_000).default(0),
    limit: queryInt(1, MAX_PAGE_SIZE).default(10),
  })
  .refine((q) => q.page * q.limit < MAX_OFFSET, {
    message: `page * limit must be below ${MAX_OFFSET}; narrow the date range instead`,
    path: ["page"],
  });

export const scrollPaymentsQuery = z.object({
  store_id: idRef.optional(),
  start: timestamp.optional(),
  end: timestamp.optional(),
  cursor: text(2000).min(1).optional(),
  limit: queryInt(1, MAX_PAGE_SIZE).default(10),
});

/**
 * The API's filters; `failure_codes` (the provider's failure code) and `channel_keys` (the channel
 * the payment was made on) are the dashboard's own, never read from an API query.
 */
export type PaymentFilterInput = z.output<typeof paymentFilterQuery> & {
  failure_codes?: readonly string[];
  channel_keys?: readonly string[];
};
export type ListPaymentsInput = z.output<typeof listPaymentsQuery>;
export type ScrollPaymentsInput = z.output<typeof scrollPaymentsQuery>;

const amount = z.object({
  currency: wireCurrency,
  total: z.number().int(),
  tax_free: z.number().int(),
  vat: z.number().int().optional(),
  supply: z.number().int().optional(),
  discount: z.number().int(),
  paid: z.number().int(),
  cancelled: z.number().int(),
  cancelled_tax_free: z.number().int(),
});

const cancellation = z.object({
  id: z.string(),
  pg_cancellation_id: z.string(),
  cancel_amount: z.number().int(),
  tax_free_amount: z.number().int(),
  easy_pay_discount_amount: z.number().int().optional(),
  reason: z.string(),
  cancelled_at: timestampOut.optional(),
  requested_at: timestampOut,
  status: z.enum(["REQUESTED", "FAILED", "SUCCEEDED"]),
});

const escrowDetail = z.object({
  company: z.string(),
  invoice_number: z.string(),
  status: z
    .enum(["REGISTERED", "COMPLETED", "CONFIRMED", "AUTO_CONFIRMED", "REJECTED", "CANCEL", "REJECT_CONFIRMED"])
    .optional(),
  sent_at: timestampOut.optional(),
  applied_at: timestampOut.optional(),
});

/** CONTRACT §5 payment-method detail members. */
const paymentMethodDetail = z.object({
  card: z
    .object({
      detail: wireCardDetail.optional(),
      number: z.string().optional().describe("masked"),
      approval_number: z.string().optional(),
      installment: z.object({ month: z.number().int(), is_interest_free: z.boolean() }).optional(),
      card_point_used: z.boolean().optional(),
    })
    .optional(),
  virtual_account: z
    .object({
      bank_code: z.string(),
      account_number: z.string(),
      account_type: z.enum(["NORMAL", "FIXED"]),
      remittee_name: z.string().optional(),
      remitter_name: z.string().optional(),
      expired_at: timestampOut.optional(),
      issued_at: timestampOut.optional(),
      refund_status: z.string().optional(),
    })
    .optional(),
  transfer: z.object({ bank_code: z.string().optional() }).optional(),
  mobile: z.object({ carrier: z.string().optional(), phone_number: z.string().optional() }).optional(),
  gift_certificate: z
    .object({
      type: z.enum(["BOOKNLIFE", "SMART_MUNSANG", "CULTURELAND", "HAPPYMONEY"]).optional(),
      approval_number: z.string(),
    })
    .optional(),
  easy_pay: z
    .object({ easy_pay_provider: z.string().optional(), card: z.unknown().optional(), charge: z.unknown().optional() })
    .optional(),
});

const wireTransaction = z.object({
  id: z.string(),
  is_primary: z.boolean(),
  version: z.enum(["V1", "V2"]),
  method: z.enum(PAYMENT_METHODS).optional(),
  channel: wireChannel.optional(),
  schedule_id: z.string().optional(),
  billing_key: z.string().optional(),
  notifications: z.array(wireNotification).describe("each item holds a webhook (CONTRACT §9)"),
  status_updated_at: timestampOut.optional(),
  updated_at: timestampOut,
  order_name: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount,
  customer: wireCustomer,
  origin: wireOrigin,
  is_cultural_expense: z.boolean().optional(),
  is_escrow: z.boolean(),
  escrow_detail: escrowDetail.optional(),
  products: z.array(wireProduct).optional(),
  product_count: z.number().int().optional(),
  custom_data: z.string().optional(),
  requested_at: timestampOut,
  promotion_id: z.string().optional(),
  failure: z
    .object({ reason: z.string().optional(), pg_code: z.string().optional(), pg_message: z.string().optional() })
    .optional(),
  failed_at: timestampOut.optional(),
  country: wireCountry.optional(),
  paid_at: timestampOut.optional(),
  payment_method_detail: paymentMethodDetail.optional(),
  pg_tx_id: z.string().optional(),
  pg_response: z.string().optional(),
  cash_receipt: cashReceiptDetail.optional(),
  cancellations: z.array(cancellation).optional(),
  cancelled_at: timestampOut.optional(),
});

export const wirePayment = z.object({
  id: z.string(),
  merchant_id: z.string(),
  store_id: z.string(),
  transactions: z.array(wireTransaction),
});
export const listPaymentsResponse = z.object({
  current_page: z.number().int(),
  total_page: z.number().int(),
  total_count: z.number().int(),
  payments: z.array(wirePayment),
});
export const scrollPaymentsResponse = z.object({ payments: z.array(wirePayment), cursor: z.string().optional() });
