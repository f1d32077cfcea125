import { brandOfCardNumber } from "../card-brand";
import type {
  Approval,
  CardInfo,
  PaymentLookup,
  ProviderFailure,
  VirtualAccountIssue,
  VirtualAccountRefundStatus,
} from "../types";
import { maskPgCardNumber } from "../masking";
import { bankOfTossCode } from "./banks";

/**
 * Toss's Payment object (v1, https://docs.tosspayments.com/reference#payment-객체), the members
 * this adapter reads. Enum-like members come in Korean ("카드", "신용", "일반") in the Korean
 * reference and in English in the English one; both are read.
 */
export type TossPayment = {
  mId?: string;
  paymentKey: string;
  orderId: string;
  orderName?: string;
  status:
    | "READY"
    | "IN_PROGRESS"
    | "WAITING_FOR_DEPOSIT"
    | "DONE"
    | "CANCELED"
    | "PARTIAL_CANCELED"
    | "ABORTED"
    | "EXPIRED";
  method?: string | null;
  currency?: string;
  totalAmount: number;
  balanceAmount: number;
  /** The tax-free part Toss recorded (0: fully taxable) and the VAT it worked out. */
  taxFreeAmount?: number;
  vat?: number;
  requestedAt?: string;
  approvedAt?: string | null;
  lastTransactionKey?: string | null;
  card?: {
    number?: string;
    issuerCode?: string;
    acquirerCode?: string;
    approveNo?: string;
    cardType?: string;
    ownerType?: string;
    installmentPlanMonths?: number;
  } | null;
  virtualAccount?: {
    accountNumber: string;
    accountType?: string;
    bankCode?: string;
    bank?: string;
    customerName?: string;
    dueDate?: string;
    expired?: boolean;
    /** NONE (no refund asked, or not started), PENDING, FAILED, PARTIAL_FAILED, COMPLETED. */
    refundStatus?: string;
    /** Set once a refund of the deposit was asked for (where it goes). */
    refundReceiveAccount?: unknown;
  } | null;
  cancels?: TossCancel[] | null;
  failure?: { code: string; message: string } | null;
  /** Virtual accounts: the value Toss repeats in its deposit callbacks (compared to verify them). */
  secret?: string | null;
};

export type TossCancel = {
  transactionKey: string;
  cancelAmount: number;
  taxFreeAmount?: number;
  canceledAt?: string;
  cancelStatus?: string;
  cancelReason?: string;
};

/** Toss's Billing object from card authorization. */
export type TossBilling = {
  mId?: string;
  customerKey: string;
  billingKey: string;
  authenticatedAt?: string;
  cardCompany?: string;
  card?: { number?: string; cardType?: string; ownerType?: string; issuerCode?: string } | null;
};

const CARD_TYPES: Record<string, CardInfo["card_type"]> = {
  신용: "CREDIT",
  체크: "DEBIT",
  기프트: "GIFT",
  CREDIT: "CREDIT",
  DEBIT: "DEBIT",
  GIFT: "GIFT",
};
const OWNER_TYPES: Record<string, CardInfo["card_owner_type"]> = {
  개인: "PERSONAL",
  법인: "CORPORATE",
  PERSONAL: "PERSONAL",
  CORPORATE: "CORPORATE",
};

/** What may be kept of Toss's card member: masked number, BIN, kinds and card-company codes. */
export function cardInfoOf(
  card:
    | { number?: string; cardType?: string; ownerType?: string; issuerCode?: string; acquirerCode?: string }
    | null
    | undefined,
  company?: string,
): CardInfo | undefined {
  if (!card?.number) return undefined;
  const number = maskPgCardNumber(card.number);
  const issuer = card.issuerCode ?? company ?? "";
  return {
    number,
    bin: number.replace(/\D.*$/, "").slice(0, 6),
    brand: brandOfCardNumber(number),
    card_type: CARD_TYPES[card.cardType ?? ""] ?? "CREDIT",
    card_owner_type: OWNER_TYPES[card.ownerType ?? ""] ?? "PERSONAL",
    publisher: issuer,
    issuer,
    name: company ?? (issuer ? `Toss issuer ${issuer}` : "card"),
  };
}

/** The provider response we keep: what identifies the payment at Toss, never the callback secret. */
export function keptResponse(p: TossPayment): string {
  const {
    mId,
    paymentKey,
    orderId,
    status,
    method,
    totalAmount,
    balanceAmount,
    taxFreeAmount,
    approvedAt,
    lastTransactionKey,
    currency,
  } = p;
  return JSON.stringify({
    provider: "TOSSPAYMENTS",
    mId,
    paymentKey,
    orderId,
    status,
    method,
    currency,
    totalAmount,
    balanceAmount,
    taxFreeAmount,
    approvedAt,
    lastTransactionKey,
  });
}

