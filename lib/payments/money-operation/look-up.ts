import { rescheduleLookup } from "../unsettled/repository/look-ups";
import type { MoneyOperation, OperationRecord } from "./operation";

/**
 * The look-up step of every money operation, for an outcome we do not know: what the provider said
 * settles the record; anything else (in progress, unreachable, no record yet) books the next look-up.
 */
export async function lookUpOutcome<Row extends OperationRecord, Result, Answer>(
  op: MoneyOperation<Row, Result, Answer>,
  row: Row,
): Promise<Row> {
  const finding = await op.ask(row);
  if ("answer" in finding) return op.settle(row.id, finding.answer);
  if ("settled" in finding) return finding.settled;
  await rescheduleLookup(op.table, row, finding.again, finding.notBefore);
  return op.current(row.id);
}
