import { z } from "zod";
import { idRef, queryArray, queryInt } from "@/lib/schema/fields";

/** Query inputs and response shapes of the settlement endpoints (CONTRACT §14). Client-safe. */

export const SETTLEMENT_STATUSES = ["EXPECTED", "CONFIRMED"] as const;
export const SETTLEMENT_TYPES = ["PAYMENT", "REFUND"] as const;
/** Longest date range one request may ask for. */
export const MAX_RANGE_DAYS = 366;
const MAX_OFFSET = 50_000;

/** A `yyyy-MM-dd` calendar date that exists. */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date, yyyy-MM-dd")
  .refine((v) => {
    const ms = Date.parse(`${v}T00:00:00.000Z`);
    return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(v);
  }, "must be a date that exists");

const range = {
  /** Payout dates from / to (inclusive, Korea time). */
  payout_from: calendarDate.optional(),
  payout_to: calendarDate.optional(),
};

const paging = {
  store_id: idRef.optional(),
  page: queryInt(0, 1_000_000).default(0),
  limit: queryInt(1, 1000).default(100),
};
const withinOffset = (q: { page: number; limit: number }) => q.page * q.limit < MAX_OFFSET;
const offsetIssue = {
  message: `page * limit must be below ${MAX_OFFSET}; narrow the date range instead`,
  path: ["page"],
};

export const listSettlementsQuery = z
  .object({
    ...paging,
    ...range,
    sold_from: calendarDate.optional(),
    sold_to: calendarDate.optional(),
    /** One payout: its date (with channel_key, the payout of one channel). */
    payout_on: calendarDate.optional(),
    channel_key: idRef.optional(),
    payment_id: idRef.optional(),
    status: queryArray(z.enum(SETTLEMENT_STATUSES)),
    type: queryArray(z.enum(SETTLEMENT_TYPES)),
  })
  .refine(withinOffset, offsetIssue);
export type ListSettlementsInput = z.output<typeof listSettlementsQuery>;

export const listPayoutsQuery = z
  .object({ ...paging, ...range, channel_key: idRef.optional() })
  .refine(withinOffset, offsetIssue);
export type ListPayoutsInput = z.output<typeof listPayoutsQuery>;

const money = z.number().int();

export const wireSettlement = z.object({
  id: z.string(),
  store_id: z.string(),
  channel_key: z.string(),
  pg_provider: z.string().optional(),
  type: z.enum(SETTLEMENT_TYPES),
  status: z.enum(SETTLEMENT_STATUSES),
  payment_id: z.string().optional(),
  transaction_id: z.string().optional(),
  cancellation_id: z.string().optional(),
  method: z.string().optional(),
  currency: z.string(),
  sold_on: z.string(),
  payout_on: z.string(),
  gross: money,
  fees: z.array(z.object({ type: z.string(), amount: money })),
  fee_total: money,
  vat_on_fees: money,
  net: money,
  pg_key: z.string().optional(),
});
export type WireSettlement = z.infer<typeof wireSettlement>;

export const wirePayout = z.object({
  payout_on: z.string(),
  store_id: z.string(),
  channel_key: z.string(),
  pg_provider: z.string().optional(),
  currency: z.string(),
  /** EXPECTED while any of its rows is expected; CONFIRMED once the PG confirmed every one. */
  status: z.enum(SETTLEMENT_STATUSES),
  payment_count: z.number().int(),
  refund_count: z.number().int(),
  gross: money,
  fee_total: money,
  vat_on_fees: money,
  net: money,
});
export type WirePayout = z.infer<typeof wirePayout>;

const pageFields = { current_page: z.number().int(), total_page: z.number().int(), total_count: z.number().int() };
export const listSettlementsResponse = z.object({ ...pageFields, settlements: z.array(wireSettlement) });
export const listPayoutsResponse = z.object({ ...pageFields, payouts: z.array(wirePayout) });
