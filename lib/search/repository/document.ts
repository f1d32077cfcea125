import { sql, type RawBuilder } from "kysely";
import { dialect } from "@/lib/db/client";

/**
 * The text the dashboard's payment search looks in, one document per transaction: payment id,
 * order name, customer name, e-mail and phone (as written and digits only), the card's last four
 * digits, the provider's transaction id and ours. Written as SQL both databases evaluate alike,
 * so the SQLite triggers (0060) and PostgreSQL's stored column (0095) build the same document.
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

/**
 * PostgreSQL keeps each row's document, lowercased, in this generated column (migration 0095), so
 * a search tests a stored string instead of building it again per row and per pattern. Not in the
 * Kysely table type: nothing but the search reads it, and SQLite has no such column (its FTS5
 * table holds the document, contentless).
 */
export const STORED_DOCUMENT_COLUMN = "search_doc";

/**
 * A row's document as a search tests it: PostgreSQL's stored, lowercased column (test it with
 * `documentContains`, which lowercases the pattern); SQLite builds it from the row.
 */
export function searchDocument(row: string): RawBuilder<string> {
  if (dialect() === "postgres") return sql<string>`${sql.ref(`${row}.${STORED_DOCUMENT_COLUMN}`)}`;
  return sql<string>`${sql.raw(searchDocumentSql(row))}`;
}
