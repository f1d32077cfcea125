/**
 * The payment-provider adapter interface. Every provider (PG) sits behind it; the sandbox is one
 * implementation and serves every TEST channel. Adapters never see our database: they get what
 * the provider would get and answer what the provider would answer.
 */
import type { ChannelsTable } from "@/lib/db/tables/foundation";

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

/** A refusal or failure reported by the provider (recorded, then answered as PG_PROVIDER_ERROR). */
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

export type CancelOutcome = { ok: true; pgCancellationId: string; pgResponse: string } | ProviderFailure;

export type ChannelRef = Pick<ChannelsTable, "id" | "key" | "type" | "pg_provider" | "pg_merchant_id">;

export interface PaymentProvider {
  /** Key-in card approval. */
  approveCard(input: {
    channel: ChannelRef;
    txId: string;
    amount: number;
    currency: string;
    orderName: string;
    card: CardCredential;
    installmentMonth?: number;
  }): Promise<Approval | ProviderFailure>;

  issueVirtualAccount(input: {
    channel: ChannelRef;
    txId: string;
    amount: number;
    currency: string;
    bank: string;
    accountType: "NORMAL" | "FIXED";
    expiresAt: number;
    remitteeName?: string;
    accountNumber?: string;
  }): Promise<VirtualAccountIssue | ProviderFailure>;

  issueBillingKey(input: { channel: ChannelRef; card?: CardCredential; mobile?: { carrier?: string } }): Promise<BillingKeyIssue | ProviderFailure>;

  chargeBillingKey(input: {
    channel: ChannelRef;
    txId: string;
    pgBillingKey: string;
    amount: number;
    currency: string;
    orderName: string;
    installmentMonth?: number;
  }): Promise<Approval | ProviderFailure>;

  deleteBillingKey(input: { channel: ChannelRef; pgBillingKey: string }): Promise<{ ok: true } | ProviderFailure>;

  cancel(input: {
    channel: ChannelRef;
    pgTxId: string;
    cancellationId: string;
    amount: number;
    taxFreeAmount: number;
    reason: string;
  }): Promise<CancelOutcome>;

  registerEscrowLogistics(input: { channel: ChannelRef; pgTxId: string; company: string; invoiceNumber: string }): Promise<{ ok: true } | ProviderFailure>;

  completeEscrow(input: { channel: ChannelRef; pgTxId: string }): Promise<{ ok: true } | ProviderFailure>;
}
