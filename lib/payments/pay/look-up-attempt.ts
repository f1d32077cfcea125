import { paymentProviderFor } from "@/lib/channels/providers";
import { callProvider } from "@/lib/providers/call";
import type { Finding } from "../money-operation/operation";
import { channelRefOf, type TransactionRow } from "../transactions/repository";
import { callDeadlineOf } from "../unsettled/look-up-times";
import type { AttemptAnswer } from "./settle-attempt";

/**
 * Asks the provider what became of an attempt. Nothing is FAILED unless the provider declined it,
 * or has no record of it once the call can no longer be in flight (its deadline, whoever asks).
 */
export async function askAttemptOutcome(row: TransactionRow): Promise<Finding<TransactionRow, AttemptAnswer>> {
  const channel = channelRefOf(row);
  const result = await callProvider((signal) =>
    paymentProviderFor(channel).lookupPayment({ channel, txId: row.id, signal }),
  );
  if (!result.answered) return { again: `look-up failed: ${result.reason}` };
  const found = result.value;
  switch (found.status) {
    case "IN_PROGRESS":
      return { again: "the provider is still processing this attempt" };
    case "NOT_FOUND": {
      const deadline = callDeadlineOf(row);
      if (Date.now() >= deadline) return { answer: { kind: "not_found" } };
      return { again: "no record at the provider yet; the call may still land", notBefore: deadline };
    }
    case "APPROVED":
      return { answer: { kind: "approved", approval: found.approval } };
    case "VIRTUAL_ACCOUNT_ISSUED":
      return { answer: { kind: "virtual_account", issue: found.issue } };
    case "DECLINED":
      return { answer: { kind: "declined", failure: found.failure } };
  }
}
