import { DomainError } from "@/lib/api/error-codes";
import type { Origin } from "@/lib/auth/context";
import { toCustomer, type Customer } from "@/lib/customers/to-customer";
import { getDb } from "@/lib/db/client";
import type { BillingKeysTable } from "@/lib/db/tables/billing";
import type { ChannelsTable } from "@/lib/db/tables/foundation";
import type { TransactionsTable } from "@/lib/db/tables/payments";
import { abandonAttempt, completeAttempt, type AttemptInput } from "@/lib/payments/attempts";
import { cardMethodDetail } from "@/lib/payments/method-detail";
import { paymentProviderFor } from "@/lib/providers/registry";
import type { CardInfo } from "@/lib/providers/types";
import { installmentMonthOf, type BillingKeyPayInput } from "./schema";

export type ChargeRequest = Omit<BillingKeyPayInput, "store_id">;

/** The amount rule every billing-key charge request obeys (pay and booking check it before anything else). */
export function assertTaxFreeWithinTotal(request: { total_amount: number; tax_free_amount?: number }): void {
  if ((request.tax_free_amount ?? 0) > request.total_amount) {
    throw new DomainError("TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_TOTAL_AMOUNT", "tax_free_amount must not exceed total_amount");
  }
}

/** The key's customer, with what the payment request adds (its id stays the key's). */
function customerFor(key: BillingKeysTable, request: ChargeRequest): Customer {
  const base = JSON.parse(key.customer) as Customer;
  return { ...base, ...toCustomer(request.customer, { assignId: false }), id: base.id };
}

/** What startAttempt needs for a charge on a billing key (direct or scheduled). */
export function attemptInputFor(args: {
  key: BillingKeysTable;
  channel: ChannelsTable;
  paymentId: string;
  request: ChargeRequest;
  origin: Origin;
  scheduleId?: string;
}): AttemptInput {
  const { key, request } = args;
  assertTaxFreeWithinTotal(request);
  return {
    merchantId: key.merchant_id,
    storeId: key.store_id,
    paymentId: args.paymentId,
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
  };
}

type KeyCardDetail = { card?: { detail?: Partial<CardInfo> }; mobile?: { carrier?: string; phone_number?: string } };

/** The card facts the key kept (never the number), as the provider reported them at issuance. */
function keptCard(key: BillingKeysTable): CardInfo | undefined {
  return (JSON.parse(key.payment_method_detail) as KeyCardDetail).card?.detail as CardInfo | undefined;
}

/**
 * Charges a PENDING attempt on the key and records the outcome. The attempt's id is the
 * provider's idempotency key, so charging the same attempt again (a worker that died mid-call)
 * cannot take money twice at a provider that honours it.
 */
export async function chargeAttempt(key: BillingKeysTable, channel: ChannelsTable, attempt: TransactionsTable, request: ChargeRequest): Promise<TransactionsTable> {
  const installmentMonth = installmentMonthOf(request.card_installment_plan);
  let result;
  try {
    result = await paymentProviderFor(channel).chargeBillingKey({
      channel,
      txId: attempt.id,
      pgBillingKey: key.pg_billing_key ?? "",
      amount: attempt.total_amount,
      currency: attempt.currency,
      orderName: attempt.order_name,
      installmentMonth,
    });
  } catch (error) {
    await abandonAttempt(attempt, error);
    throw error;
  }
  // Another run may have recorded this attempt meanwhile; its record stands.
  const current = await getDb().selectFrom("transactions").selectAll().where("id", "=", attempt.id).executeTakeFirstOrThrow();
  if (current.status !== "PENDING") return current;
  if (!result.ok) return completeAttempt(attempt, { kind: "failed", failure: result });
  if (key.method === "MOBILE") {
    const kept = JSON.parse(key.payment_method_detail) as KeyCardDetail;
    return completeAttempt(attempt, { kind: "approved", approval: result, paymentMethodDetail: { mobile: kept.mobile ?? {} } });
  }
  const approval = { ...result, card: result.card ?? keptCard(key) };
  const paymentMethodDetail = cardMethodDetail(approval, { month: installmentMonth, interestFree: request.use_free_interest_from_mall });
  return completeAttempt(attempt, { kind: "approved", approval, paymentMethodDetail });
}
