import { randomInt } from "node:crypto";
import { ProviderRefusal } from "../refusal";
import { ProviderOutcomeUnknown } from "../unknown-outcome";
import type { Approval, CardInfo, PaymentProvider, ProviderFailure, VirtualAccountIssue } from "../types";
import { digitsOnly } from "@/lib/cards/card-number";
import { validateCard } from "@/lib/cards/validate-card";
import { describeCard, SANDBOX_CARDS } from "./cards";
import { listSandboxSettlements, settlementBehaviourOf } from "./settlements";
import { arrivesAt, assertReachable, completesAt, faultFor, SandboxNetworkError, type SandboxFault } from "./faults";
import { waitUntil } from "./hold";
import {
  findBillingKey,
  findCancellation,
  findPaymentByOrder,
  pgId,
  recordBillingKey,
  recordCancellation,
  recordPayment,
  deleteBillingKey as deleteLedgerKey,
  type LedgerCancellation,
  type LedgerPayment,
} from "./ledger";
import { cancellationLookup, paymentLookup, sandboxResponse, settlementPage } from "./answers";

/**
 * The sandbox PG: like a real one it records each request in its ledger (./ledger.ts) keyed by our id;
 * faults per ./faults.ts.
 */
const BEHAVIOUR_CHARGES_DECLINED = "CHARGES_DECLINED";
const BEHAVIOUR_CANCEL_REFUSED = "CANCEL_REFUSED";

function failure(pgCode: string, pgMessage: string): ProviderFailure {
  return { ok: false, pgCode, pgMessage };
}

function digits(n: number): string {
  return Array.from({ length: n }, () => randomInt(10)).join("");
}

function refuseInvalid(problem: { field: string; message: string } | null): void {
  if (problem) throw new ProviderRefusal(problem.field, problem.message);
}

/** Card outcomes every approval path shares (key-in and billing-key issuance). */
function declineFor(number: string): ProviderFailure | null {
  if (number === SANDBOX_CARDS.DECLINED)
    return failure("CARD_DECLINED", "The card was declined by the issuer (sandbox).");
  if (number === SANDBOX_CARDS.INSUFFICIENT_FUNDS)
    return failure("INSUFFICIENT_FUNDS", "Insufficient funds (sandbox).");
  if (number === SANDBOX_CARDS.PROVIDER_ERROR)
    return failure("PROVIDER_ERROR", "The provider failed to process the request (sandbox).");
  return null;
}

/** The wire around every call: transit, the network fault, and the lost answer after the commit. */
async function arrive(fault: SandboxFault | null): Promise<number> {
  await waitUntil(arrivesAt(fault, Date.now()));
  if (fault === "network") throw new SandboxNetworkError("connect ECONNREFUSED (sandbox outage)", true);
  if (fault === "garbled")
    throw new ProviderOutcomeUnknown("unreadable_answer", "sandbox: answered 400 without an error code");
  return Date.now();
}

async function answerWhenDone<T>(
  doneAt: number,
  created: boolean,
  fault: SandboxFault | null,
  answer: () => T,
): Promise<T> {
  await waitUntil(doneAt);
  if (created && fault === "lost")
    throw new SandboxNetworkError("socket hang up (sandbox: the answer was lost after the provider committed)");
  return answer();
}

type NewPayment = Omit<LedgerPayment, "pg_tx_id" | "received_at" | "completes_at" | "updated_at" | "cancelled_amount">;

/** Records (or finds) the payment for this order id and answers it once processing is over. */
async function processPayment(
  orderName: string,
  payment: NewPayment,
): Promise<Approval | VirtualAccountIssue | ProviderFailure> {
  const fault = faultFor(orderName, payment.pg_merchant_id);
  if (fault === "maintenance") return failure("PG_MAINTENANCE", "The provider is under maintenance (sandbox).");
  const receivedAt = await arrive(fault);
  const { payment: stored, created } = await recordPayment({
    ...payment,
    pg_tx_id: pgId(payment.method === "VIRTUAL_ACCOUNT" ? "va" : "tx"),
    cancelled_amount: 0,
    received_at: receivedAt,
    completes_at: completesAt(fault, receivedAt),
    updated_at: receivedAt,
  });
  return answerWhenDone(stored.completes_at, created, fault, () => {
    if (
      stored.amount !== payment.amount ||
      stored.tax_free_amount !== payment.tax_free_amount ||
      stored.currency !== payment.currency
    ) {
      return failure("DUPLICATED_ORDER_ID", "this order id was already used with another amount (sandbox)");
    }
    return answerOf(stored);
  });
}

