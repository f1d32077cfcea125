import type { TransactionsTable } from "@/lib/db/tables/payments";
import { toRfc3339 } from "@/lib/time";
import { filteredPayments, type PaymentScope, type TimeWindow, sortOf } from "./list-query";
import type { PaymentFilterInput } from "./list-schema";

export type CsvColumn = [string, (row: TransactionsTable) => string | number | null | undefined];

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

/** RFC 4180 quoting; a leading = + - @ is defused so spreadsheets never run a cell as a formula. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

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
  const { column, direction } = sortOf(filters);
  const after = direction === "desc" ? "<" : ">";
  let last: { time: number; id: string } | null = null;
  for (;;) {
    let q = filteredPayments(scope, filters, window, options.search).selectAll("transactions");
    if (last) {
      const { time, id } = last;
      // The inclusive bound alone lets the index range start at the last row (an OR would not).
      q = q
        .where(`transactions.${column}`, `${after}=`, time)
        .where((eb) => eb.or([eb(`transactions.${column}`, after, time), eb("transactions.id", after, id)]));
    }
    const rows = await q
      .orderBy(`transactions.${column}`, direction)
      .orderBy("transactions.id", direction)
      .limit(batchSize)
      .execute();
    if (rows.length > 0) yield rows.map((row) => csvLine(columns.map(([, pick]) => pick(row)))).join("");
    if (rows.length < batchSize) return;
    const end = rows.at(-1)!;
    last = { time: end[column], id: end.id };
  }
}
