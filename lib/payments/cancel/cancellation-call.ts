import { callProvider } from "@/lib/providers/call";
import { paymentProviderFor } from "@/lib/channels/providers";
import type { CancelOutcome } from "@/lib/providers/types";
import {
  type CancellationRow,
  channelRefOf,
  currentTransaction,
  type TransactionRow,
} from "../transactions/repository";
import { markUnknown, rescheduleLookup } from "../unsettled/repository/look-ups";
import { findCancellation, refundAccountOf } from "./repository";
import { settleCancellation, type CancellationAnswer } from "./settle-cancellation";
import { logger } from "@/lib/ops/logger";
import { rememberUnknown } from "../pay/attempt-call";

function answerOf(outcome: CancelOutcome): CancellationAnswer {
  return outcome.ok ? { kind: "succeeded", cancelled: outcome } : { kind: "refused", failure: outcome };
}

function current(id: string) {
  return findCancellation(id);
}

function transactionOf(c: CancellationRow) {
  return currentTransaction(c.transaction_id);
}

/** Sends the cancellation (our cancellation id is the provider's idempotency key) and records a definite answer. */
async function send(row: TransactionRow, c: CancellationRow) {
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
  const result = await callProvider((signal) => paymentProviderFor(channel).cancel({ ...input, signal }), {
    onLateAnswer: (late) =>
      void settleCancellation(c.id, answerOf(late)).catch((error) =>
        logger.error({ err: error }, `late answer for cancellation ${c.id} could not be recorded`),
      ),
  });
  if (result.answered) return { settled: await settleCancellation(c.id, answerOf(result.value)), reason: null };
  return { settled: null, reason: result.reason };
}

/**
 * Asks the provider what became of a cancellation whose outcome we do not know and records it.
 * One the provider never received is sent again (same id: it refunds at most once), since the
 * merchant asked for it. Anything unsettled books the next look-up with backoff.
 */
export async function lookUpCancellation(c: CancellationRow): Promise<CancellationRow> {
  const row = await transactionOf(c);
  const channel = channelRefOf(row);
  const result = await callProvider((signal) =>
    paymentProviderFor(channel).lookupCancellation({
      channel,
      pgTxId: row.pg_tx_id ?? "",
      cancellationId: c.id,
      signal,
    }),
  );
  if (!result.answered) {
    await rescheduleLookup("cancellations", c, `look-up failed: ${result.reason}`);
    return current(c.id);
  }
  const found = result.value;
  if (found.status === "SUCCEEDED") return settleCancellation(c.id, { kind: "succeeded", cancelled: found.cancelled });
  if (found.status === "REFUSED") return settleCancellation(c.id, { kind: "refused", failure: found.failure });
  if (found.status === "NOT_FOUND") {
    const sent = await send(row, c);
    if (sent.settled) return sent.settled;
    await rescheduleLookup("cancellations", c, `sent again, no answer: ${sent.reason}`);
    return current(c.id);
  }
  await rescheduleLookup("cancellations", c, "the provider is still processing this cancellation");
  return current(c.id);
}

/**
 * The request's call: send, record a definite answer; with no answer the outcome is unknown, looked
 * up at once and then by the sweep. Returns the cancellation as it stands (REQUESTED: unknown).
 */
export async function runCancellationCall(row: TransactionRow, c: CancellationRow): Promise<CancellationRow> {
  const sent = await send(row, c);
  if (sent.settled) return sent.settled;
  const reason = sent.reason ?? "no answer";
  await markUnknown("cancellations", c.id, reason);
  const pending = await current(c.id);
  return rememberUnknown(pending.status === "REQUESTED" ? await lookUpCancellation(pending) : pending, reason);
}
