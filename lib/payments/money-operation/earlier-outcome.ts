import { lookUpNow } from "../unsettled/sweep";
import type { MoneyOperation, OperationRecord } from "./operation";
import type { OperationScope } from "./scope";

/**
 * A request retried with the same Idempotency-Key after its first run died runs its verb again:
 * the verb answers from what the first run recorded (looked up first if still unknown), or null.
 */
export async function earlierOutcome<Row extends OperationRecord, Result, Answer>(
  op: MoneyOperation<Row, Result, Answer>,
  scope: OperationScope,
): Promise<Row | null> {
  const key = scope.idempotencyKey;
  if (!key) return null;
  const found = await op.findByKey(scope, key);
  if (!found) return null;
  if (found.status !== op.unsettled) return found;
  await lookUpNow(op.table, found.id);
  return (await op.findByKey(scope, key))!;
}
