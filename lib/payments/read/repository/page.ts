import { getDb } from "@/lib/db/client";
import { filteredPayments, sortOf, type PaymentScope, type TimeWindow } from "./filters";
import type { ListPaymentsInput } from "../schema";

type Key = { store_id: string; payment_id: string };

/**
 * The keys of one page of the list, in order. Several statuses are read as one ordered index range
 * per status, each stopping at the rows the page needs, then merged: an IN list over the status
 * index cannot come out in time order, so it read and sorted every matching payment of the window.
 */
export function pageKeys(scope: PaymentScope, input: ListPaymentsInput, window: TimeWindow): Promise<Key[]> {
  const { column, direction } = sortOf(input);
  const ordered = (filters: ListPaymentsInput) =>
    filteredPayments(scope, filters, window)
      .select([
        "transactions.store_id",
        "transactions.payment_id",
        `transactions.${column} as sort_time`,
        "transactions.id",
      ])
      .orderBy(`transactions.${column}`, direction)
      .orderBy("transactions.id", direction);
  const statuses = input.status ?? [];
  if (statuses.length < 2 || input.text_search_value !== undefined) {
    return ordered(input)
      .limit(input.limit)
      .offset(input.page * input.limit)
      .execute();
  }
  const db = getDb();
  const needed = (input.page + 1) * input.limit;
  const parts = statuses.map((status) =>
    db
      .selectFrom(
        ordered({ ...input, status: [status] })
          .limit(needed)
          .as("part"),
      )
      .selectAll(),
  );
  const merged = parts.reduce((all, part) => all.unionAll(part));
  return db
    .selectFrom(merged.as("merged"))
    .select(["store_id", "payment_id"])
    .orderBy("sort_time", direction)
    .orderBy("id", direction)
    .limit(input.limit)
    .offset(input.page * input.limit)
    .execute();
}
