import { randomBytes, randomInt } from "node:crypto";

/**
 * The fake Toss Payments' own books (in memory, per secret key = per Toss merchant): payments by
 * orderId with their cancels, billing keys, transactions (approvals, deposits, cancels), and the
 * idempotency records of every request that carried an Idempotency-Key.
 */
export type FakePayment = {
  mId: string;
  paymentKey: string;
  orderId: string;
  orderName: string;
  status: "IN_PROGRESS" | "WAITING_FOR_DEPOSIT" | "DONE" | "CANCELED" | "PARTIAL_CANCELED" | "ABORTED";
  method: "카드" | "가상계좌";
  currency: "KRW";
  totalAmount: number;
  balanceAmount: number;
  taxFreeAmount: number;
  requestedAt: string;
  approvedAt: string | null;
  lastTransactionKey: string | null;
  card: Record<string, unknown> | null;
  virtualAccount: Record<string, unknown> | null;
  cancels: Array<{
    transactionKey: string;
    cancelAmount: number;
    taxFreeAmount: number;
    cancelReason: string;
    canceledAt: string;
    cancelStatus: "DONE";
    refundableAmount: number;
  }> | null;
  failure: { code: string; message: string } | null;
  secret: string | null;
  type: "NORMAL" | "BILLING";
  customerKey: string | null;
  /** Not Toss's: the fake's behaviour for this payment's card and when its processing ends. */
  behaviour: "CANCEL_REFUSED" | null;
  completesAt: number;
};

export type FakeBillingKey = {
  billingKey: string;
  customerKey: string;
  mId: string;
  card: Record<string, unknown>;
  behaviour: "CHARGES_DECLINED" | "CANCEL_REFUSED" | null;
};

export type FakeTransaction = {
  mId: string;
  transactionKey: string;
  paymentKey: string;
  orderId: string;
  method: string;
  customerKey: string | null;
  useEscrow: false;
  amount: number;
  status: string;
  transactionAt: string;
  currency: "KRW";
};

export type Stored = { status: number; body: unknown };

export class FakeLedger {
  readonly payments = new Map<string, FakePayment>(); // `${secretKey}|${orderId}`
  readonly paymentKeys = new Map<string, string>(); // paymentKey -> ledger key
  readonly billingKeys = new Map<string, FakeBillingKey>(); // `${secretKey}|${billingKey}`
  readonly transactions = new Map<string, FakeTransaction[]>(); // secretKey -> rows
  readonly idempotent = new Map<string, Stored | "RUNNING">();

  payment(secretKey: string, orderId: string): FakePayment | undefined {
    return this.payments.get(`${secretKey}|${orderId}`);
  }

  paymentByKey(secretKey: string, paymentKey: string): FakePayment | undefined {
    const key = this.paymentKeys.get(paymentKey);
    return key?.startsWith(`${secretKey}|`) ? this.payments.get(key) : undefined;
  }

  record(secretKey: string, payment: FakePayment): void {
    this.payments.set(`${secretKey}|${payment.orderId}`, payment);
    this.paymentKeys.set(payment.paymentKey, `${secretKey}|${payment.orderId}`);
  }

  transact(secretKey: string, p: FakePayment, amount: number, status: string): string {
    const transactionKey = randomBytes(16).toString("hex").toUpperCase();
    const rows = this.transactions.get(secretKey) ?? [];
    rows.push({
      mId: p.mId,
      transactionKey,
      paymentKey: p.paymentKey,
      orderId: p.orderId,
      method: p.method,
      customerKey: p.customerKey,
      useEscrow: false,
      amount,
      status,
      transactionAt: kstNow(),
      currency: "KRW",
    });
    this.transactions.set(secretKey, rows);
    p.lastTransactionKey = transactionKey;
    return transactionKey;
  }
}

/** Toss writes times in Korean local time with the offset: 2022-01-01T11:31:51+09:00. */
export function kstNow(at = Date.now()): string {
  return `${new Date(at + 9 * 3_600_000).toISOString().slice(0, 19)}+09:00`;
}

export function digits(n: number): string {
  return Array.from({ length: n }, () => randomInt(10)).join("");
}

export function tossKey(prefix: string): string {
  return `${prefix}${randomBytes(15).toString("base64url")}`;
}