function answerOf(payment: LedgerPayment): Approval | VirtualAccountIssue | ProviderFailure {
  const lookup = paymentLookup(payment, Number.POSITIVE_INFINITY);
  if (lookup.status === "APPROVED") return lookup.approval;
  if (lookup.status === "VIRTUAL_ACCOUNT_ISSUED") return lookup.issue;
  if (lookup.status === "DECLINED") return lookup.failure;
  throw new Error(`sandbox payment ${payment.pg_tx_id} has no answer (${lookup.status})`);
}

type PaymentBase = Pick<
  NewPayment,
  "order_id" | "pg_merchant_id" | "method" | "amount" | "tax_free_amount" | "vat_amount" | "currency"
>;

/** The ledger's money columns from the request's amounts (the VAT stays null when not given). */
function amountsOf(input: { amount: number; taxFreeAmount: number; vatAmount?: number; currency: string }) {
  return {
    amount: input.amount,
    tax_free_amount: input.taxFreeAmount,
    vat_amount: input.vatAmount ?? null,
    currency: input.currency,
  };
}

function approvedPayment(base: PaymentBase, card: CardInfo | null, extra: Partial<NewPayment> = {}): NewPayment {
  return {
    ...base,
    status: "APPROVED",
    pg_billing_key: null,
    card: card ? JSON.stringify(card) : null,
    approval_number: digits(8),
    bank: null,
    account_number: null,
    account_type: null,
    remittee_name: null,
    expires_at: null,
    behaviour: null,
    decline_code: null,
    decline_message: null,
    ...extra,
  };
}

function declined(payment: NewPayment, refusal: ProviderFailure): NewPayment {
  return {
    ...payment,
    status: "DECLINED",
    approval_number: null,
    decline_code: refusal.pgCode,
    decline_message: refusal.pgMessage,
  };
}

