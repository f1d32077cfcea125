import { StaleWriteError, type Transaction, transaction } from "@/lib/db/transaction";
import type { Approval, ProviderFailure, VirtualAccountIssue } from "@/lib/providers/types";
import {
  lockTransactionWithStoreWebhook,
  type TransactionPatch,
  type TransactionRow,
} from "../transactions/repository";
import { transitionTransaction } from "../transition";
import { recordLateApproval } from "../unsettled/repository/late-approvals";
import { approvedMethodDetail, issuedMethodDetail, maskedCardOf } from "./attempt-context";
import { logger } from "@/lib/ops/logger";

/** What the provider said about an attempt, from its answer or a look-up. */
export type AttemptAnswer =
  | { kind: "approved"; approval: Approval }
  | { kind: "virtual_account"; issue: VirtualAccountIssue }
  | { kind: "declined"; failure: ProviderFailure; reason?: string }
  /** Asked after the call ended, the provider has no record: the request never reached it. */
  | { kind: "not_found" };

const NO_RECORD_CODE = "PROVIDER_NO_RECORD";

function settlement(
  row: TransactionRow,
  answer: AttemptAnswer,
  now: number,
): { to: "PAID" | "VIRTUAL_ACCOUNT_ISSUED" | "FAILED"; patch: TransactionPatch } {
  const settled = { lookup_due_at: null, last_lookup_error: null };
  switch (answer.kind) {
    case "approved":
      return {
        to: "PAID",
        patch: {
          ...settled,
          paid_at: now,
          paid_amount: row.total_amount,
          pg_tx_id: answer.approval.pgTxId,
          pg_response: answer.approval.pgResponse,
          card_number: maskedCardOf(row, answer.approval),
          card_approval_number: answer.approval.approvalNumber,
          payment_method_detail: JSON.stringify(approvedMethodDetail(row, answer.approval)),
        },
      };
    case "virtual_account":
      return {
        to: "VIRTUAL_ACCOUNT_ISSUED",
        patch: {
          ...settled,
          pg_tx_id: answer.issue.pgTxId,
          pg_response: answer.issue.pgResponse,
          virtual_account_number: answer.issue.accountNumber,
          payment_method_detail: JSON.stringify(issuedMethodDetail(answer.issue, now)),
        },
      };
    case "declined":
      return {
        to: "FAILED",
        patch: {
          ...settled,
          failed_at: now,
          failure_reason: answer.reason ?? answer.failure.pgMessage,
          failure_pg_code: answer.failure.pgCode,
          failure_pg_message: answer.failure.pgMessage,
        },
      };
    case "not_found":
      return {
        to: "FAILED",
        patch: {
          ...settled,
          failed_at: now,
          failure_reason: "the provider never received this attempt (looked up after the call ended)",
          failure_pg_code: NO_RECORD_CODE,
          failure_pg_message: "the provider has no record of this attempt",
        },
      };
  }
}

/** An answer for an attempt already settled: the same outcome is a no-op; money on a FAILED one is a late approval. */
async function answerAfterSettlement(
  tx: Transaction,
  row: TransactionRow,
  answer: AttemptAnswer,
): Promise<TransactionRow> {
  const moved = answer.kind === "approved" || answer.kind === "virtual_account";
  if (row.status === "FAILED" && moved) {
    await recordLateApproval(
      tx,
      row,
      answer.kind === "approved"
        ? { kind: "CHARGE", pgTxId: answer.approval.pgTxId }
        : { kind: "VIRTUAL_ACCOUNT", pgTxId: answer.issue.pgTxId },
    );
  } else if (row.status !== "FAILED" && !moved) {
    // The provider contradicts a settled success: reconciliation reports it; the record stands.
    logger.warn(`attempt ${row.id} is ${row.status} but the provider now answers ${answer.kind}`);
  }
  return row;
}

/** A write that belongs with the outcome (a schedule completing with its payment): run in its transaction. */
export type OnSettled = (tx: Transaction, row: TransactionRow) => Promise<void>;

/**
 * Records the provider's answer for an attempt, once, whoever learns it first (the request, its
 * late answer, a look-up). PENDING moves through the transition function (with its webhook);
 * a settled attempt is left as it is, except that money taken for a FAILED one is refunded.
 * `onSettled` runs in the same transaction when this call is the one that settles it.
 */
export async function settleAttempt(
  attemptId: string,
  answer: AttemptAnswer,
  onSettled?: OnSettled,
  /**
   * The attempt as its caller recorded it, PENDING: the outcome is written against it without
   * reading it first (one round trip fewer); if anyone changed it since, it is locked and read.
   */
  recorded?: TransactionRow,
): Promise<TransactionRow> {
  if (recorded?.id === attemptId && recorded.status === "PENDING") {
    try {
      return await transaction(async (tx) => {
        const { to, patch } = settlement(recorded, answer, Date.now());
        const settled = await transitionTransaction(tx, recorded, to, patch, { unlocked: true });
        await onSettled?.(tx, settled);
        return settled;
      });
    } catch (error) {
      // Settled or changed since it was recorded (a look-up, a late answer): settled below as it stands.
      if (!(error instanceof StaleWriteError)) throw error;
    }
  }
  return transaction(async (tx) => {
    const { row, storeWebhookUrl } = await lockTransactionWithStoreWebhook(tx, attemptId);
    if (row.status !== "PENDING") return answerAfterSettlement(tx, row, answer);
    const { to, patch } = settlement(row, answer, Date.now());
    const settled = await transitionTransaction(tx, row, to, patch, { storeWebhookUrl });
    await onSettled?.(tx, settled);
    return settled;
  });
}
