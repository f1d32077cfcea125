import { asDomainError } from "@/lib/errors/domain-error";
import { logger } from "@/lib/ops/logger";
import { type CallResult, callProvider } from "@/lib/providers/call";
import { markUnknown } from "../unsettled/repository/look-ups";
import type { NotProcessedCause } from "@/lib/providers/not-processed";
import { lookUpOutcome } from "./look-up";
import type { MoneyOperation, OperationRecord, SettleOptions } from "./operation";
import { rememberNotSent, rememberUnknown } from "./unknown-outcome";

const NOUN = { transactions: "attempt", cancellations: "cancellation" } as const;

/**
 * What one send ended with: the settled record, or why the outcome is unknown (`notProcessed`:
 * the request certainly never reached the provider).
 */
export type Sent<Row> =
  | { settled: Row; reason: null }
  | { settled: null; reason: string; notProcessed?: NotProcessedCause };

/**
 * Sends one call for `record` (its id is the provider's idempotency key) and settles a definite
 * answer, also one that arrives after the timeout.
 */
export async function sendOnce<Row extends OperationRecord, Result, Answer>(
  op: MoneyOperation<Row, Result, Answer>,
  record: Row,
  call: (signal: AbortSignal) => Promise<Result>,
  options?: SettleOptions<Row>,
): Promise<Sent<Row>> {
  const settleLate = (late: Result) =>
    void op
      .settle(record.id, op.answerOf(late))
      .catch((error) =>
        logger.error({ err: error }, `late answer for ${NOUN[op.table]} ${record.id} could not be recorded`),
      );
  let result: CallResult<Result>;
  try {
    result = await callProvider(call, { onLateAnswer: settleLate });
  } catch (error) {
    // Refused at the provider's front door: nothing was processed.
    const refused = asDomainError(error);
    if (!refused || !op.refusedAnswer) throw error;
    await op.settle(record.id, op.refusedAnswer(refused));
    throw refused;
  }
  if (result.answered) return { settled: await op.settle(record.id, op.answerOf(result.value), options), reason: null };
  return { settled: null, reason: result.reason, notProcessed: result.notProcessed };
}

/**
 * The call step of a money operation: send, settle a definite answer; with none the outcome is
 * unknown, looked up at once and then by the sweep. Returns the record as it stands (still
 * unsettled: unknown, answered by `outcomeUnknownError`). Each call is one record: an operation
 * that tries again (another channel) records a new one and calls this again.
 */
export async function callAndSettle<Row extends OperationRecord, Result, Answer>(
  op: MoneyOperation<Row, Result, Answer>,
  record: Row,
  call: (signal: AbortSignal) => Promise<Result>,
  options?: SettleOptions<Row>,
): Promise<Row> {
  const sent = await sendOnce(op, record, call, options);
  if (sent.reason === null) return sent.settled;
  await markUnknown(op.table, record.id, sent.reason);
  const pending = await op.current(record.id);
  const row = rememberUnknown(
    pending.status === op.unsettled ? await lookUpOutcome(op, pending) : pending,
    sent.reason,
  );
  return sent.notProcessed && row.status === op.unsettled ? rememberNotSent(row, sent.notProcessed) : row;
}
