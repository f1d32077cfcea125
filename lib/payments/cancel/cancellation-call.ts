import { paymentProviderFor } from "@/lib/channels/providers";
import { callProvider } from "@/lib/providers/call";
import type { CancelOutcome } from "@/lib/providers/types";
import { callAndSettle, sendOnce } from "../money-operation/call";
import { lookUpOutcome } from "../money-operation/look-up";
import type { Finding, MoneyOperation, SettleOptions } from "../money-operation/operation";
import { findCancellationByKey } from "../money-operation/repository";
import {
  type CancellationRow,
  channelRefOf,
  currentTransaction,
  type TransactionRow,
} from "../transactions/repository";
import { findCancellation, refundAccountOf } from "./repository";
import { settleCancellation, type CancellationAnswer } from "./settle-cancellation";

/** A cancellation as the money-operation skeleton drives it. */
export const cancellationOperation: MoneyOperation<CancellationRow, CancelOutcome, CancellationAnswer> = {
  table: "cancellations",
  unsettled: "REQUESTED",
  current: (id) => findCancellation(id),
  answerOf: (outcome) =>
    outcome.ok ? { kind: "succeeded", cancelled: outcome } : { kind: "refused", failure: outcome },
  settle: (id, answer, options) => settleCancellation(id, answer, options?.onSettled),
  ask: (c) => askCancellationOutcome(c),
  findByKey: (scope, key) => findCancellationByKey(scope, key),
};

/** Sends the cancellation once (our cancellation id is the provider's idempotency key). */
function send(row: TransactionRow, c: CancellationRow) {
  const channel = channelRefOf(row);
  const input = {
    channel,
    pgTxId: row.pg_tx_id ?? "",
    cancellationId: c.id,
    amount: c.cancel_amount,
    taxFreeAmount: c.tax_free_amount,
    ...(c.vat_amount === null ? {} : { vatAmount: c.vat_amount }),
    reason: c.reason,
    refundAccount: refundAccountOf(c),
  };
  return (signal: AbortSignal) => paymentProviderFor(channel).cancel({ ...input, signal });
}

/**
 * Asks the provider what became of a cancellation. One it never received is sent again (same id:
 * it refunds at most once), since the merchant asked for it.
 */
async function askCancellationOutcome(c: CancellationRow): Promise<Finding<CancellationRow, CancellationAnswer>> {
  const row = await currentTransaction(c.transaction_id);
  const channel = channelRefOf(row);
  const result = await callProvider((signal) =>
    paymentProviderFor(channel).lookupCancellation({
      channel,
      pgTxId: row.pg_tx_id ?? "",
      cancellationId: c.id,
      signal,
    }),
  );
  if (!result.answered) return { again: `look-up failed: ${result.reason}` };
  const found = result.value;
  if (found.status === "SUCCEEDED") return { answer: { kind: "succeeded", cancelled: found.cancelled } };
  if (found.status === "REFUSED") return { answer: { kind: "refused", failure: found.failure } };
  if (found.status === "NOT_FOUND") {
    const sent = await sendOnce(cancellationOperation, c, send(row, c));
    return sent.reason === null ? { settled: sent.settled } : { again: `sent again, no answer: ${sent.reason}` };
  }
  return { again: "the provider is still processing this cancellation" };
}

/** Looks up a cancellation whose outcome is unknown and records what the provider says (the sweep's step). */
export function lookUpCancellation(c: CancellationRow): Promise<CancellationRow> {
  return lookUpOutcome(cancellationOperation, c);
}

/** The request's call: REQUESTED afterwards means the outcome is unknown and being looked up. */
export function runCancellationCall(
  row: TransactionRow,
  c: CancellationRow,
  onSettled?: SettleOptions<CancellationRow>["onSettled"],
): Promise<CancellationRow> {
  return callAndSettle(cancellationOperation, c, send(row, c), { onSettled });
}
