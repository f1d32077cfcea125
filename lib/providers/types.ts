/**
 * The payment-provider adapter interface. Every provider (PG) sits behind it; the sandbox is one
 * implementation and serves every TEST channel. Adapters never see our database: they get what
 * the provider would get and answer what the provider would answer.
 *
 * Rules every adapter follows (docs/payments.md, "Providers"):
 * - Idempotency: each call that moves money (or creates a provider object) carries our id as the
 *   provider's idempotency key: `txId` for approvals, virtual accounts and billing-key charges,
 *   `cancellationId` for cancellations, `billingKeyId` for billing-key issuance. The same id again
 *   answers the first outcome and moves money once.
 * - Definite answers only: a returned `ProviderFailure` means the provider refused and moved no
 *   money. Anything the adapter cannot be sure of (timeout, connection reset, a 5xx without a
 *   result) is thrown: the caller records the outcome as unknown and looks it up.
 * - `signal` aborts when the caller stops waiting (PROVIDER_TIMEOUT_MS, lib/providers/call.ts).
 * - Look-ups and the settlement listing answer from the provider's own records.
 */

export type CardCredential = {
  card_number: string;
  expiry_month: string;
  expiry_year: string;
  birth_or_business_registration_number: string;
  password_two_digits: string;
};

/** What may be kept of a card: masked number, BIN, brand and kinds — never the number, CVC or password. */
export type CardInfo = {
  number: string;
  bin: string;
  brand: "LOCAL" | "MASTER" | "UNIONPAY" | "VISA" | "JCB" | "AMEX" | "DINERS";
  card_type: "CREDIT" | "DEBIT" | "GIFT";
  card_owner_type: "PERSONAL" | "CORPORATE";
  publisher: string;
  issuer: string;
  name: string;
};

/** A refusal reported by the provider: no money moved (recorded, then answered as PG_PROVIDER_ERROR). */
export type ProviderFailure = { ok: false; pgCode: string; pgMessage: string };

export type Approval = { ok: true; pgTxId: string; approvalNumber: string; card?: CardInfo; pgResponse: string };

export type VirtualAccountIssue = {
  ok: true;
  pgTxId: string;
  bank: string;
  accountNumber: string;
  accountType: "NORMAL" | "FIXED";
  remitteeName: string;
  expiredAt: number;
  pgResponse: string;
};

export type BillingKeyIssue = { ok: true; pgBillingKey: string; card?: CardInfo; pgResponse: string };

/** Where the refund of a deposited virtual account stands at the PG (the spec's values). */
export type VirtualAccountRefundStatus = "PENDING" | "PARTIAL_REFUND_FAILED" | "FAILED" | "COMPLETED";

/**
 * A cancellation the PG took. `refundStatus`: for a deposited virtual account, where the transfer
 * back stands (absent: the PG refunds at once, COMPLETED).
 */
export type Cancelled = {
  ok: true;
  pgCancellationId: string;
  pgResponse: string;
  refundStatus?: VirtualAccountRefundStatus;
};

/** Where a refund of a deposited virtual account goes (the spec's BankName, the holder). */
export type RefundAccount = { bank: string; accountNumber: string; holderName: string };

export type CancelOutcome = Cancelled | ProviderFailure;

export type ChannelRef = {
  id: string;
  key: string;
  type: "LIVE" | "TEST";
  pg_provider: string;
  pg_merchant_id: string;
};

/** What every call carries: the channel (the provider account) and the caller's abort signal. */
export type ProviderCallBase = { channel: ChannelRef; signal?: AbortSignal };

/**
 * The money of a payment request as the PG records it; `vatAmount` absent lets the PG work it out
 * (a PG lacking a field says so in docs/providers.md).
 */
export type PaymentAmounts = {
  amount: number;
  taxFreeAmount: number;
  vatAmount?: number;
  currency: string;
};

/** Who pays, as the PG is told (the customer's own name, never the order name). */
export type PayerName = { customerName?: string };

/** The provider's record of one of our payment attempts (looked up by our txId). */
export type PaymentLookup =
  | { status: "NOT_FOUND" }
  /** Received and still being processed: ask again later. */
  | { status: "IN_PROGRESS" }
  | { status: "APPROVED"; approval: Approval; amount: number; cancelledAmount: number; taxFreeAmount: number }
  | {
      status: "VIRTUAL_ACCOUNT_ISSUED";
      issue: VirtualAccountIssue;
      deposited: boolean;
      /** Where a refund of the deposit stands, when one was asked for. */
      refundStatus?: VirtualAccountRefundStatus;
    }
  | { status: "DECLINED"; failure: ProviderFailure };

/** The provider's record of one of our cancellations (looked up by our cancellation id). */
export type CancellationLookup =
  | { status: "NOT_FOUND" }
  | { status: "IN_PROGRESS" }
  | { status: "SUCCEEDED"; cancelled: Cancelled; amount: number }
  | { status: "REFUSED"; failure: ProviderFailure };

