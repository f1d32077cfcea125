import { z } from "zod";
import { callerId } from "@/lib/schema/fields";
import { parseMajorAmount } from "@/lib/money";
import { ESCROW_COMPANIES } from "@/lib/payments/schema";

/**
 * The dashboard forms' own shapes (text inputs in major units); each maps onto the API's schema
 * (instantPayBody, cancelBody) which the server action parses again.
 */
const majorAmount = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/, "must be an amount");

export const keyInForm = z.object({
  channel_key: z.string().min(1, "Required"),
  payment_id: callerId,
  order_name: z.string().trim().min(1, "Required"),
  currency: z.enum(["KRW", "JPY", "USD"]),
  total_amount: majorAmount,
  tax_free_amount: z.union([majorAmount, z.literal("")]),
  card_number: z
    .string()
    .trim()
    .regex(/^[\d -]{12,23}$/, "must be a card number"),
  expiry_month: z.string().regex(/^(0?[1-9]|1[0-2])$/, "must be 01–12"),
  expiry_year: z.string().regex(/^\d{2}$/, "must be 2 digits"),
  birth: z.string().regex(/^(\d{6}|\d{10})$/, "6-digit birth date or 10-digit business number"),
  password_two_digits: z.string().regex(/^\d{2}$/, "must be 2 digits"),
  customer_name: z.string().max(100),
  customer_email: z.union([z.email(), z.literal("")]),
  is_escrow: z.boolean(),
});
export type KeyInForm = z.infer<typeof keyInForm>;

/** The API body for a key-in form, or the field whose amount has too many decimals. */
export function toInstantPayBody(v: KeyInForm) {
  const total = parseMajorAmount(v.total_amount, v.currency);
  const taxFree = v.tax_free_amount ? parseMajorAmount(v.tax_free_amount, v.currency) : 0;
  if (total === null) return { error: "total_amount" as const };
  if (taxFree === null) return { error: "tax_free_amount" as const };
  const customer: Record<string, unknown> = {};
  if (v.customer_name) customer.customer_name = { full_name: v.customer_name };
  if (v.customer_email) customer.email = v.customer_email;
  return {
    body: {
      channel_key: v.channel_key,
      order_name: v.order_name,
      currency: v.currency,
      total_amount: total,
      tax_free_amount: taxFree,
      is_escrow: v.is_escrow,
      customer,
      payment_method_option: {
        card: {
          card_credential: {
            card_number: v.card_number.replace(/[\s-]/g, ""),
            expiry_month: v.expiry_month.padStart(2, "0"),
            expiry_year: v.expiry_year,
            birth_or_business_registration_number: v.birth,
            password_two_digits: v.password_two_digits,
          },
        },
      },
    },
  };
}

export const cancelForm = z
  .object({
    mode: z.enum(["full", "partial"]),
    cancel_amount: z.string().trim(),
    tax_free_amount: z.string().trim(),
    reason: z.string().trim().min(1, "Required").max(500),
  })
  .superRefine((v, ctx) => {
    if (v.mode === "partial" && !/^\d+(\.\d+)?$/.test(v.cancel_amount))
      ctx.addIssue({ code: "custom", path: ["cancel_amount"], message: "must be an amount" });
    if (v.tax_free_amount !== "" && !/^\d+(\.\d+)?$/.test(v.tax_free_amount))
      ctx.addIssue({ code: "custom", path: ["tax_free_amount"], message: "must be an amount" });
  });
export type CancelForm = z.infer<typeof cancelForm>;

export const escrowForm = z.object({
  company: z.enum(ESCROW_COMPANIES),
  invoice_number: z.string().trim().min(1, "Required").max(100),
  sent_at: z.string().min(1, "Required"),
  sender_name: z.string().max(100),
  receiver_name: z.string().max(100),
  receiver_address_1: z.string().trim().min(1, "Required"),
  receiver_address_2: z.string(),
  send_email: z.boolean(),
});
export type EscrowForm = z.infer<typeof escrowForm>;

/** The escrow/logis body for the form (sent_at from a datetime-local input, in the browser's zone). */
export function toEscrowLogisticsBody(v: EscrowForm) {
  return {
    sender: v.sender_name ? { name: v.sender_name } : {},
    receiver: {
      ...(v.receiver_name ? { name: v.receiver_name } : {}),
      address: { address_line_1: v.receiver_address_1, address_line_2: v.receiver_address_2 },
    },
    logistics_form: {
      company: v.company,
      invoice_number: v.invoice_number,
      sent_at: new Date(v.sent_at).toISOString(),
    },
    send_email: v.send_email,
  };
}
