import type { AuthContext } from "@/lib/auth/context";
import { DomainError } from "@/lib/errors/domain-error";
import {
  customerBillingKeys,
  customerTransactions,
  receiptsOfPayments,
  refundsOf,
  schedulesOnKeys,
} from "./repository";

type Rows<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>;
export type CustomerView = {
  id: string;
  /** The newest name, email and phone the customer's payments carried. */
  name: string | null;
  email: string | null;
  phone: string | null;
  payments: Rows<typeof customerTransactions>;
  refunds: Rows<typeof refundsOf>;
  billingKeys: Rows<typeof customerBillingKeys>;
  schedules: Rows<typeof schedulesOnKeys>;
  receipts: Rows<typeof receiptsOfPayments>;
};

/**
 * One customer of the caller's store, from the payments' and billing keys' customer records. A
 * customer the store never saw (or another store's, or another merchant's) is NOT_FOUND.
 */
export async function getCustomer({ ctx, input }: { ctx: AuthContext; input: { customerId: string } }) {
  const scope = { merchantId: ctx.merchantId, storeId: ctx.storeId, customerId: input.customerId };
  const [payments, billingKeys] = await Promise.all([customerTransactions(scope), customerBillingKeys(scope)]);
  if (payments.length === 0 && billingKeys.length === 0) throw new DomainError("NOT_FOUND", "customer not found");
  const paymentIds = [...new Set(payments.map((p) => p.payment_id))];
  const [refunds, schedules, receipts] = await Promise.all([
    refundsOf(
      scope,
      payments.map((p) => p.id),
    ),
    schedulesOnKeys(
      scope,
      billingKeys.map((k) => k.id),
    ),
    receiptsOfPayments(scope, paymentIds),
  ]);
  const latest = (pick: (p: (typeof payments)[number]) => string | null) => payments.map(pick).find(Boolean) ?? null;
  return {
    id: input.customerId,
    name: latest((p) => p.customer_name),
    email: latest((p) => p.customer_email),
    phone: latest((p) => p.customer_phone),
    payments,
    refunds,
    billingKeys,
    schedules,
    receipts,
  } satisfies CustomerView;
}
