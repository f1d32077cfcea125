import { BANK_NAMES } from "@/lib/bank-names";
import { z } from "zod";
import { amount, callerId, idRef, int32, text, timestamp, webhookUrl } from "@/lib/schema/fields";
import { cardCredential, cardCvc, cardVbv } from "@/lib/cards/schema";
import { addressForm, country, currency, customerForm, product } from "@/lib/customers/schema";
import type { DepositCallback } from "@/lib/providers/tosspayments/deposit-callback";

/**
 * One zod schema per payment input (instant pay, single read, cancel, escrow, virtual account).
 * Client-safe: used by the routes, the dashboard actions, forms and the OpenAPI document.
 */

export const paymentPathParams = z.object({ payment_id: callerId });
export const storeQuery = z.object({ store_id: idRef.optional() });

/** CONTRACT §11: the listed banks, plus any other upper-snake code (kept opaque). */
export const VIRTUAL_ACCOUNT_BANKS = [
  "BANK_OF_KOREA",
  "KOREA_DEVELOPMENT_BANK",
  "INDUSTRIAL_BANK_OF_KOREA",
  "KOOKMIN_BANK",
  "SUHYUP_BANK",
  "EXPORT_IMPORT_BANK_OF_KOREA",
  "NH_NONGHYUP_BANK",
  "LOCAL_NONGHYUP",
  "WOORI_BANK",
  "SC_BANK_KOREA",
  "CITI_BANK_KOREA",
  "DAEGU_BANK",
  "BUSAN_BANK",
  "GWANGJU_BANK",
  "JEJU_BANK",
  "JEONBUK_BANK",
  "KYONGNAM_BANK",
  "KFCC",
  "SHINHYUP",
  "SAVINGS_BANK_KOREA",
  "HSBC_BANK",
  "DEUTSCHE_BANK",
  "JP_MORGAN_CHASE_BANK",
  "BANK_OF_AMERICA_BANK",
  "BNP_PARIBAS_BANK",
  "ICBC",
  "BANK_OF_CHINA",
  "CHINA_CONSTRUCTION_BANK",
  "EPOST",
  "HANA_BANK",
  "SHINHAN_BANK",
  "K_BANK",
  "KAKAO_BANK",
  "TOSS_BANK",
] as const;
const virtualAccountBank = z
  .string()
  .regex(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/, "must be a bank code such as KOOKMIN_BANK")
  .max(64)
  .meta({ examples: [...VIRTUAL_ACCOUNT_BANKS] });

const bankName = z.enum(BANK_NAMES);

const cardPaymentForm = z.object({
  card_credential: cardCredential,
  cvc: cardCvc.optional(),
  vbv: cardVbv.optional(),
  card_installment_plan: z.number().int().min(0).max(60).optional(),
  use_free_installment_plan: z.boolean().optional(),
  use_free_interest_from_mall: z.boolean().optional(),
});

const accountExpiry = z.union(
  [
    z.object({
      valid_hours: z
        .number()
        .int()
        .min(1)
        .max(24 * 365),
    }),
    z.object({ due_date: timestamp }),
  ],
  { error: "account_expiry needs valid_hours or due_date" },
);

const virtualAccountPaymentForm = z.object({
  bank: virtualAccountBank,
  account_expiry: accountExpiry,
  account_type: z.enum(["NORMAL", "FIXED"]),
  pg_account_id: text(200).optional(),
  account_number: z
    .string()
    .regex(/^[0-9-]{6,30}$/, "must be digits")
    .optional(),
  cash_receipt_form: z
    .object({
      receipt_type: z.enum(["PERSONAL", "CORPORATE", "ANONYMOUS"]),
      registration_number: text(40).min(1),
      business_number: text(40).optional(),
    })
    .optional(),
  remittee_name: text(100).min(1).optional(),
});

const instantPaymentMethodForm = z
  .object({ card: cardPaymentForm.optional(), virtual_account: virtualAccountPaymentForm.optional() })
  .refine((v) => (v.card === undefined) !== (v.virtual_account === undefined), {
    message: "give exactly one of card and virtual_account",
  });

