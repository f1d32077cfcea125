import { sql, type RawBuilder } from "kysely";

/**
 * The text the dashboard's payment search looks in, one document per transaction: payment id,
 * order name, customer name, e-mail and phone (as written and digits only), the card's last four
 * digits, the provider's transaction id and ours. Written as SQL both databases evaluate alike,
 * so the SQLite triggers and the PostgreSQL expression index build the same document.
 */
export function searchDocumentSql(row: string): string {
  const c = (column: string) => `coalesce(${row}.${column}, '')`;
  const phoneDigits = `replace(replace(replace(replace(${c("customer_phone")}, '-', ''), ' ', ''), '+', ''), '.', '')`;
  const last4 = `coalesce(substr(${row}.card_number, length(${row}.card_number) - 3), '')`;
  const parts = [
    c("payment_id"),
    c("order_name"),
    c("customer_name"),
    c("customer_email"),
    c("customer_phone"),
    phoneDigits,
    last4,
    c("pg_tx_id"),
    `${row}.id`,
  ];
  // Spaces around every part: two-character queries match the start or end of a word (see query.ts).
  return `(' ' || ${parts.join(" || ' ' || ")} || ' ')`;
}

export function searchDocument(row: string): RawBuilder<string> {
  return sql<string>`${sql.raw(searchDocumentSql(row))}`;
}
