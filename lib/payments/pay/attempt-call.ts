import { asDomainError, ProviderError } from "@/lib/errors/domain-error";
import { type CallResult, callProvider } from "@/lib/providers/call";
import type { NotProcessedCause } from "@/lib/providers/not-processed";
import { unknownSummary } from "@/lib/providers/unknown-outcome";
import type { Approval, ProviderFailure, VirtualAccountIssue } from "@/lib/providers/types";
import { currentTransaction, type TransactionRow } from "../transactions/repository";
import { markUnknown } from "../unsettled/repository/look-ups";
import { lookUpAttempt } from "./look-up-attempt";
import { type AttemptAnswer, type OnSettled, settleAttempt } from "./settle-attempt";
import { logger } from "@/lib/ops/logger";

export type AttemptResult = Approval | VirtualAccountIssue | ProviderFailure;

function answerOf(result: AttemptResult): AttemptAnswer {
  if (!result.ok) return { kind: "declined", failure: result };
  return "accountNumber" in result
    ? { kind: "virtual_account", issue: result }
    : { kind: "approved", approval: result };
}

function settleLate(attemptId: string, late: AttemptResult): void {
  settleAttempt(attemptId, answerOf(late)).catch((error) =>
    logger.error({ err: error }, `late answer for attempt ${attemptId} could not be recorded`),
  );
}

/**
 * Sends an attempt to the provider and records what is known afterwards. A definite answer
 * settles it. No answer (timeout, network error) makes the outcome unknown: it is looked up at
 * once, and if that does not settle it either, the sweep keeps looking (lib/payments/unsettled/sweep.ts).
 * An answer arriving after the timeout is recorded when it comes. Returns the attempt as it
 * stands: PAID, VIRTUAL_ACCOUNT_ISSUED, FAILED, or still PENDING (unknown).
 * `onSettled` joins the outcome's transaction when the provider's answer settles the attempt.
 */
export async function runAttemptCall(
  attempt: TransactionRow,
  call: (signal: AbortSignal) => Promise<AttemptResult>,
  onSettled?: OnSettled,
): Promise<TransactionRow> {
  let result: CallResult<AttemptResult>;
  try {
    result = await callProvider(call, { onLateAnswer: (late) => settleLate(attempt.id, late) });
  } catch (error) {
    // Refused at the provider's front door (invalid request): nothing was processed.
    const refused = asDomainError(error);
    if (!refused) throw error;
    await settleAttempt(attempt.id, {
      kind: "declined",
      failure: { ok: false, pgCode: refused.code, pgMessage: refused.message },
    });
    throw refused;
  }
  if (result.answered) return settleAttempt(attempt.id, answerOf(result.value), onSettled, attempt);
  await markUnknown("transactions", attempt.id, result.reason);
  const pending = await currentTransaction(attempt.id);
  const row = rememberUnknown(pending.status === "PENDING" ? await lookUpAttempt(pending) : pending, result.reason);
  if (result.notProcessed && row.status === "PENDING") notSent.set(row, result.notProcessed);
  return row;
}

// Attempts whose call certainly never reached the PG (lib/providers/not-processed.ts), with why.
const notSent = new WeakMap<object, NotProcessedCause>();

/** Why the call that returned this pending record certainly moved no money, if it did not. */
export function notSentCause(record: object): NotProcessedCause | undefined {
  return notSent.get(record);
}

// Why the call that returned this record had no answer: what its verb tells the client.
const unknownReasons = new WeakMap<object, string>();

/** Notes why `record`'s call had no definite answer (read back by `outcomeUnknownError`). */
export function rememberUnknown<T extends object>(record: T, reason: string): T {
  unknownReasons.set(record, reason);
  return record;
}

/**
 * The provider's outcome could not be learnt yet: answered as a provider error saying what happened
 * (timeout, connection lost, an answer that could not be read) when the call that ran told us.
 */
export function outcomeUnknownError(record?: object | string): ProviderError {
  const reason = typeof record === "string" ? record : record ? unknownReasons.get(record) : undefined;
  const what = unknownSummary(reason) ?? "The provider's outcome is not known yet.";
  return new ProviderError(
    "PROVIDER_OUTCOME_UNKNOWN",
    `${what} The outcome is being looked up: read the payment (status PENDING until settled) or retry with the same Idempotency-Key.`,
  );
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
