import { callProvider } from "@/lib/providers/call";
import { paymentProviderFor } from "@/lib/channels/providers";
import { channelRefOf, currentTransaction as current, type TransactionRow } from "../transactions/repository";
import { callDeadlineOf } from "../unsettled/look-up-times";
import { rescheduleLookup } from "../unsettled/repository/look-ups";
import { settleAttempt } from "./settle-attempt";

/**
 * Asks the provider what became of an attempt whose outcome we do not know, and records it. An
 * answer that settles nothing yet (in progress, provider unreachable) books the next look-up
 * with backoff. Nothing is marked FAILED unless the provider declined it, or has no record of it
 * once the call can no longer be in flight (its deadline plus a margin, whoever asks).
 */
export async function lookUpAttempt(row: TransactionRow): Promise<TransactionRow> {
  const channel = channelRefOf(row);
  const result = await callProvider((signal) =>
    paymentProviderFor(channel).lookupPayment({ channel, txId: row.id, signal }),
  );
  if (!result.answered) {
    await rescheduleLookup("transactions", row, `look-up failed: ${result.reason}`);
    return current(row.id);
  }
  const found = result.value;
  switch (found.status) {
    case "IN_PROGRESS":
      await rescheduleLookup("transactions", row, "the provider is still processing this attempt");
      return current(row.id);
    case "NOT_FOUND": {
      // Only once the call can no longer land does "no record" mean it never will.
      const deadline = callDeadlineOf(row);
      if (Date.now() >= deadline) return settleAttempt(row.id, { kind: "not_found" });
      await rescheduleLookup("transactions", row, "no record at the provider yet; the call may still land", deadline);
      return current(row.id);
    }
    case "APPROVED":
      return settleAttempt(row.id, { kind: "approved", approval: found.approval });
    case "VIRTUAL_ACCOUNT_ISSUED":
      return settleAttempt(row.id, { kind: "virtual_account", issue: found.issue });
    case "DECLINED":
      return settleAttempt(row.id, { kind: "declined", failure: found.failure });
  }
}
