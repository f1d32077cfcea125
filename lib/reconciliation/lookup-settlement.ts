import { paymentProviderFor } from "@/lib/channels/providers";
import { callProvider } from "@/lib/providers/call";
import type { ChannelRef, PaymentLookup, SettlementEntry } from "@/lib/providers/types";
import type { AttemptRecord } from "./repository";

const ATTEMPTS = 3;

/** A provider's answer for one attempt as the entry a listing would have held (none: no record). */
function entryOf(row: AttemptRecord, found: PaymentLookup): SettlementEntry | null {
  const base = {
    type: "PAYMENT" as const,
    txId: row.id,
    method: row.billing_key ? ("BILLING_KEY" as const) : ("CARD" as const),
    currency: row.currency,
    at: row.requested_at,
  };
  switch (found.status) {
    case "NOT_FOUND":
      return null;
    case "IN_PROGRESS":
      return {
        ...base,
        pgTxId: row.pg_tx_id ?? "",
        status: "IN_PROGRESS",
        amount: row.total_amount,
        cancelledAmount: 0,
      };
    case "DECLINED":
      return { ...base, pgTxId: row.pg_tx_id ?? "", status: "DECLINED", amount: row.total_amount, cancelledAmount: 0 };
    case "APPROVED":
      return {
        ...base,
        pgTxId: found.approval.pgTxId,
        status: "APPROVED",
        amount: found.amount,
        cancelledAmount: found.cancelledAmount,
        taxFreeAmount: found.taxFreeAmount,
      };
    case "VIRTUAL_ACCOUNT_ISSUED":
      return {
        ...base,
        method: "VIRTUAL_ACCOUNT",
        pgTxId: found.issue.pgTxId,
        status: found.deposited ? "DEPOSITED" : "VIRTUAL_ACCOUNT_ISSUED",
        amount: row.total_amount,
        cancelledAmount: 0,
      };
  }
}

/**
 * The settlement "file" of a PG without a transaction listing: each of our attempts on the account
 * in the window, looked up by our id. Refunds show as each payment's refunded total (the PG's
 * balance), not one by one. PENDING attempts are skipped: the sweep looks them up, and the report
 * lists them as unsettled. One attempt NICE cannot be asked about makes the whole account unread.
 */
export async function lookUpSettlement(
  channel: ChannelRef,
  rows: AttemptRecord[],
): Promise<{ entries: SettlementEntry[] } | { error: string }> {
  const entries: SettlementEntry[] = [];
  for (const row of rows) {
    if (row.status === "PENDING") continue;
    let found: PaymentLookup | null = null;
    let reason = "";
    for (let attempt = 0; attempt < ATTEMPTS && !found; attempt++) {
      const result = await callProvider((signal) =>
        paymentProviderFor(channel).lookupPayment({ channel, signal, txId: row.id }),
      );
      if (result.answered) found = result.value;
      else reason = result.reason;
    }
    if (!found) return { error: `${row.id}: ${reason}` };
    const entry = entryOf(row, found);
    if (entry) entries.push(entry);
  }
  return { entries };
}
