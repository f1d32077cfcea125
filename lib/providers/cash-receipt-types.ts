/**
 * The cash-receipt side of a PG (issuance to the tax office and its cancellation). Same rules as
 * the payment adapter: adapters never see our database; the sandbox serves every TEST channel.
 */
import type { ChannelRef, ProviderFailure } from "./types";

export type CashReceiptIssue = {
  ok: true;
  pgReceiptId: string;
  pgTxId: string;
  issueNumber: string;
  pgResponse: string;
};

export interface CashReceiptProvider {
  issueCashReceipt(input: {
    channel: ChannelRef;
    receiptId: string;
    type: "PERSONAL" | "CORPORATE" | "ANONYMOUS";
    customerIdentifier: string;
    amount: number;
    taxFreeAmount: number;
    currency: string;
    orderName: string;
  }): Promise<CashReceiptIssue | ProviderFailure>;

  cancelCashReceipt(input: {
    channel: ChannelRef;
    pgReceiptId: string;
    amount: number;
  }): Promise<{ ok: true } | ProviderFailure>;

  /** The receipt's state at the PG, for PGs that give the tax office's number only later. */
  readCashReceipt?(input: {
    channel: ChannelRef;
    pgReceiptId: string;
    signal?: AbortSignal;
  }): Promise<{ ok: true; issueNumber: string | null } | ProviderFailure>;
}
