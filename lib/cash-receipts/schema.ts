import { z } from "zod";
import { amount, callerId, idRef, text } from "@/lib/schema/fields";
import { currency } from "@/lib/customers/schema";

/** Cash receipt inputs (CONTRACT §6, snake_case). Client-safe: no db imports. */
export const cashReceiptType = z.enum(["PERSONAL", "CORPORATE", "ANONYMOUS"]);
export const cashReceiptStatus = z.enum(["ISSUED", "CANCELLED"]);
export const cashReceiptProductType = z.enum(["REAL", "DIGITAL"]);

export const paymentParams = z.object({ payment_id: callerId });
export const storeQuery = z.object({ store_id: idRef.optional() });

const customerIdentifier = text(40)
  .transform((v) => v.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^\d{8,20}$/, "must be a phone or business number (8–20 digits)"));

const issueFields = z.object({
  store_id: idRef.optional(),
  channel_key: idRef,
  customer_identifier: customerIdentifier,
  type: cashReceiptType,
  order_name: text(200).trim().min(1),
  currency,
  amount: amount.min(1, "must be positive"),
  tax_free_amount: amount.optional(),
  product_type: cashReceiptProductType.optional(),
  customer_name: text(100).optional(),
  customer_email: text(320).optional(),
});

function taxFreeWithinAmount(v: { amount: number; tax_free_amount?: number }, ctx: z.RefinementCtx) {
  if ((v.tax_free_amount ?? 0) > v.amount)
    ctx.addIssue({ code: "custom", path: ["tax_free_amount"], message: "must not exceed amount" });
}

/** `channel_name` is the old spelling of `channel_key`. */
function aliasChannelName(raw: unknown): unknown {
  if (raw && typeof raw === "object" && !("channel_key" in raw) && "channel_name" in raw) {
    const { channel_name, ...rest } = raw as Record<string, unknown>;
    return { ...rest, channel_key: channel_name };
  }
  return raw;
}

export const issueCashReceiptBody = z.preprocess(aliasChannelName, issueFields.superRefine(taxFreeWithinAmount));
export type IssueCashReceiptBody = z.output<typeof issueFields>;

/** The dashboard's issue form: the same body plus the payment id. */
export const dashboardIssueInput = issueFields.extend({ payment_id: callerId }).superRefine(taxFreeWithinAmount);
export type DashboardIssueInput = z.input<typeof dashboardIssueInput>;
export const dashboardPaymentInput = z.object({ payment_id: callerId });

/**
 * A receipt from the payment page: order name, currency and channel come from the payment; the
 * amount defaults to what is paid and not refunded, and may not exceed it.
 */
export const receiptFromPaymentInput = z
  .object({
    payment_id: callerId,
    type: cashReceiptType,
    customer_identifier: customerIdentifier,
    amount: amount.min(1, "must be positive").optional(),
    tax_free_amount: amount.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.amount !== undefined) taxFreeWithinAmount({ amount: v.amount, tax_free_amount: v.tax_free_amount }, ctx);
  });
export type ReceiptFromPaymentInput = z.output<typeof receiptFromPaymentInput>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be yyyy-MM-dd");
export const listCashReceiptsInput = z.object({
  status: cashReceiptStatus.optional(),
  type: cashReceiptType.optional(),
  from: day.optional(),
  to: day.optional(),
  page: z.number().int().min(0).max(10_000).default(0),
});
export type ListCashReceiptsInput = z.input<typeof listCashReceiptsInput>;

/** The channel as it was at issue time (stored with the receipt; the spec's Channel). */
export const receiptChannel = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  type: z.string(),
  pg_provider: z.string(),
  pg_merchant_id: z.string(),
});
export type ReceiptChannel = z.infer<typeof receiptChannel>;

/** Wire shapes, for the OpenAPI document. */
export const cashReceiptDetail = z.object({
  pg_receipt_id: z.string().optional(),
  issue_number: z.string(),
  type: cashReceiptType.optional(),
  amount: z.number().int(),
  tax_free_amount: z.number().int().optional(),
  status: cashReceiptStatus.optional(),
  issued_at: z.string(),
  cancelled_at: z.string().optional(),
  receipt_url: z.string().optional(),
});
export const getCashReceiptResponse = z.object({
  receipt: cashReceiptDetail.extend({
    merchant_id: z.string(),
    store_id: z.string(),
    payment_id: z.string(),
    order_name: z.string(),
    is_manual: z.boolean(),
    currency: currency.optional(),
    channel: receiptChannel.optional(),
  }),
});
export const issueCashReceiptResponse = z.object({
  receipt_id: z.string(),
  pg_tx_id: z.string(),
  issue_number: z.string(),
  receipt_url: z.string(),
});
export const cancelCashReceiptResponse = z.object({ cancelled_amount: z.number().int(), cancelled_at: z.string() });
