import { z } from "zod";
import { wireCardDetail, wireChannel, wireCustomer, wireOrigin } from "@/lib/schema/wire-records";
import { callerId, idRef, queryArray, queryInt, text } from "@/lib/schema/fields";
import { cardCredential, cardCvc, cardVbv } from "@/lib/cards/schema";
import { paymentOrderFields } from "@/lib/payments/schema";
import { customerForm, customerFormWithoutId, product } from "@/lib/customers/schema";

/** Inputs of the billing-key endpoints (CONTRACT §4, §5). Client-safe: no db imports. */

export const BILLING_KEY_STATUSES = ["ISSUED", "DELETED", "FAILED"] as const;
export const billingKeyStatus = z.enum(BILLING_KEY_STATUSES);
const CARRIERS = ["SKT", "KT", "LGU", "HELLO", "KCT", "SK7"] as const;

const billingKeyMethodOption = z
  .object({
    card: z
      .object({
        card_credential: cardCredential,
        cvc: cardCvc.optional(),
        vbv: cardVbv.optional(),
      })
      .optional(),
    mobile_phone: z.object({ carrier: z.enum(CARRIERS).optional() }).optional(),
  })
  .refine((o) => (o.card === undefined) !== (o.mobile_phone === undefined), {
    message: "exactly one of card and mobile_phone is required",
  });

/** `channel_name` is an accepted old spelling of `channel_key` (CONTRACT §1). */
export const issueBillingKeyBody = z
  .object({
    store_id: idRef.optional(),
    channel_key: idRef.optional(),
    channel_name: idRef.optional(),
    customer: customerForm.optional(),
    custom_data: text(10_000).optional(),
    issue_id: text(200).min(1).optional(),
    issue_name: text(200).min(1).optional(),
    payment_method_option: billingKeyMethodOption,
  })
  .refine((b) => b.channel_key !== undefined || b.channel_name !== undefined, {
    message: "channel_key is required",
    path: ["channel_key"],
  })
  .transform(({ channel_name, ...rest }) => ({ ...rest, channel_key: (rest.channel_key ?? channel_name)! }));
export type IssueBillingKeyInput = z.output<typeof issueBillingKeyBody>;

export const billingKeyParams = z.object({ billing_key: idRef });
export const storeQuery = z.object({ store_id: idRef.optional() });

export const listBillingKeysQuery = z.object({
  store_id: idRef.optional(),
  billing_key: queryArray(idRef),
  page: queryInt(0, 1_000_000).optional(),
  limit: queryInt(1, 1000).optional(),
  customer_id: text(200).min(1).optional(),
  status: queryArray(billingKeyStatus),
});
export type ListBillingKeysInput = z.output<typeof listBillingKeysQuery>;

/** Installment months: a number, or `{month}` as some clients send the plan. */
const installmentPlan = z.union([
  z.number().int().min(0).max(60),
  z.object({ month: z.number().int().min(0).max(60) }),
]);

/** CONTRACT §5 billing-key pay body; schedules add payment_id and scheduled_at. */
export const billingKeyPayFields = {
  billing_key: idRef,
  ...paymentOrderFields,
  products: z.array(product).max(1000).optional(),
  customer: customerFormWithoutId.optional(),
  card_installment_plan: installmentPlan.optional(),
  use_free_interest_from_mall: z.boolean().optional(),
  use_card_point: z.boolean().optional(),
  bypass: z.record(text(200), z.unknown()).optional(),
};
export const billingKeyPayBody = z.object(billingKeyPayFields);
export type BillingKeyPayInput = z.output<typeof billingKeyPayBody>;
export const paymentParams = z.object({ payment_id: callerId });

export function installmentMonthOf(plan: BillingKeyPayInput["card_installment_plan"]): number | undefined {
  if (plan === undefined) return undefined;
  return typeof plan === "number" ? plan : plan.month;
}

/** Dashboard: issue a key from a test card (mapped onto issueBillingKeyBody by the action). */
export const issueTestCardForm = z.object({
  channel_key: text(200).min(1, "Required"),
  card_number: z
    .string()
    .trim()
    .regex(/^[\d -]{12,23}$/, "Enter a card number"),
  expiry_month: z.string().regex(/^\d{2}$/, "MM"),
  expiry_year: z.string().regex(/^\d{4}$/, "YYYY"),
  birth: z.string().regex(/^(\d{6}|\d{10})$/, "6-digit birth date or 10-digit business number"),
  password_two_digits: z.string().regex(/^\d{2}$/, "2 digits"),
  customer_id: text(200).trim().optional(),
  customer_name: text(200).trim().optional(),
});
export type IssueTestCardForm = z.infer<typeof issueTestCardForm>;

export const deleteBillingKeyForm = z.object({ billing_key: idRef, cancel_schedules: z.boolean() });

/** Response shapes for the OpenAPI document (the serializers produce them). */
const billingKeyMethodDetail = z.object({
  card: z.object({ detail: wireCardDetail }).optional(),
  mobile: z
    .object({
      carrier: z.enum(["SKT", "KT", "LGU", "HELLO", "KCT", "SK7"]).optional(),
      phone_number: z.string().optional(),
    })
    .optional(),
  easy_pay: z.object({ provider: z.string() }).optional(),
});

const billingKeyResponse = z.object({
  billing_key: z.string(),
  merchant_id: z.string(),
  store_id: z.string(),
  channel: wireChannel,
  origin: wireOrigin.optional(),
  customer: wireCustomer,
  issued_at: z.string().optional(),
  custom_data: z.string().optional(),
  issue_id: z.string().optional(),
  issue_name: z.string().optional(),
  payment_method_detail: billingKeyMethodDetail,
  status: z.enum(["ISSUED", "DELETED", "FAILED"]),
  deleted_at: z.string().optional(),
});

export const issueBillingKeyResponse = z.object({
  billing_key: z.string(),
  customer_id: z.string(),
  requested_at: z.string(),
  issued_at: z.string(),
});
export const getBillingKeyResponse = z.object({ billing_key: billingKeyResponse });
export const listBillingKeysResponse = z.object({
  billing_keys: z.array(billingKeyResponse),
  current_page: z.number().int().optional(),
  total_page: z.number().int().optional(),
  total_count: z.number().int().optional(),
});
export const deleteBillingKeyResponse = z.object({ deleted_at: z.string() });
export const billingKeyPayResponse = z.object({
  tx_id: z.string(),
  customer_id: z.string().optional(),
  requested_at: z.string(),
  paid_at: z.string(),
  pg_tx_id: z.string(),
});
