import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { toCustomer } from "@/lib/customers/to-customer";
import { validateCard } from "@/lib/cards/validate-card";
import { paymentProviderFor } from "@/lib/channels/providers";
import { HOUR, toRfc3339 } from "@/lib/time";
import { storeIdInScope } from "@/lib/tenancy/scope";
import { requirePaymentChannel } from "../payment-scope";
import type { InstantPayInput } from "../schema";
import type { TransactionRow } from "../transactions/repository";
import type { ChannelRecord } from "@/lib/channels/repository";
import { earlierOutcome } from "../money-operation/earlier-outcome";
import { operationScope } from "../money-operation/scope";
import { attemptOperation, requireSucceeded, runAttemptCall } from "./attempt-operation";
import type { OnSettled } from "./settle-attempt";
import { startAttempt } from "./start-attempt";
import { digitsOnly } from "@/lib/cards/card-number";
import { routePayment } from "@/lib/routing/route-payment";
import { payThroughGroup } from "./routed-pay";

type Input = InstantPayInput & { payment_id: string };

function expiryOf(expiry: { valid_hours: number } | { due_date: number }, now: number): number {
  const at = "valid_hours" in expiry ? now + expiry.valid_hours * HOUR : expiry.due_date;
  if (at <= now)
    throw new DomainError(
      "INVALID_REQUEST",
      "payment_method_option.virtual_account.account_expiry.due_date must be in the future",
      { field: "payment_method_option.virtual_account.account_expiry.due_date" },
    );
  return at;
}

/**
 * POST /v2/payments/{payment_id}/instant/pay: a key-in card approval or a virtual-account
 * issuance, run through the money-operation skeleton (docs/architecture.md): a declined attempt
 * stays FAILED and the id may be tried again; an unknown outcome answers PROVIDER_OUTCOME_UNKNOWN.
 */
export async function instantPay({ ctx, input }: { ctx: AuthContext; input: Input }) {
  const scope = operationScope(ctx, storeIdInScope(ctx, input.store_id), input.payment_id);
  // A retry of a request whose first run died answers that run's attempt.
  const earlier = await earlierOutcome(attemptOperation, scope);
  if (earlier) return instantPayResponse(requireSucceeded(earlier));
  // A channel group's key: the group chooses the channel, and fails over where no money moved.
  const routed = await routeIfGroup(scope.merchantId, scope.storeId, input);
  const channel = routed ? undefined : await requirePaymentChannel(ctx, scope, input.store_id, input.channel_key);
  const taxFree = input.tax_free_amount ?? 0;
  if (taxFree > input.total_amount) {
    throw new DomainError(
      "TAX_FREE_AMOUNT_MUST_BE_LESS_THAN_OR_EQUAL_TO_TOTAL_AMOUNT",
      "tax_free_amount must not exceed total_amount",
    );
  }
  const { card, virtual_account: va } = input.payment_method_option;
  const now = Date.now();
  // Luhn, expiry and credential shape are checked before anything is recorded or sent.
  const problem = card ? validateCard(card.card_credential) : null;
  if (problem) {
    const field = `payment_method_option.card.card_credential.${problem.field}`;
    throw new DomainError("INVALID_REQUEST", `${field}: ${problem.message}`, { field });
  }
  const expiresAt = va ? expiryOf(va.account_expiry, now) : 0;
  const customer = toCustomer(input.customer);

  // One attempt on one channel, its own record: trying another channel is another call of this.
  const attemptOn = async (channel: ChannelRecord, failoverFrom?: string): Promise<TransactionRow> => {
    const attempt = await startAttempt({
      merchantId: scope.merchantId,
      storeId: scope.storeId,
      paymentId: scope.paymentId,
      channel,
      method: card ? "CARD" : "VIRTUAL_ACCOUNT",
      orderName: input.order_name,
      currency: input.currency,
      totalAmount: input.total_amount,
      taxFreeAmount: taxFree,
      customer,
      origin: ctx.origin,
      products: input.products,
      productCount: input.product_count,
      customData: input.custom_data,
      country: input.country,
      isCulturalExpense: input.is_cultural_expense,
      isEscrow: input.is_escrow,
      noticeUrls: input.notice_urls,
      cashReceiptForm: va?.cash_receipt_form,
      settleContext: card
        ? { installment: { month: card.card_installment_plan, interestFree: card.use_free_installment_plan } }
        : undefined,
      idempotencyKey: scope.idempotencyKey ?? undefined,
      failoverFrom,
    });
    const provider = paymentProviderFor(channel);
    const amounts = { amount: input.total_amount, taxFreeAmount: taxFree, currency: input.currency };
    return runAttemptCall(
      attempt,
      (signal) =>
        card
          ? provider.approveCard({
              channel,
              signal,
              txId: attempt.id,
              ...amounts,
              orderName: input.order_name,
              customerName: customer.name,
              card: card.card_credential,
              installmentMonth: card.card_installment_plan,
            })
          : provider.issueVirtualAccount({
              channel,
              signal,
              txId: attempt.id,
              ...amounts,
              orderName: input.order_name,
              customerName: customer.name,
              bank: va!.bank,
              accountType: va!.account_type,
              expiresAt,
              remitteeName: va!.remittee_name,
              accountNumber: va!.account_number,
            }),
      keepAnswerWithOutcome(ctx),
    );
  };
  const row = routed ? await payThroughGroup(routed, attemptOn) : await attemptOn(channel!);
  return instantPayResponse(requireSucceeded(row));
}

/** The group a channel key names, routed for this payment; undefined for a channel's key. */
function routeIfGroup(merchantId: string, storeId: string, input: Input) {
  const card = input.payment_method_option.card;
  return routePayment(merchantId, storeId, input.channel_key, {
    paymentId: input.payment_id,
    method: card ? "CARD" : "VIRTUAL_ACCOUNT",
    amount: input.total_amount,
    // Only the first digits (the BIN): brand and BIN rules need no more.
    bin: card ? digitsOnly(card.card_credential.card_number).slice(0, 8) : undefined,
  });
}

/**
 * With an Idempotency-Key, the answer of a payment that took money is kept as the key's answer in
 * the outcome's own transaction (one commit, not two); a decline is answered as an error, which the
 * key does not keep.
 */
function keepAnswerWithOutcome(ctx: AuthContext): OnSettled | undefined {
  const keep = ctx.keepAnswer;
  if (!keep) return undefined;
  return async (tx, row) => {
    if (row.status === "PAID" || row.status === "VIRTUAL_ACCOUNT_ISSUED") await keep(tx, instantPayResponse(row));
  };
}

function instantPayResponse(done: TransactionRow) {
  return {
    tx_id: done.id,
    customer_id: done.customer_id ?? "",
    requested_at: toRfc3339(done.requested_at),
    paid_at: toRfc3339(done.paid_at) ?? "",
    pg_tx_id: done.pg_tx_id ?? "",
  };
}