/** The order a payment request describes, the same on instant pay and billing-key pay (and schedules). */
export const paymentOrderFields = {
  store_id: idRef.optional(),
  order_name: text(500).min(1),
  is_cultural_expense: z.boolean().optional(),
  is_escrow: z.boolean().optional(),
  custom_data: text(10_000).optional(),
  total_amount: amount,
  tax_free_amount: amount.optional(),
  country: country.optional(),
  currency,
  notice_urls: z.array(webhookUrl).max(10).optional(),
  product_type: z.enum(["REAL", "DIGITAL"]).optional(),
  product_count: int32().optional(),
};

/** Key-in products: amount is a number in the input (still minor units, so an integer). */
const instantProduct = product.extend({ amount });

/** Accepts the old spelling `channel_name` for `channel_key` (CONTRACT §1). */
export const instantPayBody = z
  .object({
    ...paymentOrderFields,
    products: z.array(instantProduct).max(500).optional(),
    customer: customerForm.optional(),
    channel_key: idRef.optional().meta({
      description:
        "a channel's key, or a channel group's key: the group chooses the channel (docs/routing.md); the transaction's channel is the one used",
    }),
    channel_name: idRef.optional().meta({ deprecated: true, description: "old spelling of channel_key" }),
    payment_method_option: instantPaymentMethodForm,
  })
  .refine((v) => v.channel_key !== undefined || v.channel_name !== undefined, {
    path: ["channel_key"],
    message: "Required",
  })
  .transform(({ channel_name, ...rest }) => ({ ...rest, channel_key: (rest.channel_key ?? channel_name)! }));
export type InstantPayInput = z.output<typeof instantPayBody>;

export const instantPayResponse = z.object({
  tx_id: z.string(),
  customer_id: z.string(),
  requested_at: z.string(),
  paid_at: z.string(),
  pg_tx_id: z.string(),
});

const refundAccount = z.object({
  bank: bankName,
  account_holder: text(100).min(1),
  account_number: z.string().regex(/^[0-9-]{6,30}$/, "must be digits"),
  phone_number: text(40).optional(),
});

export const cancelBody = z.object({
  store_id: idRef.optional(),
  reason: text(500).optional(),
  cancel_amount: amount.refine((v) => v > 0, "must be greater than 0").optional(),
  tax_free_amount: amount.optional(),
  vat_amount: amount.optional(),
  check_refundable_amount: amount.optional(),
  refund: refundAccount.optional(),
});
export type CancelInput = z.output<typeof cancelBody>;
/** CONTRACT §5: `amount` (PortOne's newer name) stands for `cancel_amount` on the API. */
export const CANCEL_AMOUNTS = { aliases: { amount: "cancel_amount" } } as const;

/** The couriers an escrow delivery may name (the spec's list); the dashboard's form offers the same. */
export const ESCROW_COMPANIES = [
  "HYUNDAI",
  "HANARO",
  "SAGAWA",
  "KGB",
  "YELLOWCAP",
  "DONGBU",
  "EPOST",
  "CJGLS",
  "HANJIN",
  "DAESIN",
  "ETC",
  "ILYANG",
  "KYONGDONG",
  "CHUNIL",
] as const;

export const escrowLogisticsBody = z.object({
  store_id: idRef.optional(),
  sender: z.object({
    name: text(100).optional(),
    phone_number: text(40).optional(),
    post_code: text(20).optional(),
    relationship: text(100).optional(),
    address: addressForm.optional(),
  }),
  receiver: z.object({
    name: text(100).optional(),
    phone_number: text(40).optional(),
    post_code: text(20).optional(),
    address: addressForm,
  }),
  logistics_form: z.object({
    company: z.enum(ESCROW_COMPANIES),
    invoice_number: text(100).min(1),
    sent_at: timestamp,
    received_at: timestamp.optional(),
    address: addressForm.optional(),
  }),
  send_email: z.boolean(),
});
export type EscrowLogisticsInput = z.output<typeof escrowLogisticsBody>;

export const escrowCompleteBody = z.object({ store_id: idRef.optional(), from_store: z.boolean().optional() });
export type EscrowCompleteInput = z.output<typeof escrowCompleteBody>;

/** Toss's DEPOSIT_CALLBACK body (lib/providers/tosspayments/deposit-callback.ts says how it is verified). */
export const depositCallbackBody = z.object({
  createdAt: text(64).optional(),
  secret: text(200).min(1),
  status: z.enum(["DONE", "CANCELED", "WAITING_FOR_DEPOSIT", "PARTIAL_CANCELED"]),
  transactionKey: text(200).optional(),
  orderId: idRef,
}) satisfies z.ZodType<DepositCallback>;