export const sandboxPaymentProvider: PaymentProvider = {
  listSettlementReport: listSandboxSettlements,

  async approveCard(input) {
    const { channel, txId, card, orderName } = input;
    refuseInvalid(validateCard(card));
    const number = digitsOnly(card.card_number);
    const base = {
      order_id: txId,
      pg_merchant_id: channel.pg_merchant_id,
      method: "CARD" as const,
      ...amountsOf(input),
    };
    const approved = approvedPayment(base, describeCard(card), {
      behaviour: number === SANDBOX_CARDS.CANCEL_REFUSED ? BEHAVIOUR_CANCEL_REFUSED : settlementBehaviourOf(orderName),
    });
    const refusal = declineFor(number);
    return (await processPayment(orderName, refusal ? declined(approved, refusal) : approved)) as
      | Approval
      | ProviderFailure;
  },

  async issueVirtualAccount(input) {
    const { channel, txId, bank, orderName, accountType, expiresAt, remitteeName, accountNumber } = input;
    const issued: NewPayment = {
      ...approvedPayment(
        { order_id: txId, pg_merchant_id: channel.pg_merchant_id, method: "VIRTUAL_ACCOUNT", ...amountsOf(input) },
        null,
        { behaviour: settlementBehaviourOf(orderName) },
      ),
      status: "VIRTUAL_ACCOUNT_ISSUED",
      approval_number: null,
      bank,
      account_number: accountType === "FIXED" && accountNumber ? accountNumber : `9${digits(13)}`,
      account_type: accountType,
      remittee_name: remitteeName ?? "SANDBOX MERCHANT",
      expires_at: expiresAt,
    };
    return (await processPayment(orderName, issued)) as VirtualAccountIssue | ProviderFailure;
  },

  async issueBillingKey({ channel, billingKeyId, card, mobile }) {
    let behaviour: string | null = null;
    let cardInfo: CardInfo | null = null;
    if (card) refuseInvalid(validateCard(card));
    const fault = faultFor(undefined);
    const issuedAt = await arrive(fault);
    if (card) {
      const number = digitsOnly(card.card_number);
      const refusal = declineFor(number);
      if (refusal) return refusal;
      behaviour =
        number === SANDBOX_CARDS.BILLING_CHARGES_DECLINED
          ? BEHAVIOUR_CHARGES_DECLINED
          : number === SANDBOX_CARDS.CANCEL_REFUSED
            ? BEHAVIOUR_CANCEL_REFUSED
            : null;
      cardInfo = describeCard(card);
    }
    const key = await recordBillingKey({
      pg_billing_key: pgId("bk"),
      issue_id: billingKeyId,
      pg_merchant_id: channel.pg_merchant_id,
      status: "ISSUED",
      card: cardInfo ? JSON.stringify(cardInfo) : null,
      carrier: mobile?.carrier ?? null,
      behaviour,
      issued_at: issuedAt,
      deleted_at: null,
    });
    await waitUntil(completesAt(fault, issuedAt));
    const stored = key.card ? (JSON.parse(key.card) as CardInfo) : undefined;
    return {
      ok: true,
      pgBillingKey: key.pg_billing_key,
      card: stored,
      pgResponse: sandboxResponse({
        result: "ISSUED",
        billing_key: key.pg_billing_key,
        ...(key.carrier ? { carrier: key.carrier } : {}),
      }),
    };
  },

  async chargeBillingKey(input) {
    const { channel, txId, pgBillingKey, orderName } = input;
    const key = await findBillingKey(pgBillingKey);
    const base = approvedPayment(
      { order_id: txId, pg_merchant_id: channel.pg_merchant_id, method: "BILLING_KEY", ...amountsOf(input) },
      key?.card ? (JSON.parse(key.card) as CardInfo) : null,
      {
        pg_billing_key: pgBillingKey,
        behaviour:
          key?.behaviour === BEHAVIOUR_CANCEL_REFUSED ? BEHAVIOUR_CANCEL_REFUSED : settlementBehaviourOf(orderName),
      },
    );
    let payment = base;
    if (!key)
      payment = declined(base, failure("BILLING_KEY_NOT_FOUND", "no such billing key at the provider (sandbox)"));
    else if (key.status !== "ISSUED")
      payment = declined(base, failure("BILLING_KEY_DELETED", "the billing key was deleted (sandbox)"));
    else if (key.behaviour === BEHAVIOUR_CHARGES_DECLINED)
      payment = declined(base, failure("CARD_DECLINED", "The card was declined by the issuer (sandbox)."));
    return (await processPayment(orderName, payment)) as Approval | ProviderFailure;
  },

  async deleteBillingKey({ pgBillingKey }) {
    await arrive(faultFor(undefined));
    await deleteLedgerKey(pgBillingKey);
    return { ok: true };
  },

  async cancel({ pgTxId, cancellationId, amount, taxFreeAmount, vatAmount, reason }) {
    const fault = faultFor(reason);
    const receivedAt = await arrive(fault);
    const { cancellation, created } = await recordCancellation({
      cancelId: cancellationId,
      pgTxId,
      amount,
      taxFreeAmount,
      vatAmount: vatAmount ?? null,
      receivedAt,
      completesAt: completesAt(fault, receivedAt),
    });
    return answerWhenDone(cancellation.completes_at, created, fault, () => {
      if (cancellation.amount !== amount)
        return failure(
          "DUPLICATED_CANCELLATION_ID",
          "this cancellation id was already used with another amount (sandbox)",
        );
      return cancelAnswer(cancellation);
    });
  },

  async registerEscrowLogistics() {
    await arrive(faultFor(undefined));
    return { ok: true };
  },

  async completeEscrow() {
    await arrive(faultFor(undefined));
    return { ok: true };
  },

  async lookupPayment({ txId }) {
    assertReachable();
    const payment = await findPaymentByOrder(txId);
    return payment ? paymentLookup(payment, Date.now()) : { status: "NOT_FOUND" };
  },

  async lookupCancellation({ cancellationId }) {
    assertReachable();
    const cancellation = await findCancellation(cancellationId);
    return cancellation ? cancellationLookup(cancellation, Date.now()) : { status: "NOT_FOUND" };
  },

  async listTransactions({ channel, from, to, cursor, limit }) {
    assertReachable();
    return settlementPage(channel.pg_merchant_id, from, to, cursor, limit ?? 500);
  },
};

function cancelAnswer(cancellation: LedgerCancellation) {
  const lookup = cancellationLookup(cancellation, Number.POSITIVE_INFINITY);
  if (lookup.status === "SUCCEEDED") return lookup.cancelled;
  if (lookup.status === "REFUSED") return lookup.failure;
  throw new Error(`sandbox cancellation ${cancellation.pg_cancellation_id} has no answer`);
}
