import { requireKrw } from "../krw-only";
import { validateCard } from "@/lib/cards/validate-card";
import { ProviderRefusal } from "../refusal";
import type { Approval, CardCredential, ChannelRef, PaymentProvider, ProviderFailure } from "../types";
import { afterPossibleProcessing } from "../unknown-outcome";
import { niceChannelCaller } from "./channel-call";
import { NiceOutcomeUnknown } from "./client";
import { encDataOf } from "./enc-data";
import {
  APPROVED,
  approvalOf,
  CANCELLED,
  cardInfoOf,
  failureOf,
  keptResponse,
  lookupOf,
  mallReservedOf,
  type NicePayment,
} from "./payment-object";

/**
 * NICE Payments behind the adapter interface (docs/providers.md). NICE takes no idempotency key: our
 * ids are its `orderId`s and a call that moves money is sent only when NICE has no record of that order.
 */
export type NiceAdapterOptions = { secretKeyFor: (channel: ChannelRef) => Promise<string> };

const NOT_SUPPORTED: ProviderFailure = {
  ok: false,
  pgCode: "NOT_SUPPORTED",
  pgMessage: "NICE Payments' server API has no escrow delivery registration or confirmation",
};

type BillingKeyAnswer = {
  ResultCode?: string;
  ResultMsg?: string;
  BID?: string;
  TID?: string;
  CardCode?: string;
  CardName?: string;
};

function checkedCard(card: CardCredential): CardCredential {
  const problem = validateCard(card);
  if (problem) throw new ProviderRefusal(problem.field, problem.message);
  return card;
}

/** What may be kept of the card we registered (NICE's answer names only the card company). */
function sentCardInfo(card: CardCredential, answer: BillingKeyAnswer) {
  const digits = card.card_number.replace(/\D/g, "");
  return cardInfoOf(
    `${digits.slice(0, 6)}${"*".repeat(digits.length - 10)}${digits.slice(-4)}`,
    answer.CardCode,
    answer.CardName,
  );
}

