import type { Transaction } from "@/lib/db/transaction";
import type { DomainError } from "@/lib/errors/domain-error";
import type { OperationScope } from "./scope";

/** Options the request's own answer settles with (a payment attempt uses both; a cancellation neither). */
export type SettleOptions<Row> = {
  /** A write that belongs with the outcome, run in its DB transaction (a schedule completing). */
  onSettled?: (tx: Transaction, row: Row) => Promise<void>;
  /** The record as the caller wrote it: settled against it without reading it first. */
  recorded?: Row;
};

/**
 * One kind of money operation as the skeleton drives it: record → call → settle, or unknown →
 * look up. `Row` is its record, `Result` what the provider's call returns, `Answer` what settles it.
 */
export type MoneyOperation<Row extends { id: string; status: string }, Result, Answer> = {
  /** The table the sweep looks up unknown outcomes in. */
  table: "transactions" | "cancellations";
  /** The status the record waits in while its outcome is unknown. */
  unsettled: Row["status"];
  current(id: string): Promise<Row>;
  answerOf(result: Result): Answer;
  settle(id: string, answer: Answer, options?: SettleOptions<Row>): Promise<Row>;
  lookUp(row: Row): Promise<Row>;
  findByKey(scope: OperationScope, idempotencyKey: string): Promise<Row | undefined>;
  /** How a refusal at the provider's front door settles; without it the refusal is passed on unrecorded. */
  refusedAnswer?(refusal: DomainError): Answer;
};
