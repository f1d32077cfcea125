import { z } from "zod";
import { idRef, queryArray, queryBoolean, queryInt, text, timestamp } from "@/lib/api/fields";

/** Inputs of the payment list and scroll (client-safe: the dashboard keeps the same names in its URL). */

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
export const SORT_ORDERS = ["DESCENDING", "ASCENDING"] as const;

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

export type PaymentFilterInput = z.output<typeof paymentFilterQuery>;
export type ListPaymentsInput = z.output<typeof listPaymentsQuery>;
export type ScrollPaymentsInput = z.output<typeof scrollPaymentsQuery>;
