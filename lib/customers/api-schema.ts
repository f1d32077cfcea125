import { z } from "zod";
import { idRef, queryInt, text } from "@/lib/schema/fields";

/** Inputs and wire shapes of the read-only customer endpoints (CONTRACT §14). Client-safe. */

export const customerParams = z.object({ customer_id: idRef });
export const customerQuery = z.object({ store_id: idRef.optional() });

export const listCustomersQuery = z.object({
  store_id: idRef.optional(),
  /** Name, e-mail or phone (a phone's digits match however it was written). */
  q: text(100).optional(),
  page: queryInt(0, 1_000_000).default(0),
  limit: queryInt(1, 100).default(20),
});
export type ListCustomersInput = z.output<typeof listCustomersQuery>;

/** As the customer's newest payment carried them; never a resident number. */
const contact = {
  id: z.string(),
  store_id: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
  phone_number: z.string().optional(),
};

export const wireCustomerListItem = z.object({
  ...contact,
  payment_count: z.number().int(),
  last_payment_at: z.string(),
});
export type WireCustomerListItem = z.infer<typeof wireCustomerListItem>;

const sums = z.array(z.object({ currency: z.string(), amount: z.number().int() }));

export const wireCustomerPayment = z.object({
  payment_id: z.string(),
  transaction_id: z.string(),
  status: z.string(),
  method: z.string().optional(),
  order_name: z.string(),
  currency: z.string(),
  total_amount: z.number().int(),
  cancelled_amount: z.number().int(),
  requested_at: z.string(),
});

export const wireCustomer = z.object({
  ...contact,
  summary: z.object({
    /** Payment attempts (transactions) by status. */
    payment_count: z.number().int(),
    paid_count: z.number().int(),
    failed_count: z.number().int(),
    /** Paid and refunded amounts per currency, in minor units. */
    paid_amounts: sums,
    cancelled_amounts: sums,
    first_payment_at: z.string(),
    last_payment_at: z.string(),
  }),
  /** The newest payment attempts (up to 100). */
  recent_payments: z.array(wireCustomerPayment),
});
export type WireCustomer = z.infer<typeof wireCustomer>;

export const listCustomersResponse = z.object({
  current_page: z.number().int(),
  total_page: z.number().int(),
  total_count: z.number().int(),
  customers: z.array(wireCustomerListItem),
});
export const getCustomerResponse = z.object({ customer: wireCustomer });
