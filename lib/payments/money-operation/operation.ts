import type { Transaction } from "@/lib/db/transaction";
import type { DomainError } from "@/lib/errors/domain-error";
import type { OperationScope } from "./scope";

/** Options the request's own answer settles with (a payment attempt uses both; a cancellation `onSettled`). */
export type SettleOptions<Row> = {
  /** A write that belongs with the outcome, run in its DB transaction (a schedule completing). */
  onSettled?: (tx: Transaction, row: Row) => Promise<void>;
  /** The record as the caller wrote it: settled against it without reading it first. */
  recorded?: Row;
};

/** The fields the skeleton reads of every operation's record. */
export type OperationRecord = { id: string; status: string; lookup_attempts: number };

/**
 * What asking the provider about an unknown outcome found: an answer that settles the record, the
 * record already settled by the asking, or why (and not before when) to ask again.
 */
export type Finding<Row, Answer> = { answer: Answer } | { settled: Row } | { again: string; notBefore?: number };

/**
 * One kind of money operation as the skeleton drives it: record → call → settle, or unknown →
 * look up. `Row` is its record, `Result` what the provider's call returns, `Answer` what settles it.
 */
export type MoneyOperation<Row extends OperationRecord, Result, Answer> = {
  /** The table the sweep looks up unknown outcomes in. */
  table: "transactions" | "cancellations";
  /** The status the record waits in while its outcome is unknown. */
  unsettled: Row["status"];
  current(id: string): Promise<Row>;
  answerOf(result: Result): Answer;
  settle(id: string, answer: Answer, options?: SettleOptions<Row>): Promise<Row>;
  /** Asks the provider what became of a record whose outcome is unknown (./look-up.ts records it). */
  ask(row: Row): Promise<Finding<Row, Answer>>;
  findByKey(scope: OperationScope, idempotencyKey: string): Promise<Row | undefined>;
  /** How a refusal at the provider's front door settles; without it the refusal is passed on unrecorded. */
  refusedAnswer?(refusal: DomainError): Answer;
};