export function createNicePaymentsAdapter(options: NiceAdapterOptions): PaymentProvider {
  const call = niceChannelCaller(options.secretKeyFor);

  // No signData here: the document's rule for it needs NICE's tid, which a look-up by order id lacks.
  const find = (channel: ChannelRef, orderId: string, signal?: AbortSignal) =>
    call<NicePayment>(channel, {
      method: "GET",
      path: `/v1/payments/find/${encodeURIComponent(orderId)}`,
      paymentAnswer: true,
      signal,
    });

  /** NICE's record of an order as a definite answer, or null when NICE has none (send it then). */
  async function recorded(
    channel: ChannelRef,
    orderId: string,
    signal?: AbortSignal,
  ): Promise<Approval | ProviderFailure | null> {
    const found = lookupOf(await find(channel, orderId, signal));
    if (found.status === "NOT_FOUND") return null;
    if (found.status === "APPROVED") return found.approval;
    if (found.status === "DECLINED") return found.failure;
    throw new NiceOutcomeUnknown("in_progress", `order ${orderId} is still being processed`);
  }

  async function register(channel: ChannelRef, orderId: string, card: CardCredential, signal?: AbortSignal) {
    checkedCard(card);
    return call<BillingKeyAnswer>(channel, {
      method: "POST",
      path: "/v1/subscribe/regist",
      body: (secretKey) => ({ encData: encDataOf(card, secretKey), orderId, encMode: "A2" }),
      sign: [orderId],
      signal,
    });
  }

  async function charge(
    channel: ChannelRef,
    bid: string,
    input: {
      txId: string;
      amount: number;
      taxFreeAmount: number;
      orderName: string;
      customerName?: string;
      installmentMonth?: number;
    },
    signal?: AbortSignal,
  ): Promise<Approval | ProviderFailure> {
    const answer = await call<NicePayment>(channel, {
      method: "POST",
      path: `/v1/subscribe/${encodeURIComponent(bid)}/payments`,
      body: {
        orderId: input.txId,
        amount: input.amount,
        goodsName: input.orderName.slice(0, 40),
        cardQuota: String(input.installmentMonth ?? 0),
        useShopInterest: false,
        taxFreeAmt: input.taxFreeAmount,
        mallReserved: mallReservedOf(input.taxFreeAmount),
        ...(input.customerName?.trim() ? { buyerName: input.customerName.slice(0, 30) } : {}),
      },
      sign: [input.txId, bid],
      paymentAnswer: true,
      signal,
    });
    if (answer.resultCode === APPROVED && answer.status === "paid") return approvalOf(answer);
    // 2201: NICE already approved this orderId (a race with an earlier call): answer its record.
    if (answer.resultCode === "2201") {
      const found = await recorded(channel, input.txId, signal).catch((error: unknown) => {
        throw afterPossibleProcessing(error);
      });
      if (found) return found;
    }
    return failureOf(answer);
  }

  async function expire(channel: ChannelRef, bid: string, orderId: string, signal?: AbortSignal) {
    return call<{ resultCode?: string; resultMsg?: string }>(channel, {
      method: "POST",
      path: `/v1/subscribe/${encodeURIComponent(bid)}/expire`,
      body: { orderId },
      sign: [orderId, bid],
      signal,
    });
  }

  return {
    // The document has no transaction listing: reconciliation finds each of our orders at NICE.
    reconciledBy: "lookup",

    // NICE's server API has no key-in approval: a one-time billing key is registered, charged and
    // expired (docs/providers.md). Looked up by txId first, so a repeat never charges twice.
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
      requireKrw(currency, "NICE Payments");
      checkedCard(card);
      const known = await recorded(channel, txId, signal);
      if (known) return known;
      const registered = await register(channel, `${txId}-key`, card, signal);
      if (registered.ResultCode !== APPROVED || !registered.BID)
        return failureOf({ resultCode: registered.ResultCode, resultMsg: registered.ResultMsg });
      const answer = await charge(
        channel,
        registered.BID,
        { txId, amount, taxFreeAmount, orderName, customerName, installmentMonth },
        signal,
      );
      // The one-time key is expired once the charge has a definite answer; a failed expiry leaves
      // a key only this adapter knew, never charged again.
      await expire(channel, registered.BID, `${txId}-expire`, signal).catch(() => undefined);
      if (answer.ok && !answer.card) return { ...answer, card: sentCardInfo(card, registered) };
      return answer;
    },

    async issueVirtualAccount() {
      throw new ProviderRefusal(
        "payment_method.virtual_account",
        "payment_method.virtual_account: NICE Payments' server API does not issue virtual accounts (only its payment window does)",
      );
    },

    // NICE takes our billing key id as the registration's orderId; no money moves on issuance.
    async issueBillingKey({ channel, signal, billingKeyId, card, mobile }) {
      if (!card || mobile)
        throw new ProviderRefusal(
          "payment_method_option.card",
          "payment_method_option: NICE Payments issues billing keys from cards only",
        );
      const answer = await register(channel, billingKeyId, card, signal);
      if (answer.ResultCode !== APPROVED || !answer.BID)
        return failureOf({ resultCode: answer.ResultCode, resultMsg: answer.ResultMsg });
      return {
        ok: true as const,
        pgBillingKey: answer.BID,
        card: sentCardInfo(card, answer),
        pgResponse: JSON.stringify({ provider: "NICE", TID: answer.TID, BID: answer.BID, OrderID: billingKeyId }),
      };
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
      requireKrw(currency, "NICE Payments");
      const known = await recorded(channel, txId, signal);
      if (known) return known;
      return charge(
        channel,
        pgBillingKey,
        { txId, amount, taxFreeAmount, orderName, customerName, installmentMonth },
        signal,
      );
    },

    async deleteBillingKey({ channel, signal, pgBillingKey }) {
      const answer = await expire(channel, pgBillingKey, `expire-${pgBillingKey}`.slice(0, 64), signal);
      return answer.resultCode === APPROVED ? { ok: true as const } : failureOf(answer);
    },

    // Our cancellationId is the cancel's orderId: found by it first, sent only when NICE has none.
    async cancel({ channel, signal, pgTxId, cancellationId, amount, taxFreeAmount, reason }) {
      const known = await find(channel, cancellationId, signal);
      if (known.resultCode === CANCELLED && known.cancelledTid && known.tid === pgTxId)
        return { ok: true as const, pgCancellationId: known.cancelledTid, pgResponse: keptResponse(known) };
      const answer = await call<NicePayment>(channel, {
        method: "POST",
        path: `/v1/payments/${encodeURIComponent(pgTxId)}/cancel`,
        body: { reason: reason.slice(0, 100), orderId: cancellationId, cancelAmt: amount, taxFreeAmt: taxFreeAmount },
        sign: [pgTxId],
        paymentAnswer: true,
        signal,
      });
      if (answer.resultCode === CANCELLED && answer.cancelledTid)
        return { ok: true as const, pgCancellationId: answer.cancelledTid, pgResponse: keptResponse(answer) };
      if (answer.resultCode === CANCELLED)
        throw new NiceOutcomeUnknown("unreadable_answer", `the cancel answer for ${pgTxId} has no cancelledTid`);
      return failureOf(answer);
    },

    async registerEscrowLogistics() {
      return NOT_SUPPORTED;
    },

    async completeEscrow() {
      return NOT_SUPPORTED;
    },

    async lookupPayment({ channel, signal, txId }) {
      return lookupOf(await find(channel, txId, signal));
    },

    // NICE's find answers a cancel by its orderId but not the amount it refunded: NOT_FOUND makes
    // the caller send the cancel again, and cancel() finds it by the same id before sending.
    async lookupCancellation() {
      return { status: "NOT_FOUND" };
    },

    async listTransactions() {
      throw new NiceOutcomeUnknown("provider_error", "NICE's server API document offers no transaction listing");
    },
  };
}
