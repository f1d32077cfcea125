import { z } from "zod";
import { queryArray, queryInt } from "@/lib/schema/fields";
import { MAX_OFFSET, MAX_PAGE_SIZE, paymentFilterQuery } from "@/lib/payments/read/schema";
import { MAX_QUERY_LENGTH, MIN_QUERY_LENGTH } from "./limits";

/** The provider failure codes the payments page filters by (each has a `decline.*` label). */
export const PAYMENT_FAILURE_CODES = [
  "CARD_DECLINED",
  "INSUFFICIENT_FUNDS",
  "DECLINED",
  "PROVIDER_ERROR",
  "PROVIDER_OUTCOME_UNKNOWN",
  "BILLING_KEY_NOT_FOUND",
  "BILLING_KEY_DELETED",
  "DUPLICATED_ORDER_ID",
  "NOT_SUPPORTED",
  "NO_LIVE_PROVIDER",
] as const;

/** The dashboard's payments page: the API's filters, plus `q` (full-text search) and the store scope. */
export const dashboardPaymentsQuery = paymentFilterQuery
  .extend({
    page: queryInt(0, 1_000_000).default(0),
    limit: queryInt(1, MAX_PAGE_SIZE).default(10),
    q: z.string().trim().min(MIN_QUERY_LENGTH).max(MAX_QUERY_LENGTH).optional(),
    /** Which stores: the one in the switcher (default) or every store the user may see. */
    scope: z.enum(["store", "all"]).optional(),
    /** Failed payments by the provider's reason (failed-payment triage). */
    failure_codes: queryArray(z.enum(PAYMENT_FAILURE_CODES)),
    /** The channel each payment was actually made on (a channel group's payments by where they went). */
    channel_keys: queryArray(z.string().trim().min(1).max(200)),
  })
  .refine((q) => q.page * q.limit < MAX_OFFSET, { message: `page * limit must be below ${MAX_OFFSET}`, path: ["page"] })
  .refine((q) => q.start === undefined || q.end === undefined || q.start <= q.end, {
    message: "must not be after end",
    path: ["start"],
  });

export type DashboardPaymentsQuery = z.output<typeof dashboardPaymentsQuery>;

export const paletteQuery = z.object({ q: z.string().trim().min(MIN_QUERY_LENGTH).max(MAX_QUERY_LENGTH) });
