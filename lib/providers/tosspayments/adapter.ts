import { requireKrw } from "../krw-only";
import { ProviderRefusal } from "../refusal";
import type { CardCredential, ChannelRef, PaymentProvider, ProviderFailure } from "../types";
import type { VirtualAccountProvider } from "../virtual-account-types";
import { digitsOnly } from "@/lib/cards/card-number";
import { validateCard } from "@/lib/cards/validate-card";
import { issuingBankCode, refundBankCode } from "./banks";
import { tossRequest, TossOutcomeUnknown, type TossRefusal, type TossResult } from "./client";
import {
  answerOfPayment,
  cardInfoOf,
  keptResponse,
  lookupOf,
  newestCancel,
  refundStatusOf,
  type TossBilling,
  type TossPayment,
} from "./payment-object";
import { settlementPageOf } from "./settlement";
import { listTossSettlementsOf, type TossSettlement, type TossSettlementQuery } from "./settlements-api";

/**
 * Toss Payments (v1) behind the adapter interface. Our ids are its `orderId`, `customerKey` and
 * `Idempotency-Key`, so a repeated call answers Toss's first outcome; it never reads our DB.
 */
export type TossAdapterOptions = { secretKeyFor: (channel: ChannelRef) => Promise<string> };

function refusal(r: TossRefusal): ProviderFailure {
  return { ok: false, pgCode: r.code, pgMessage: r.message };
}

function cardFields(card: CardCredential) {
  const problem = validateCard(card);
  if (problem) throw new ProviderRefusal(problem.field, problem.message);
  return {
    cardNumber: digitsOnly(card.card_number),
    cardExpirationYear: card.expiry_year.slice(-2),
    cardExpirationMonth: card.expiry_month.padStart(2, "0"),
    cardPassword: card.password_two_digits,
    customerIdentityNumber: digitsOnly(card.birth_or_business_registration_number),
  };
}

/** Our billing key as Toss needs it back: the customerKey it was issued to and Toss's billingKey. */
function splitBillingKey(pgBillingKey: string): { customerKey: string; billingKey: string } {
  const at = pgBillingKey.indexOf(":");
  return at < 0
    ? { customerKey: "", billingKey: pgBillingKey }
    : { customerKey: pgBillingKey.slice(0, at), billingKey: pgBillingKey.slice(at + 1) };
}

function unwrap<T, R>(result: TossResult<T>, answer: (body: T) => R): R | ProviderFailure {
  return result.ok ? answer(result.body) : refusal(result);
}

const NOT_SUPPORTED: ProviderFailure = {
  ok: false,
  pgCode: "NOT_SUPPORTED",
  pgMessage: "Toss Payments escrow delivery registration is not supported by this adapter",
};

export type TossPaymentsAdapter = PaymentProvider &
  VirtualAccountProvider & {
    /** Toss's Payment object for our order id (null: Toss has none); deposit callbacks are verified against it. */
    fetchOrder(input: { channel: ChannelRef; orderId: string; signal?: AbortSignal }): Promise<TossPayment | null>;
    /** Toss's settlement rows of a date range, every page (lib/settlements/read-toss.ts). */
    listSettlements(
      input: TossSettlementQuery & { channel: ChannelRef; signal?: AbortSignal },
    ): Promise<TossSettlement[]>;
  };

