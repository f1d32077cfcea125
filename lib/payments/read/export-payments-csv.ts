import { csvLine } from "@/lib/csv";
import { toRfc3339 } from "@/lib/time";
import type { TransactionRow } from "../repository";
import { exportBatch, type ExportPosition } from "./repository/export-rows";
import { sortOf, type filteredPayments, type PaymentScope, type TimeWindow } from "./repository/filters";
import type { PaymentFilterInput } from "./schema";

export type CsvColumn = [string, (row: TransactionRow) => string | number | null | undefined];

/** One CSV line per payment (its primary transaction); amounts in the currency's minor unit. */
export const COLUMNS: CsvColumn[] = [
  ["payment_id", (r) => r.payment_id],
  ["store_id", (r) => r.store_id],
  ["tx_id", (r) => r.id],
  ["status", (r) => r.status],
  ["method", (r) => r.method],
  ["pg_provider", (r) => r.pg_provider],
  ["channel_type", (r) => r.channel_type],
  ["order_name", (r) => r.order_name],
  ["currency", (r) => r.currency],
  ["total_amount", (r) => r.total_amount],
  ["tax_free_amount", (r) => r.tax_free_amount],
  ["paid_amount", (r) => r.paid_amount],
  ["cancelled_amount", (r) => r.cancelled_amount],
  ["customer_name", (r) => r.customer_name],
  ["customer_email", (r) => r.customer_email],
  ["customer_phone", (r) => r.customer_phone],
  ["card_number", (r) => r.card_number],
  ["card_approval_number", (r) => r.card_approval_number],
  ["virtual_account_number", (r) => r.virtual_account_number],
  ["pg_tx_id", (r) => r.pg_tx_id],
  ["schedule_id", (r) => r.schedule_id],
  ["failure_reason", (r) => r.failure_reason],
  ["requested_at", (r) => toRfc3339(r.requested_at)],
  ["status_updated_at", (r) => toRfc3339(r.status_updated_at)],
  ["paid_at", (r) => toRfc3339(r.paid_at)],
  ["cancelled_at", (r) => toRfc3339(r.cancelled_at)],
  ["failed_at", (r) => toRfc3339(r.failed_at)],
];

export const CSV_HEADER = csvLine(COLUMNS.map(([name]) => name));

/**
 * Every payment of the filtered view, in the view's order, read in batches with a keyset on
 * (sort time, transaction id) — no offsets, so there is no 50,000-row ceiling.
 */
export async function* exportPaymentsCsv(
  scope: PaymentScope,
  filters: PaymentFilterInput,
  window: TimeWindow,
  batchSize = 500,
  options: { columns?: CsvColumn[]; search?: Parameters<typeof filteredPayments>[3] } = {},
): AsyncGenerator<string> {
  const columns = options.columns ?? COLUMNS;
  yield options.columns ? csvLine(columns.map(([name]) => name)) : CSV_HEADER;
  const { column } = sortOf(filters);
  let last: ExportPosition | null = null;
  for (;;) {
    const rows = await exportBatch(scope, filters, window, last, batchSize, options.search);
    if (rows.length > 0) yield rows.map((row) => csvLine(columns.map(([, pick]) => pick(row)))).join("");
    if (rows.length < batchSize) return;
    const end = rows.at(-1)!;
    last = { time: end[column], id: end.id };
  }
}
