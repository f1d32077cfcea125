import { DomainError } from "@/lib/errors/domain-error";
import type { Origin } from "@/lib/auth/context";
import { toCustomer, type Customer } from "@/lib/customers/to-customer";
import { runAttemptCall } from "@/lib/payments/pay/attempt-operation";
import type { SettleContext } from "@/lib/payments/pay/settle-context";
import type { OperationScope } from "@/lib/payments/money-operation/scope";
import type { OnSettled } from "@/lib/payments/pay/settle-attempt";
import { settleContextOf } from "@/lib/payments/pay/repository";
import type { AttemptInput } from "@/lib/payments/pay/start-attempt";
import { paymentProviderFor } from "@/lib/channels/providers";
import type { CardInfo } from "@/lib/providers/types";
import type { BillingKeyRecord, findKeyChannel } from "./repository";
import { installmentMonthOf, type BillingKeyPayInput } from "./schema";

type KeyChannel = Awaited<ReturnType<typeof findKeyChannel>>;
type Attempt = Awaited<ReturnType<typeof runAttemptCall>>;

export type ChargeRequest = Omit<BillingKeyPayInput, "store_id">;

/** The amount rule every billing-key charge request obeys (pay and booking check it before anything else). */
export function assertTaxFreeWithinTotal(request: { total_amount: number; tax_free_amount?: number }): void {
  if ((request.tax_free_amount ?? 0) > request.total_amount) {
    throw new DomainError(
      "TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_TOTAL_AMOUNT",
      "tax_free_amount must not exceed total_amount",
    );
  }
}

/** The key's customer, with what the payment request adds (its id stays the key's). */
function customerFor(key: BillingKeyRecord, request: ChargeRequest): Customer {
  const base = key.customer;
  return { ...base, ...toCustomer(request.customer, { assignId: false }), id: base.id };
}

/** What startAttempt needs for a charge on a billing key (direct or scheduled) found in `scope`. */
export function attemptInputFor(args: {
  scope: OperationScope;
  key: BillingKeyRecord;
  channel: KeyChannel;
  request: ChargeRequest;
  origin: Origin;
  scheduleId?: string;
}): AttemptInput {
  const { scope, key, request } = args;
  assertTaxFreeWithinTotal(request);
  return {
    merchantId: scope.merchantId,
    storeId: scope.storeId,
    paymentId: scope.paymentId,
    channel: args.channel,
    method: key.method === "MOBILE" ? "MOBILE" : "CARD",
    orderName: request.order_name,
    currency: request.currency,
    totalAmount: request.total_amount,
    taxFreeAmount: request.tax_free_amount ?? 0,
    customer: customerFor(key, request),
    origin: args.origin,
    products: request.products,
    productCount: request.product_count,
    customData: request.custom_data,
    country: request.country,
    isCulturalExpense: request.is_cultural_expense,
    isEscrow: request.is_escrow,
    noticeUrls: request.notice_urls,
    scheduleId: args.scheduleId ?? null,
    billingKey: key.id,
    settleContext: settleContextFor(key, request),
    idempotencyKey: scope.idempotencyKey ?? undefined,
  };
}

/** What recording a charge on the key needs: the card facts the key kept (never the number) or its phone. */
function settleContextFor(key: BillingKeyRecord, request: ChargeRequest): SettleContext {
  const kept = key.payment_method_detail;
  if (key.method === "MOBILE") return { mobile: kept.mobile ?? {} };
  return {
    keptCard: kept.card?.detail as CardInfo | undefined,
    installment: {
      month: installmentMonthOf(request.card_installment_plan),
      interestFree: request.use_free_interest_from_mall,
    },
  };
}

/**
 * Charges a PENDING attempt on the key and records what is known after (lib/payments/money-operation/call.ts). The
 * attempt's id is the provider's idempotency key, so charging the same attempt again (a worker
 * that died mid-call, a run that lost its lease) answers the first charge and takes money once.
 * `onSettled` joins the outcome's transaction (a schedule completes with its payment).
 */
export async function chargeAttempt(
  key: BillingKeyRecord,
  channel: KeyChannel,
  attempt: Attempt,
  onSettled?: OnSettled,
): Promise<Attempt> {
  const request = {
    amount: attempt.total_amount,
    taxFreeAmount: attempt.tax_free_amount,
    ...(attempt.vat_amount === null ? {} : { vatAmount: attempt.vat_amount }),
    currency: attempt.currency,
    orderName: attempt.order_name,
    ...(attempt.customer_name ? { customerName: attempt.customer_name } : {}),
  };
  const installmentMonth = settleContextOf(attempt).installment?.month;
  return runAttemptCall(
    attempt,
    (signal) =>
      paymentProviderFor(channel).chargeBillingKey({
        channel,
        signal,
        txId: attempt.id,
        pgBillingKey: key.pg_billing_key ?? "",
        ...request,
        installmentMonth,
      }),
    onSettled,
  );
}