/** One line of the provider's settlement file: a payment or a cancellation it processed. */
export type SettlementEntry =
  | {
      type: "PAYMENT";
      txId: string;
      pgTxId: string;
      method: "CARD" | "BILLING_KEY" | "VIRTUAL_ACCOUNT";
      /** APPROVED and DEPOSITED moved money; VIRTUAL_ACCOUNT_ISSUED, VOIDED and DECLINED did not. */
      status: "IN_PROGRESS" | "APPROVED" | "DECLINED" | "VIRTUAL_ACCOUNT_ISSUED" | "DEPOSITED" | "VOIDED";
      amount: number;
      cancelledAmount: number;
      /** The tax-free part the PG recorded (undefined: its listing does not carry it). */
      taxFreeAmount?: number;
      currency: string;
      at: number;
    }
  | {
      type: "CANCELLATION";
      cancellationId: string;
      pgCancellationId: string;
      txId: string;
      pgTxId: string;
      status: "IN_PROGRESS" | "SUCCEEDED" | "REFUSED";
      amount: number;
      currency: string;
      at: number;
    };

export type SettlementPage = { entries: SettlementEntry[]; nextCursor: string | null };

export interface PaymentProvider {
  /** Key-in card approval; idempotent on `txId`. */
  approveCard(
    input: ProviderCallBase &
      PaymentAmounts &
      PayerName & {
        txId: string;
        orderName: string;
        card: CardCredential;
        installmentMonth?: number;
      },
  ): Promise<Approval | ProviderFailure>;

  /** Idempotent on `txId`. */
  issueVirtualAccount(
    input: ProviderCallBase &
      PaymentAmounts &
      PayerName & {
        txId: string;
        orderName: string;
        bank: string;
        accountType: "NORMAL" | "FIXED";
        expiresAt: number;
        remitteeName?: string;
        accountNumber?: string;
      },
  ): Promise<VirtualAccountIssue | ProviderFailure>;

  /** Idempotent on `billingKeyId` (our billing key's id). */
  issueBillingKey(
    input: ProviderCallBase & { billingKeyId: string; card?: CardCredential; mobile?: { carrier?: string } },
  ): Promise<BillingKeyIssue | ProviderFailure>;

  /** Idempotent on `txId`. */
  chargeBillingKey(
    input: ProviderCallBase &
      PaymentAmounts &
      PayerName & {
        txId: string;
        pgBillingKey: string;
        orderName: string;
        installmentMonth?: number;
      },
  ): Promise<Approval | ProviderFailure>;

  deleteBillingKey(input: ProviderCallBase & { pgBillingKey: string }): Promise<{ ok: true } | ProviderFailure>;

  /** Refunds part or all of a payment; idempotent on `cancellationId`. A deposited virtual account is refunded to `refundAccount`. */
  cancel(
    input: ProviderCallBase & {
      pgTxId: string;
      cancellationId: string;
      amount: number;
      taxFreeAmount: number;
      /** The VAT part of the refund when the merchant gave one. */
      vatAmount?: number;
      reason: string;
      refundAccount?: RefundAccount;
    },
  ): Promise<CancelOutcome>;

  registerEscrowLogistics(
    input: ProviderCallBase & { pgTxId: string; company: string; invoiceNumber: string },
  ): Promise<{ ok: true } | ProviderFailure>;

  completeEscrow(input: ProviderCallBase & { pgTxId: string }): Promise<{ ok: true } | ProviderFailure>;

  /** What the provider recorded for our attempt `txId`. Throws when it cannot be asked. */
  lookupPayment(input: ProviderCallBase & { txId: string }): Promise<PaymentLookup>;

  /** What the provider recorded for our cancellation `cancellationId`. Throws when it cannot be asked. */
  lookupCancellation(input: ProviderCallBase & { pgTxId: string; cancellationId: string }): Promise<CancellationLookup>;

  /**
   * "lookup": the PG offers no transaction listing, so reconciliation asks `lookupPayment` for each
   * of our attempts in the window instead of `listTransactions` (docs/payments.md, "Reconciliation").
   */
  readonly reconciledBy?: "lookup";

  /** The settlement file: payments and cancellations the provider received in [from, to), oldest first, paged. */
  listTransactions(
    input: ProviderCallBase & { from: number; to: number; cursor?: string | null; limit?: number },
  ): Promise<SettlementPage>;

  /**
   * The PG's settlement report: what it pays out for the sales of [soldFrom, soldUntil), after
   * which fees, on which day, as it applies the merchant's `contract`. Only PGs whose report is
   * read through this interface have it (the sandbox; LIVE Toss is read by its own adapter).
   */
  listSettlementReport?(
    input: ProviderCallBase & { soldFrom: number; soldUntil: number; contract: SettlementContract },
  ): Promise<ProviderSettlement[]>;
}

/** The merchant's contract as the PG applies it: its fees and VAT for one sale or refund, and the payout day of a sale day. */
export type SettlementContract = {
  charge(
    method: string | null,
    kind: "PAYMENT" | "REFUND",
    amount: number,
  ): { fees: { type: string; amount: number }[]; vatOnFees: number };
  payoutDate(soldOn: string): string;
};

/** One row of a PG's settlement report; amounts positive, as PGs report them. */
export type ProviderSettlement = {
  /** The PG's key for the row: its transaction id, or its cancellation id for a refund. */
  pgKey: string;
  kind: "PAYMENT" | "REFUND";
  /** Our transaction id (a refund's names the payment it refunds). */
  orderId: string;
  method: string | null;
  currency: string;
  amount: number;
  fees: { type: string; amount: number }[];
  vatOnFees: number;
  /** Korean dates, `yyyy-MM-dd`. */
  soldOn: string;
  payoutOn: string;
};
