import type { TransactionRow } from "../../repository";
import type { PaymentFilterInput } from "../schema";
import { filteredPayments, sortOf, type PaymentScope, type TimeWindow } from "./filters";

/** Where the previous batch ended: the sort time and id of its last row. */
export type ExportPosition = { time: number; id: string };

/**
 * One batch of the filtered view's primary transactions, in the view's order, after `last`: a
 * keyset on (sort time, transaction id) — no offsets, so there is no 50,000-row ceiling.
 */
export function exportBatch(
  scope: PaymentScope,
  filters: PaymentFilterInput,
  window: TimeWindow,
  last: ExportPosition | null,
  batchSize: number,
  search?: Parameters<typeof filteredPayments>[3],
): Promise<TransactionRow[]> {
  const { column, direction } = sortOf(filters);
  const after = direction === "desc" ? "<" : ">";
  let q = filteredPayments(scope, filters, window, search).selectAll("transactions");
  if (last) {
    const { time, id } = last;
    // The inclusive bound alone lets the index range start at the last row (an OR would not).
    q = q
      .where(`transactions.${column}`, `${after}=`, time)
      .where((eb) => eb.or([eb(`transactions.${column}`, after, time), eb("transactions.id", after, id)]));
  }
  return q
    .orderBy(`transactions.${column}`, direction)
    .orderBy("transactions.id", direction)
    .limit(batchSize)
    .execute();
}
