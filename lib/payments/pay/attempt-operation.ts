import { ProviderError } from "@/lib/errors/domain-error";
import type { Approval, ProviderFailure, VirtualAccountIssue } from "@/lib/providers/types";
import { callAndSettle } from "../money-operation/call";
import { lookUpOutcome } from "../money-operation/look-up";
import type { MoneyOperation } from "../money-operation/operation";
import { findAttemptByKey } from "../money-operation/repository";
import { outcomeUnknownError } from "../money-operation/unknown-outcome";
import { currentTransaction, type TransactionRow } from "../transactions/repository";
import { askAttemptOutcome } from "./look-up-attempt";
import { type AttemptAnswer, type OnSettled, settleAttempt } from "./settle-attempt";

export type AttemptResult = Approval | VirtualAccountIssue | ProviderFailure;

/** A payment attempt as the money-operation skeleton drives it (key-in, billing key, schedule). */
export const attemptOperation: MoneyOperation<TransactionRow, AttemptResult, AttemptAnswer> = {
  table: "transactions",
  unsettled: "PENDING",
  current: currentTransaction,
  answerOf: (result) => {
    if (!result.ok) return { kind: "declined", failure: result };
    return "accountNumber" in result
      ? { kind: "virtual_account", issue: result }
      : { kind: "approved", approval: result };
  },
  settle: (id, answer, options) => settleAttempt(id, answer, options?.onSettled, options?.recorded),
  ask: askAttemptOutcome,
  findByKey: (scope, key) => findAttemptByKey(scope, key),
  refusedAnswer: (refused) => ({
    kind: "declined",
    failure: { ok: false, pgCode: refused.code, pgMessage: refused.message },
  }),
};

/** Looks up an attempt whose outcome is unknown and records what the provider says (the sweep's step). */
export function lookUpAttempt(row: TransactionRow): Promise<TransactionRow> {
  return lookUpOutcome(attemptOperation, row);
}

/**
 * Sends a PENDING attempt and records what is known after: PAID, VIRTUAL_ACCOUNT_ISSUED, FAILED,
 * or still PENDING (unknown, being looked up). `onSettled` joins the outcome's DB transaction.
 */
export function runAttemptCall(
  attempt: TransactionRow,
  call: (signal: AbortSignal) => Promise<AttemptResult>,
  onSettled?: OnSettled,
): Promise<TransactionRow> {
  return callAndSettle(attemptOperation, attempt, call, { onSettled, recorded: attempt });
}

/** What a verb answers for a settled attempt: the row when money moved, the decline otherwise. */
export function requireSucceeded(row: TransactionRow): TransactionRow {
  if (row.status === "PENDING") throw outcomeUnknownError(row);
  if (row.status === "FAILED")
    throw new ProviderError(
      row.failure_pg_code ?? "UNKNOWN",
      row.failure_pg_message ?? row.failure_reason ?? "the provider declined the payment",
    );
  return row;
}
