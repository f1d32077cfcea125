import { transaction } from "@/lib/db/transaction";
import { callProvider } from "@/lib/providers/call";
import { paymentProviderFor, virtualAccountProviderFor } from "@/lib/channels/providers";
import type { ProviderFailure } from "@/lib/providers/types";
import { channelRefOf, currentTransaction, type LateApprovalRow } from "../transactions/repository";
import { currentLateApproval, transitionLateApproval } from "./repository/late-approvals";
import { rescheduleLookup } from "./repository/look-ups";

/**
 * Gives back what a late approval took: refunds the charge (or voids the account) at the provider,
 * keyed by the late approval's id so that sending it again never refunds twice. A refusal is
 * final and needs an operator (reconciliation shows it); no answer is retried with backoff.
 */
export async function refundLateApproval(la: LateApprovalRow): Promise<LateApprovalRow> {
  const row = await currentTransaction(la.transaction_id);
  const channel = channelRefOf(row);
  const result = await callProvider(
    async (signal): Promise<{ ok: true; pgCancellationId: string | null } | ProviderFailure> => {
      if (la.kind === "VIRTUAL_ACCOUNT") {
        const voided = await virtualAccountProviderFor(channel).voidVirtualAccount({
          channel,
          signal,
          pgTxId: la.pg_tx_id,
        });
        return voided.ok ? { ok: true, pgCancellationId: null } : voided;
      }
      const reason = "late approval: the attempt had already failed";
      return paymentProviderFor(channel).cancel({
        channel,
        signal,
        pgTxId: la.pg_tx_id,
        cancellationId: la.id,
        amount: la.amount,
        taxFreeAmount: row.tax_free_amount,
        reason,
      });
    },
  );
  if (!result.answered) {
    await rescheduleLookup("late_approvals", la, `refund not answered: ${result.reason}`);
    return currentLateApproval(la.id);
  }
  const outcome = result.value;
  return transaction((tx) =>
    outcome.ok
      ? transitionLateApproval(tx, la, "REFUNDED", { pg_cancellation_id: outcome.pgCancellationId })
      : transitionLateApproval(tx, la, "REFUND_REFUSED", {
          failure_pg_code: outcome.pgCode,
          failure_pg_message: outcome.pgMessage,
        }),
  );
}