function isVirtualAccount(p: TossPayment): boolean {
  return Boolean(p.virtualAccount) || p.method === "가상계좌" || p.method === "VIRTUAL_ACCOUNT";
}

function approvalOf(p: TossPayment): Approval {
  return {
    ok: true,
    pgTxId: p.paymentKey,
    approvalNumber: p.card?.approveNo ?? "",
    card: cardInfoOf(p.card),
    pgResponse: keptResponse(p),
  };
}

function issueOf(p: TossPayment): VirtualAccountIssue {
  const account = p.virtualAccount!;
  return {
    ok: true,
    pgTxId: p.paymentKey,
    bank: bankOfTossCode(account.bankCode ?? account.bank ?? ""),
    accountNumber: account.accountNumber,
    accountType: account.accountType === "고정" || account.accountType === "FIXED" ? "FIXED" : "NORMAL",
    remitteeName: account.customerName ?? "",
    expiredAt: account.dueDate ? Date.parse(account.dueDate) : 0,
    pgResponse: keptResponse(p),
  };
}

function failureOf(p: TossPayment): ProviderFailure {
  return {
    ok: false,
    pgCode: p.failure?.code ?? p.status,
    pgMessage: p.failure?.message ?? `the payment is ${p.status} at Toss Payments`,
  };
}

/** The answer to an approval or issuance request: DONE (card) or WAITING_FOR_DEPOSIT (account); anything else is a failure. */
export function answerOfPayment(p: TossPayment): Approval | VirtualAccountIssue | ProviderFailure {
  if (isVirtualAccount(p) && p.virtualAccount && p.status !== "ABORTED" && p.status !== "EXPIRED") return issueOf(p);
  if (p.status === "DONE" || p.status === "PARTIAL_CANCELED" || p.status === "CANCELED") return approvalOf(p);
  return failureOf(p);
}

const REFUND_STATUSES: Record<string, VirtualAccountRefundStatus> = {
  // NONE after a refund was asked: Toss has not started the transfer back, so it is not done.
  NONE: "PENDING",
  PENDING: "PENDING",
  FAILED: "FAILED",
  PARTIAL_FAILED: "PARTIAL_REFUND_FAILED",
  COMPLETED: "COMPLETED",
};

/** Where Toss says a refund of this virtual account's deposit stands (undefined: not a refunded account). */
export function refundStatusOf(p: TossPayment): VirtualAccountRefundStatus | undefined {
  const account = p.virtualAccount;
  if (!account || !p.cancels?.length) return undefined;
  const status = account.refundStatus ?? "NONE";
  // A voided account (cancelled before any deposit) has cancels too, but no refund was asked.
  if (status === "NONE" && !account.refundReceiveAccount) return undefined;
  return REFUND_STATUSES[status] ?? "PENDING";
}

/** Toss's record of an order, as the adapter contract's look-up answers it. */
export function lookupOf(p: TossPayment): PaymentLookup {
  if (p.status === "READY" || p.status === "IN_PROGRESS") return { status: "IN_PROGRESS" };
  if (p.status === "ABORTED" || (p.status === "EXPIRED" && !p.virtualAccount))
    return { status: "DECLINED", failure: failureOf(p) };
  if (isVirtualAccount(p) && p.virtualAccount) {
    // A voided account and a refunded deposit both end CANCELED: only DONE / PARTIAL_CANCELED say "paid in".
    const deposited = p.status === "DONE" || p.status === "PARTIAL_CANCELED";
    const refundStatus = refundStatusOf(p);
    return {
      status: "VIRTUAL_ACCOUNT_ISSUED",
      issue: issueOf(p),
      deposited,
      ...(refundStatus ? { refundStatus } : {}),
    };
  }
  return {
    status: "APPROVED",
    approval: approvalOf(p),
    amount: p.totalAmount,
    cancelledAmount: p.totalAmount - p.balanceAmount,
    taxFreeAmount: p.taxFreeAmount ?? 0,
  };
}

/** The cancellation the answer to a cancel request describes: the newest entry of `cancels`. */
export function newestCancel(p: TossPayment): TossCancel | undefined {
  const cancels = [...(p.cancels ?? [])];
  cancels.sort((a, b) => Date.parse(a.canceledAt ?? "") - Date.parse(b.canceledAt ?? ""));
  return cancels.at(-1);
}
