import { brandOfCardNumber } from "../card-brand";
import { maskPgCardNumber } from "../masking";
import { NiceOutcomeUnknown } from "./client";
import type { Approval, CardInfo, PaymentLookup, ProviderFailure } from "../types";

/** NICE's PaymentResponse (its document's schema), the members the adapter reads. */
export type NicePayment = {
  resultCode?: string;
  resultMsg?: string;
  tid?: string;
  cancelledTid?: string;
  orderId?: string;
  status?: "paid" | "ready" | "failed" | "cancelled" | "partialCancelled" | "expired";
  amount?: number;
  balanceAmt?: number;
  mallReserved?: string;
  approveNo?: string;
  paidAt?: string;
  card?: { cardCode?: string; cardName?: string; cardNum?: string; cardType?: string };
};

/** resultCode of a successful approval / cancellation, and of a look-up that found no such order. */
export const APPROVED = "0000";
export const CANCELLED = "2001";
export const NO_SUCH_ORDER = "2012";

export function failureOf(p: { resultCode?: string; resultMsg?: string }): ProviderFailure {
  return { ok: false, pgCode: p.resultCode || "UNKNOWN", pgMessage: p.resultMsg || p.resultCode || "refused" };
}

/** What may be kept of a card NICE reports: the masked number, BIN and NICE's card-company code. */
export function cardInfoOf(number: string | undefined, cardCode?: string, cardName?: string, cardType?: string) {
  if (!number) return undefined;
  const masked = maskPgCardNumber(number);
  return {
    number: masked,
    bin: masked.replace(/\D.*$/, "").slice(0, 6),
    brand: brandOfCardNumber(masked),
    card_type: cardType === "check" ? "DEBIT" : "CREDIT",
    card_owner_type: "PERSONAL",
    publisher: cardCode ?? "",
    issuer: cardCode ?? "",
    name: cardName || "card",
  } satisfies CardInfo;
}

/** The answer we keep: what identifies the payment at NICE (no card number, no signature). */
export function keptResponse(p: NicePayment): string {
  const { resultCode, tid, cancelledTid, orderId, status, amount, balanceAmt, approveNo, paidAt } = p;
  return JSON.stringify({
    provider: "NICE",
    resultCode,
    tid,
    cancelledTid,
    orderId,
    status,
    amount,
    balanceAmt,
    approveNo,
    paidAt,
  });
}

export function approvalOf(p: NicePayment): Approval {
  return {
    ok: true,
    pgTxId: p.tid ?? "",
    approvalNumber: p.approveNo ?? "",
    card: cardInfoOf(p.card?.cardNum, p.card?.cardCode, p.card?.cardName, p.card?.cardType),
    pgResponse: keptResponse(p),
  };
}

/**
 * NICE's PaymentResponse has no tax-free member: the adapter sends the tax-free amount in NICE's
 * `taxFreeAmt` and also in `mallReserved`, which NICE echoes back, so a look-up can say it.
 */
export function mallReservedOf(taxFreeAmount: number): string {
  return JSON.stringify({ taxFreeAmt: taxFreeAmount });
}

function taxFreeOf(p: NicePayment): number {
  try {
    const value = (JSON.parse(p.mallReserved ?? "{}") as { taxFreeAmt?: unknown }).taxFreeAmt;
    return typeof value === "number" ? value : 0;
  } catch {
    return 0;
  }
}

/** A find-by-orderId answer as the adapter contract's look-up. */
export function lookupOf(p: NicePayment): PaymentLookup {
  if (p.resultCode === NO_SUCH_ORDER) return { status: "NOT_FOUND" };
  if (p.status === "ready") return { status: "IN_PROGRESS" };
  if (p.status === "failed" || p.status === "expired") return { status: "DECLINED", failure: failureOf(p) };
  if (p.status === "paid" || p.status === "cancelled" || p.status === "partialCancelled") {
    const amount = p.amount ?? 0;
    return {
      status: "APPROVED",
      approval: approvalOf(p),
      amount,
      cancelledAmount: amount - (p.balanceAmt ?? amount),
      taxFreeAmount: taxFreeOf(p),
    };
  }
  throw new NiceOutcomeUnknown(
    "unreadable_answer",
    `the look-up answered ${p.resultCode ?? "no resultCode"} without a status`,
  );
}
