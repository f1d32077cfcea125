import { createHash, randomBytes, randomInt } from "node:crypto";

/**
 * The fake NICE's own books, in memory, per client key (one NICE merchant): payments by tid and by
 * orderId with their cancels and balances, billing keys by bid (and by the orderId they were
 * registered with), and every cancel by its own orderId.
 */
export type NiceCancel = {
  cancelledTid: string;
  orderId: string;
  amount: number;
  taxFreeAmt: number;
  reason: string;
  cancelledAt: string;
};

export type NicePayment = {
  tid: string;
  orderId: string;
  amount: number;
  balanceAmt: number;
  taxFreeAmt: number;
  goodsName: string;
  mallReserved?: string;
  cardQuota: string;
  bid: string;
  status: "paid" | "failed" | "cancelled" | "partialCancelled";
  resultCode: string;
  resultMsg: string;
  approveNo: string;
  at: string;
  cancels: NiceCancel[];
  /** Not NICE's: when the fake's processing of this payment ends (a timeout fault holds it). */
  completesAt: number;
};

export type NiceBillingKey = {
  bid: string;
  tid: string;
  orderId: string;
  cardNo: string;
  authDate: string;
  expired: boolean;
};

export type NiceReceipt = {
  tid: string;
  orderId: string;
  amount: number;
  supplyAmt?: number;
  goodsVat?: number;
  taxFreeAmt?: number;
  receiptType: string;
  receiptNo: string;
  /** The tax office's number; empty while NICE has not got it. */
  approveNo: string;
  cancelled: boolean;
};

export type NiceMerchant = {
  clientKey: string;
  secretKey: string;
  payments: Map<string, NicePayment>;
  paymentsByOrder: Map<string, NicePayment>;
  /** A cancel's own orderId → the payment it cancelled and the cancel. */
  cancelsByOrder: Map<string, { payment: NicePayment; cancel: NiceCancel }>;
  billingKeys: Map<string, NiceBillingKey>;
  billingKeysByOrder: Map<string, NiceBillingKey>;
  receipts: Map<string, NiceReceipt>;
};

/** NICE's time format in its answers: ISO 8601 in Korean time. */
export function kstNow(ms = Date.now()): string {
  return `${new Date(ms + 9 * 3_600_000).toISOString().slice(0, 19)}+09:00`;
}

/** The cash-receipt answers' ediDate: the document caps it at 14 characters (yyyyMMddHHmmss, Korean time). */
export function kstCompact(ms = Date.now()): string {
  return kstNow(ms).slice(0, 19).replace(/\D/g, "");
}

/** A NICE-shaped transaction id (30 characters at most, as the document's maxLength says). */
export function niceTid(kind: string): string {
  return `nicuntct1m${kind}${randomBytes(8).toString("hex")}`.slice(0, 30);
}

export function approveNumber(): string {
  return String(randomInt(10_000_000, 99_999_999));
}

/** The document's `signature`: hex(sha256(tid + amount + ediDate + SecretKey)). */
export function signatureOf(tid: string, amount: number, ediDate: string, secretKey: string): string {
  return createHash("sha256").update(`${tid}${amount}${ediDate}${secretKey}`).digest("hex");
}

export class NiceLedger {
  private readonly merchants = new Map<string, NiceMerchant>();

  merchant(clientKey: string, secretKey: string): NiceMerchant {
    let m = this.merchants.get(clientKey);
    if (!m) {
      m = {
        clientKey,
        secretKey,
        payments: new Map(),
        paymentsByOrder: new Map(),
        cancelsByOrder: new Map(),
        billingKeys: new Map(),
        billingKeysByOrder: new Map(),
        receipts: new Map(),
      };
      this.merchants.set(clientKey, m);
    }
    return m;
  }

  find(clientKey: string): NiceMerchant | undefined {
    return this.merchants.get(clientKey);
  }

  /** A refund made in NICE's own console (no orderId of ours): NICE's balance drops, ours does not. */
  refundInConsole(clientKey: string, tid: string, amount: number): void {
    const p = this.merchants.get(clientKey)?.payments.get(tid);
    if (!p || amount > p.balanceAmt) throw new Error(`the fake cannot refund ${amount} of ${tid}`);
    p.cancels.push({
      cancelledTid: niceTid("cc"),
      orderId: "",
      amount,
      taxFreeAmt: 0,
      reason: "refunded in NICE's console",
      cancelledAt: kstNow(),
    });
    p.balanceAmt -= amount;
    p.status = p.balanceAmt === 0 ? "cancelled" : "partialCancelled";
  }
}