export function createTossPaymentsAdapter(options: TossAdapterOptions): TossPaymentsAdapter {
  const call = async <T>(
    channel: ChannelRef,
    request: { method: "GET" | "POST"; path: string; body?: unknown; idempotencyKey?: string; signal?: AbortSignal },
  ) => tossRequest<T>({ ...request, secretKey: await options.secretKeyFor(channel) });

  async function fetchOrder({
    channel,
    orderId,
    signal,
  }: {
    channel: ChannelRef;
    orderId: string;
    signal?: AbortSignal;
  }): Promise<TossPayment | null> {
    const result = await call<TossPayment>(channel, {
      method: "GET",
      path: `/v1/payments/orders/${encodeURIComponent(orderId)}`,
      signal,
    });
    if (result.ok) return result.body;
    if (result.status === 404) return null;
    throw new TossOutcomeUnknown("provider_error", `the look-up of order ${orderId} was refused: ${result.code}`);
  }

  return {
    async approveCard({
      channel,
      signal,
      txId,
      amount,
      taxFreeAmount,
      currency,
      orderName,
      customerName,
      card,
      installmentMonth,
    }) {
      requireKrw(currency, "Toss Payments");
      const body = {
        amount,
        orderId: txId,
        orderName,
        ...cardFields(card),
        ...(installmentMonth ? { cardInstallmentPlan: installmentMonth } : {}),
        taxFreeAmount,
        ...customerNameField(customerName),
      };
      const result = await call<TossPayment>(channel, {
        method: "POST",
        path: "/v1/payments/key-in",
        body,
        idempotencyKey: txId,
        signal,
      });
      return unwrap(result, answerOfPayment) as Awaited<ReturnType<PaymentProvider["approveCard"]>>;
    },

    async issueVirtualAccount({
      channel,
      signal,
      txId,
      amount,
      taxFreeAmount,
      currency,
      orderName,
      customerName,
      bank,
      accountType,
      expiresAt,
    }) {
      requireKrw(currency, "Toss Payments");
      if (accountType === "FIXED") {
        throw new ProviderRefusal(
          "payment_method_option.virtual_account.account_type",
          "payment_method_option.virtual_account.account_type: this adapter issues NORMAL accounts only",
        );
      }
      const bankCode = issuingBankCode(bank);
      // Toss requires the paying customer's name here (never the order's or the account holder's).
      if (!customerName?.trim())
        throw new ProviderRefusal(
          "customer.customer_name",
          "customer.customer_name: Toss Payments issues a virtual account only with the customer's name",
        );
      const body = {
        amount,
        orderId: txId,
        orderName,
        customerName: customerName.slice(0, 100),
        bank: bankCode,
        dueDate: kstDateTime(expiresAt),
        taxFreeAmount,
      };
      const result = await call<TossPayment>(channel, {
        method: "POST",
        path: "/v1/virtual-accounts",
        body,
        idempotencyKey: txId,
        signal,
      });
      return unwrap(result, answerOfPayment) as Awaited<ReturnType<PaymentProvider["issueVirtualAccount"]>>;
    },

    async issueBillingKey({ channel, signal, billingKeyId, card, mobile }) {
      if (!card || mobile)
        throw new ProviderRefusal(
          "payment_method_option.card",
          "payment_method_option: Toss Payments issues billing keys from cards only",
        );
      const body = { customerKey: billingKeyId, ...cardFields(card) };
      const result = await call<TossBilling>(channel, {
        method: "POST",
        path: "/v1/billing/authorizations/card",
        body,
        idempotencyKey: billingKeyId,
        signal,
      });
      return unwrap(result, (b) => ({
        ok: true as const,
        pgBillingKey: `${b.customerKey}:${b.billingKey}`,
        card: cardInfoOf(b.card, b.cardCompany),
        pgResponse: JSON.stringify({
          provider: "TOSSPAYMENTS",
          mId: b.mId,
          customerKey: b.customerKey,
          authenticatedAt: b.authenticatedAt,
        }),
      }));
    },

    async chargeBillingKey({
      channel,
      signal,
      txId,
      pgBillingKey,
      amount,
      taxFreeAmount,
      currency,
      orderName,
      customerName,
      installmentMonth,
    }) {
      requireKrw(currency, "Toss Payments");
      const { customerKey, billingKey } = splitBillingKey(pgBillingKey);
      const body = {
        customerKey,
        amount,
        orderId: txId,
        orderName,
        ...(installmentMonth ? { cardInstallmentPlan: installmentMonth } : {}),
        taxFreeAmount,
        ...customerNameField(customerName),
      };
      const result = await call<TossPayment>(channel, {
        method: "POST",
        path: `/v1/billing/${encodeURIComponent(billingKey)}`,
        body,
        idempotencyKey: txId,
        signal,
      });
      return unwrap(result, answerOfPayment) as Awaited<ReturnType<PaymentProvider["chargeBillingKey"]>>;
    },

    // Toss's v1 reference we could read documents no billing-key deletion: a deleted key is
    // never charged again because only this platform holds it (docs/providers.md).
    async deleteBillingKey() {
      return { ok: true };
    },

    async cancel({ channel, signal, pgTxId, cancellationId, amount, taxFreeAmount, reason, refundAccount }) {
      const body = {
        cancelReason: reason.slice(0, 200),
        cancelAmount: amount,
        taxFreeAmount,
        ...(refundAccount
          ? {
              refundReceiveAccount: {
                bank: refundBankCode(refundAccount.bank),
                accountNumber: digitsOnly(refundAccount.accountNumber),
                holderName: refundAccount.holderName,
              },
            }
          : {}),
      };
      const result = await call<TossPayment>(channel, {
        method: "POST",
        path: `/v1/payments/${encodeURIComponent(pgTxId)}/cancel`,
        body,
        idempotencyKey: cancellationId,
        signal,
      });
      return unwrap(result, (p) => {
        // Without the newest entry's transactionKey the refund cannot be told apart or reconciled:
        // not a success, an answer we could not use (looked up by sending the same key again).
        const entry = newestCancel(p);
        if (!entry)
          throw new TossOutcomeUnknown("unreadable_answer", `the cancel answer for ${pgTxId} lists no cancellation`);
        if (!entry.transactionKey)
          throw new TossOutcomeUnknown(
            "unreadable_answer",
            `the cancel answer for ${pgTxId} has no transactionKey on its newest cancellation`,
          );
        // A refund to an account is done only when Toss says COMPLETED (NONE: not started yet).
        const refundStatus = refundAccount ? (refundStatusOf(p) ?? "PENDING") : undefined;
        return {
          ok: true as const,
          pgCancellationId: entry.transactionKey,
          pgResponse: keptResponse(p),
          ...(refundStatus ? { refundStatus } : {}),
        };
      });
    },

    async registerEscrowLogistics() {
      return NOT_SUPPORTED;
    },

    async completeEscrow() {
      return NOT_SUPPORTED;
    },

    async lookupPayment({ channel, signal, txId }) {
      const found = await fetchOrder({ channel, orderId: txId, signal });
      return found ? lookupOf(found) : { status: "NOT_FOUND" };
    },

    fetchOrder,

    // Toss keys cancellations by its own transactionKey, not our id, and documents the way to learn
    // the outcome of a cancel whose answer was lost: send it again with the same Idempotency-Key
    // (valid 15 days). NOT_FOUND makes the caller do exactly that (lib/payments/cancel/cancellation-call.ts).
    async lookupCancellation() {
      return { status: "NOT_FOUND" };
    },

    async listTransactions({ channel, signal, from, to, cursor, limit }) {
      return settlementPageOf((path) => call(channel, { method: "GET", path, signal }), {
        from,
        to,
        cursor: cursor ?? null,
        limit: limit ?? 500,
      });
    },

    async listSettlements({ channel, signal, startDate, endDate, dateType }) {
      return listTossSettlementsOf((path) => call(channel, { method: "GET", path, signal }), {
        startDate,
        endDate,
        dateType,
      });
    },

    async voidVirtualAccount({ channel, signal, pgTxId }) {
      // Cancelling a virtual account that awaits its deposit closes it; keyed so a repeat voids once.
      const body = { cancelReason: "virtual account voided before deposit" };
      const result = await call<TossPayment>(channel, {
        method: "POST",
        path: `/v1/payments/${encodeURIComponent(pgTxId)}/cancel`,
        body,
        idempotencyKey: `void-${pgTxId}`,
        signal,
      });
      return unwrap(result, () => ({ ok: true as const }));
    },
  };
}

/** Toss's optional customerName (at most 100 characters), sent only when the customer gave a name. */
function customerNameField(name: string | undefined): { customerName?: string } {
  return name?.trim() ? { customerName: name.slice(0, 100) } : {};
}

/** Toss takes local Korean time without an offset (yyyy-MM-ddTHH:mm:ss). */
function kstDateTime(epochMs: number): string {
  return new Date(epochMs + 9 * 3_600_000).toISOString().slice(0, 19);
}
